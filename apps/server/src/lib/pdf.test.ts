import { LANGS, type Lang } from '@jewel/contract/values/i18n';
import { describe, expect, it } from 'vitest';
import { drawnText, expectEveryGlyph, MIXED, ONLY } from '../test/pdf-glyphs.ts';
import { columnWidths, newPdf, PDF_FONT, pdfBytes, tablePdf } from './pdf.ts';

describe('PDF glyph fallback across the SC, TC and JP faces', () => {
  it.each(LANGS)('draws characters only one face has, in a %s document, regular and bold', async (lang) => {
    const doc = newPdf({ lang, title: MIXED });
    doc.font(PDF_FONT.regular).fontSize(12).text(MIXED, 40, 40, { width: 300 });
    doc.font(PDF_FONT.bold).fontSize(12).text(MIXED, 40, 80, { width: 300, align: 'center' });
    doc.font(PDF_FONT.regular).text(MIXED, 40, 120, { width: 300, align: 'right', lineBreak: false });
    const drawn = expectEveryGlyph(await pdfBytes(doc), ['Regular', 'Bold']);
    // In the order written, nothing lost between the runs.
    expect(drawn.text.replaceAll(' ', '')).toContain(MIXED.replaceAll(' ', ''));
  });

  it('keeps a line with a fallback run as wide as its runs, so that wrapping and centring hold', async () => {
    const doc = newPdf({ lang: 'ja', title: 'width' });
    doc.fontSize(10);
    const width = (text: string) => doc.widthOfString(text);
    // CJK ideographs are 1 em wide in every face: 10 points each at size 10.
    expect(width(`会${ONLY.sc}`)).toBeCloseTo(20, 5);
    expect(width(`${ONLY.jp}${ONLY.tc}${ONLY.sc}`)).toBeCloseTo(30, 5);
    expect(doc.heightOfString(`${ONLY.sc.repeat(10)}`, { width: 50 })).toBeCloseTo(
      doc.heightOfString('会'.repeat(10), { width: 50 }),
      5,
    );
  });

  it('prints every character in the ledger table PDF (会计 in Japanese) on every page', async () => {
    for (const lang of ['ja', 'zh-Hant'] satisfies Lang[]) {
      const bytes = await tablePdf({
        lang,
        title: 'Ledger',
        heading: `Ledger ${ONLY.jp}`,
        subheading: `${ONLY.tc}`,
        columns: [
          { title: 'No.', width: 1, align: 'right' },
          { title: `${ONLY.sc}`, width: 3 },
          { title: 'Name', width: 3, align: 'left' },
        ],
        rows: Array.from({ length: 60 }, (_, index) => [String(index + 1), `会${ONLY.sc}`, `${ONLY.jp}田 ${ONLY.tc}`]),
        emptyText: '',
        pageLabel: (page, pages) => `${page} / ${pages}`,
        footerNote: `${ONLY.sc}${ONLY.tc}${ONLY.jp}`,
      });
      const drawn = expectEveryGlyph(bytes);
      expect(drawn.byFace.get('NotoSansSC-Regular')?.split(ONLY.sc).length).toBeGreaterThan(60);
    }
  });
});

describe("the demo's watermark (issue 28)", () => {
  const table = (watermark?: string) =>
    tablePdf({
      lang: 'ja',
      title: 'Ledger',
      heading: 'Ledger',
      subheading: '',
      columns: [{ title: 'No.', width: 1 }],
      // Three pages of rows.
      rows: Array.from({ length: 90 }, (_, index) => [String(index + 1)]),
      emptyText: '',
      pageLabel: (page, pages) => `${page} / ${pages}`,
      footerNote: '',
      watermark,
    });

  it('is drawn once on every page, and only when asked for', async () => {
    const marked = drawnText(await table('デモ DEMO'));
    const pages = marked.text.match(/\d+ \/ (\d+)/)?.[1];
    expect(Number(pages)).toBeGreaterThan(1);
    expect(marked.text.split('デモ DEMO').length - 1).toBe(Number(pages));
    expect(drawnText(await table()).text).not.toContain('DEMO');
  });
});

describe('columnWidths: a table title never breaks inside a word', () => {
  // Each character 8 points wide: "Quantity" needs 64 + 6 padding + 0.5.
  const measure = (text: string) => [...text].length * 8;

  it('widens a column too narrow for its title, taking the room from the column with most to spare', () => {
    const widths = columnWidths(
      [
        { title: 'No.', width: 1 },
        { title: 'Quantity', width: 1 },
        { title: 'Features of the item', width: 8 },
      ],
      400,
      measure,
    );
    expect(widths.map((width) => Math.round(width * 10) / 10)).toEqual([40, 70.5, 289.5]);
    expect(widths.reduce((sum, width) => sum + width, 0)).toBeCloseTo(400);
  });

  it('keeps a Chinese or Japanese title of up to four characters on one line, and lets a longer one wrap', () => {
    const [short, long] = columnWidths(
      [
        { title: '编号', width: 1 },
        { title: '身份确认方式', width: 1 },
        { title: '特征', width: 10 },
      ],
      120,
      measure,
    );
    // 编号: 16 + 6.5; 身份确认方式 only needs its first two characters, which its 10 points lack.
    expect(short).toBeCloseTo(22.5);
    expect(long).toBeCloseTo(22.5);
  });

  it('leaves the shares as they are when every title fits', () => {
    expect(
      columnWidths(
        [
          { title: 'A', width: 1 },
          { title: 'B', width: 3 },
        ],
        400,
        measure,
      ),
    ).toEqual([100, 300]);
  });
});
