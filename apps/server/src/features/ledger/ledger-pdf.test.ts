import { beforeAll, expect, it } from 'vitest';
import { type Kit, prepareKit } from '../../test/commodity-kit.ts';
import { insertLedgerEntry, uploadSignature } from '../../test/ledger-fixtures.ts';
import { drawnPages, drawnText } from '../../test/pdf-glyphs.ts';
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

/*
 * The declarations printed after the table carry the seller's signature (issue 29): the image,
 * scaled into its box under a caption, read from the storage the upload went to; a signature
 * missing from it prints a line in the reader's language and the export still succeeds.
 */
describeOnDatabases('ledger PDF signatures', (ctx) => {
  let kit: Kit;
  const day = '2019-04-04';
  const signed = '私は上記の品物を売却します。盗品ではありません。';
  const gone = '私は上記の品物を売却します。（署名のファイルなし）';
  const CAPTION = { ja: '売主の署名', en: "Seller's signature" };
  const MISSING = {
    ja: '署名の画像がありません（記録がないか、ファイルを読み込めませんでした）。',
    en: 'No signature image: none was recorded, or its file could not be read.',
  };

  beforeAll(async () => {
    kit = await prepareKit(ctx);
    const signature = await uploadSignature(ctx, kit);
    await insertLedgerEntry(ctx, kit, {
      day,
      signature,
      values: { declarationText: signed, declarationLang: 'ja' },
    });
    // A signature whose file is not in the storage (lost, or a restore without its files).
    await insertLedgerEntry(ctx, kit, {
      day,
      signature: 'p-0123456789abcdef0123456789abcdef.png',
      values: { declarationText: gone, declarationLang: 'ja' },
    });
  }, 60_000);

  it('draws the signature on its declaration page, and says so when its file is missing', async () => {
    for (const lang of ['ja', 'en'] as const) {
      const response = await ctx.app.inject({
        method: 'GET',
        url: `/api/ledger/export?from=${day}&to=${day}&format=pdf&lang=${lang}`,
        headers: { ...bearer(kit.recorder.token), lang: 'zh-Hans' },
      });
      expect(response.statusCode).toBe(200);
      const pages = drawnPages(response.rawPayload);
      const declarations = pages.filter((page) => page.text.includes(signed) || page.text.includes(gone));
      expect(declarations, lang).toHaveLength(1);
      const [page] = declarations;
      // One image for the one signature found; a caption under each declaration; the missing one said.
      expect(page?.images, lang).toBe(1);
      expect(page?.text.split(CAPTION[lang]).length, lang).toBe(3);
      expect(page?.text, lang).toContain(MISSING[lang]);
      expect(page?.text.indexOf(MISSING[lang]), lang).toBeGreaterThan(page?.text.indexOf(gone) ?? Infinity);
      // The table's pages draw no image.
      expect(
        pages.filter((other) => other !== page).every((other) => other.images === 0),
        lang,
      ).toBe(true);
    }
  });

  it('numbers its two pages "n / m" in every language (issue 29 item 1)', async () => {
    // The table on one page, the declarations on the next: two pages, each labelled at its foot.
    const LABELS = {
      ja: ['1 / 2 ページ', '2 / 2 ページ'],
      'zh-Hans': ['第 1 / 2 页', '第 2 / 2 页'],
      'zh-Hant': ['第 1 / 2 頁', '第 2 / 2 頁'],
      en: ['Page 1 / 2', 'Page 2 / 2'],
    };
    for (const [lang, labels] of Object.entries(LABELS)) {
      const response = await ctx.app.inject({
        method: 'GET',
        url: `/api/ledger/export?from=${day}&to=${day}&format=pdf&lang=${lang}`,
        headers: { ...bearer(kit.recorder.token), lang: 'zh-Hans' },
      });
      expect(response.statusCode).toBe(200);
      const pages = drawnPages(response.rawPayload);
      expect(pages, lang).toHaveLength(2);
      expect(pages[0]?.text, lang).toContain(labels[0]);
      expect(pages[1]?.text, lang).toContain(labels[1]);
      expect(pages[0]?.text, lang).not.toContain('1 of 2');
    }
  });
});
