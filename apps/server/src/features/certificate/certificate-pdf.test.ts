import { LANGS } from '@jewel/contract/values/i18n';
import { IS_REAL } from '@jewel/contract/values/information';
import { describe, it } from 'vitest';
import { expectEveryGlyph, MIXED, ONLY } from '../../test/pdf-glyphs.ts';
import { certificatePdf } from './certificate-pdf.ts';

/* Issue 27, item 6: the certificate prints product names in any script (ONLY: one character of each face). */
describe('certificate PDF glyphs', () => {
  it('prints every character of a certificate in each language', async () => {
    for (const lang of LANGS) {
      const bytes = await certificatePdf({
        lang,
        appraisal: {
          no: 'A-1',
          brand: `${ONLY.jp}田 Atelier`,
          product: MIXED,
          material: `${ONLY.tc}`,
          isReal: IS_REAL.fake,
          verdict: 'Fake',
          reason: `${ONLY.sc}`,
          note: `${ONLY.jp}`,
          stateLevel: 'A',
          valuers: [`${ONLY.tc}${ONLY.sc}`],
          identifiedAt: new Date('2026-11-01T00:00:00Z'),
          photos: [],
        },
        photos: [],
        certificateId: 'abcdefghijklmnopqrstuv',
        url: 'https://example.test/verify/abcdefghijklmnopqrstuv',
        date: () => '2026-11-01',
        // The issuer's lines in any script too.
        shop: {
          name: `${ONLY.jp}田 質店`,
          licence: `${ONLY.sc} 301010001234`,
          contact: `${ONLY.tc} 1-1`,
          logo: null,
          seal: null,
        },
      });
      expectEveryGlyph(bytes);
    }
  });
});
