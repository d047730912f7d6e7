import { LANGS } from '@jewel/contract/values/i18n';
import { describe, it } from 'vitest';
import { expectEveryGlyph, MIXED, ONLY } from '../../test/pdf-glyphs.ts';
import { tagSheetPdf } from './tag-sheet-pdf.ts';

/* Issue 27, item 6: a tag prints brands and product names in any script (ONLY: one character of each face). */
describe('tag sheet PDF glyphs', () => {
  it('prints every character of a tag sheet', async () => {
    for (const lang of LANGS) {
      const bytes = await tagSheetPdf(
        [
          {
            no: 'T-1',
            brand: `${ONLY.sc}${ONLY.tc}${ONLY.jp}`,
            productName: MIXED,
            url: 'https://example.test/verify/x',
          },
        ],
        lang,
        { shopName: `${ONLY.jp}${ONLY.sc}` },
      );
      expectEveryGlyph(bytes);
    }
  });
});
