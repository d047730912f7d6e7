import { beforeAll, expect, it } from 'vitest';
import { type Kit, prepareKit } from '../../test/commodity-kit.ts';
import { insertLedgerEntry } from '../../test/ledger-fixtures.ts';
import { drawnText } from '../../test/pdf-glyphs.ts';
import { bearer, describeOnDatabases } from '../../test/test-app.ts';

/*
 * The ledger PDF is the legal record (issue 27, item 6): every character prints, whatever the
 * reader's language. 计 is in Noto Sans SC only, 𠀡 (U+20021) in Noto Sans TC only, 𠮷 (U+20BB7)
 * in Noto Sans JP only (the fonts' cmaps, checked with fontkit; see src/lib/pdf.test.ts).
 */
describeOnDatabases('ledger PDF glyphs', (ctx) => {
  let kit: Kit;
  const day = '2019-03-03';

  beforeAll(async () => {
    kit = await prepareKit(ctx);
    const item = '指輪 𠀡 18K';
    await insertLedgerEntry(ctx, kit, {
      day,
      sellerName: '𠮷田 花子',
      item: { 'zh-Hans': item, 'zh-Hant': item, en: item, ja: item },
      values: { sellerOccupation: '会计' },
    });
  }, 60_000);

  it('prints 会计, 𠮷田 and 𠀡 in the ledger PDF of every language, no .notdef', async () => {
    for (const lang of ['ja', 'zh-Hans', 'zh-Hant', 'en']) {
      const response = await ctx.app.inject({
        method: 'GET',
        url: `/api/ledger/export?from=${day}&to=${day}&format=pdf&lang=${lang}`,
        headers: { ...bearer(kit.recorder.token), lang: 'en' },
      });
      expect(response.statusCode).toBe(200);
      const drawn = drawnText(response.rawPayload);
      expect(drawn.notdef).toBe(0);
      expect(drawn.text).toContain('会计');
      expect(drawn.text).toContain('𠮷田');
      expect(drawn.text).toContain('𠀡');
      if (lang === 'en') {
        // The period in the shop's days, its zone said, and the period's total (issue 29 item 1).
        expect(drawn.text).toContain(`Period: ${day} to ${day} (Asia/Shanghai)`);
        expect(drawn.text).toContain('Total (as corrected)');
      }
    }
  });
});
