import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Lang } from '@jewel/contract/values/i18n';
import PDFDocument from 'pdfkit';

/*
 * Printable documents (the dealer's ledger, certificates, tag sheets). The fonts come from npm
 * packages, never from the machine: static TrueType Noto Sans (SIL Open Font License 1.1) of the
 * script of the reader's language, so that the same Han character takes the Japanese,
 * Simplified or Traditional form its reader expects. A character that face lacks (会计 in a
 * Japanese ledger, 𠮷田 in a Chinese one) is drawn from the first other face that has it, glyph
 * by glyph, so that nothing prints as a box (withGlyphFallback). pdfkit embeds only the glyphs a
 * document uses (a subset), so a page of a 10 MB font weighs tens of kilobytes, and a face no
 * character needed is not embedded at all. docs/decisions.md "The dealer's ledger" and "Clean
 * answers, fonts and file modes".
 */

const require = createRequire(import.meta.url);

type Script = 'sc' | 'tc' | 'jp';
type Weight = 'regular' | 'bold';

/** Latin, digits and kana are in every Noto Sans CJK face; English takes the Simplified one. */
const SCRIPT_OF: Record<Lang, Script> = { 'zh-Hans': 'sc', 'zh-Hant': 'tc', en: 'sc', ja: 'jp' };
/** The order in which the other faces are asked for a character the reader's face lacks. */
const SCRIPTS: Script[] = ['sc', 'tc', 'jp'];
const WEIGHTS: Weight[] = ['regular', 'bold'];

const FILE_OF: Record<Script, Record<Weight, string>> = {
  sc: {
    regular: '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf',
    bold: '@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf',
  },
  tc: {
    regular: '@expo-google-fonts/noto-sans-tc/400Regular/NotoSansTC_400Regular.ttf',
    bold: '@expo-google-fonts/noto-sans-tc/700Bold/NotoSansTC_700Bold.ttf',
  },
  jp: {
    regular: '@expo-google-fonts/noto-sans-jp/400Regular/NotoSansJP_400Regular.ttf',
    bold: '@expo-google-fonts/noto-sans-jp/700Bold/NotoSansJP_700Bold.ttf',
  },
};

/** Font files read once per process (5–10 MB each); each document parses and subsets its own copy. */
const fontBytes = new Map<string, Buffer>();
function fontFile(script: Script, weight: Weight): Buffer {
  const file = FILE_OF[script][weight];
  let bytes = fontBytes.get(file);
  if (!bytes) {
    bytes = readFileSync(require.resolve(file));
    fontBytes.set(file, bytes);
  }
  return bytes;
}

/** The names under which a document's fonts are registered. */
export const PDF_FONT = { regular: 'body', bold: 'body-bold' } as const;

export interface PdfOptions {
  lang: Lang;
  layout?: 'portrait' | 'landscape';
  /** The page in points, when not A4 (a label printer's label). */
  size?: [number, number];
  /** Written into the file's properties. */
  title: string;
  margin?: number;
  /** Stamped across every page when the document is done: the demo's mark (issue 28). */
  watermark?: string;
}

/** The documents to stamp, with their mark, until `pdfBytes` ends them. */
const watermarks = new WeakMap<PDFKit.PDFDocument, string>();

/** A new A4 document with the language's fonts registered and the regular one selected; pages kept for numbering. */
export function newPdf(options: PdfOptions): PDFKit.PDFDocument {
  const script = SCRIPT_OF[options.lang];
  const doc = new PDFDocument({
    size: options.size ?? 'A4',
    layout: options.layout ?? 'portrait',
    margin: options.margin ?? 36,
    bufferPages: true,
    autoFirstPage: true,
    info: { Title: options.title, Producer: 'Jewel Appraisal', Creator: 'Jewel Appraisal' },
    lang: options.lang,
    displayTitle: true,
  });
  doc.registerFont(PDF_FONT.regular, fontFile(script, 'regular'));
  doc.registerFont(PDF_FONT.bold, fontFile(script, 'bold'));
  withGlyphFallback(doc, script);
  doc.font(PDF_FONT.regular);
  if (options.watermark) watermarks.set(doc, options.watermark);
  return doc;
}

/** The mark across each page, large, diagonal and light: the page stays readable under it. */
function stampPages(doc: PDFKit.PDFDocument, mark: string): void {
  const { start, count } = doc.bufferedPageRange();
  for (let index = start; index < start + count; index += 1) {
    doc.switchToPage(index);
    const { width, height } = doc.page;
    const margins = { ...doc.page.margins };
    // Nothing may push the mark to a new page.
    doc.page.margins = { top: 0, bottom: 0, left: 0, right: 0 };
    doc.save();
    doc.rotate(-35, { origin: [width / 2, height / 2] });
    doc
      .font(PDF_FONT.bold)
      .fontSize(Math.min(width, height) / 6)
      .fillColor('#cf1322')
      .fillOpacity(0.14)
      .text(mark, 0, height / 2 - Math.min(width, height) / 10, { width, align: 'center', lineBreak: false });
    doc.restore();
    doc.page.margins = margins;
  }
}

/** What a pdfkit font is inside: its fontkit font, and how it measures a run. */
interface PdfkitFont {
  font: { hasGlyphForCodePoint(codePoint: number): boolean };
  widthOfString(text: string, size: number, features?: unknown): number;
}

/** The parts of pdfkit's document that draw and measure one line of text (pdfkit 0.17–0.20). */
interface PdfkitText {
  _font: PdfkitFont;
  _fontSize: number;
  _fontSource: unknown;
  _fontFamily: unknown;
  _fontFamilies: Record<string, PdfkitFont | undefined>;
  font(name: string): unknown;
  widthOfString(text: string, options?: TextRunOptions): number;
  _fragment(text: string, x: number, y: number, options: TextRunOptions): void;
}

interface TextRunOptions {
  align?: string;
  width?: number;
  lineWidth?: number;
  textWidth?: number;
  wordCount?: number;
  characterSpacing?: number;
  horizontalScaling?: number;
  features?: unknown;
  [key: string]: unknown;
}

interface TextRun {
  face: PdfkitFont;
  text: string;
}

/** A combining mark or variation selector stays in the face of the character it belongs to. */
const MARK = /^\p{M}$/u;

/**
 * Makes every line of text of `doc` fall back glyph by glyph: a line whose characters are all in
 * the selected face (the reader's) is drawn as pdfkit draws it; otherwise it is cut into runs,
 * each in the first face, the reader's and then the others in SCRIPTS order, that has its
 * characters, drawn one after the other on the same baseline (the three faces share their
 * metrics) and measured the same way, so that wrapping, centring and right alignment hold. A
 * character no face has stays in the reader's face. The other faces are registered under
 * `<name>~<script>` and loaded only when a character needs them.
 */
function withGlyphFallback(doc: PDFKit.PDFDocument, primary: Script): void {
  const inner = doc as unknown as PdfkitText;
  const others = SCRIPTS.filter((script) => script !== primary);
  for (const weight of WEIGHTS) {
    for (const script of others) doc.registerFont(`${PDF_FONT[weight]}~${script}`, fontFile(script, weight));
  }
  /** A face by its registered name, loaded without changing the selected font. */
  const load = (name: string): PdfkitFont => {
    const { _font, _fontSource, _fontFamily } = inner;
    inner.font(name);
    const face = inner._font;
    Object.assign(inner, { _font, _fontSource, _fontFamily });
    return face;
  };
  const fallbacks = new Map<PdfkitFont, PdfkitFont[]>();
  /** The faces to ask after the selected one, or none when the selected font is not one of ours. */
  const fallbacksOf = (font: PdfkitFont): PdfkitFont[] => {
    let faces = fallbacks.get(font);
    if (!faces) {
      const weight = WEIGHTS.find((candidate) => inner._fontFamilies[PDF_FONT[candidate]] === font);
      faces = weight ? others.map((script) => load(`${PDF_FONT[weight]}~${script}`)) : [];
      fallbacks.set(font, faces);
    }
    return faces;
  };
  /** The runs of `text`, or undefined when the selected face has every character. */
  const runsOf = (text: string): TextRun[] | undefined => {
    const main = inner._font;
    const faces = fallbacksOf(main);
    if (faces.length === 0) return undefined;
    const runs: TextRun[] = [];
    let foreign = false;
    for (const char of text) {
      const codePoint = char.codePointAt(0) ?? 0;
      let face = runs.at(-1)?.face ?? main;
      if (!MARK.test(char)) {
        face = main.font.hasGlyphForCodePoint(codePoint)
          ? main
          : (faces.find((other) => other.font.hasGlyphForCodePoint(codePoint)) ?? main);
      }
      if (face !== main) foreign = true;
      const last = runs.at(-1);
      if (last?.face === face) last.text += char;
      else runs.push({ face, text: char });
    }
    return foreign ? runs : undefined;
  };
  const measure = (runs: TextRun[], options: TextRunOptions = {}) => {
    const width = runs.reduce(
      (sum, run) => sum + run.face.widthOfString(run.text, inner._fontSize, options.features),
      0,
    );
    const length = runs.reduce((sum, run) => sum + run.text.length, 0);
    return ((width + (options.characterSpacing ?? 0) * (length - 1)) * (options.horizontalScaling ?? 100)) / 100;
  };

  const widthOfString = inner.widthOfString;
  inner.widthOfString = function (this: PdfkitText, text, options) {
    const runs = runsOf(`${text}`);
    return runs ? measure(runs, options) : widthOfString.call(this, text, options);
  };

  const fragment = inner._fragment;
  inner._fragment = function (this: PdfkitText, text, x, y, options) {
    const line = `${text}`.replace(/\n/g, '');
    const runs = runsOf(line);
    if (!runs) return fragment.call(this, text, x, y, options);
    // The alignment pdfkit would give the whole line (justify is not used: it falls to the left).
    let left = x;
    if (options.width) {
      const lineWidth = options.lineWidth ?? options.width;
      if (options.align === 'right') left += lineWidth - this.widthOfString(line.replace(/\s+$/, ''), options);
      if (options.align === 'center')
        left += lineWidth / 2 - (options.textWidth ?? this.widthOfString(line, options)) / 2;
    }
    const main = this._font;
    try {
      for (const run of runs) {
        this._font = run.face;
        fragment.call(this, run.text, left, y, {
          ...options,
          align: 'left',
          textWidth: undefined,
          wordCount: undefined,
        });
        left += measure([run], options) + (options.characterSpacing ?? 0);
      }
    } finally {
      this._font = main;
    }
  };
}

/** Ends the document and answers its bytes. */
export function pdfBytes(doc: PDFKit.PDFDocument): Promise<Buffer> {
  const mark = watermarks.get(doc);
  if (mark) stampPages(doc, mark);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.end();
  });
}

export interface PdfTableColumn {
  title: string;
  /** A share of the table's width. */
  width: number;
  align?: 'left' | 'right' | 'center';
}

export interface PdfTableOptions extends PdfOptions {
  /** Above the table on every page: a title and a line under it (the period, the shop). */
  heading: string;
  subheading: string;
  columns: PdfTableColumn[];
  rows: string[][];
  /** Shown in place of the rows when there are none. */
  emptyText: string;
  /** The footer of each page, e.g. "Page 2 / 5"; printed-at on the left. */
  pageLabel: (page: number, pages: number) => string;
  footerNote: string;
  fontSize?: number;
  /**
   * Texts printed after the table, from a new page, each kept whole on one page where it fits:
   * the ledger's signed declarations (issue 27 item 4).
   */
  after?: { heading: string; blocks: PdfAfterBlock[] };
}

/** A text printed after the table; with `signature`, the signer's image in a box under it. */
export interface PdfAfterBlock {
  title: string;
  text: string;
  signature?: {
    /** PNG or JPEG; null when there is none to print, and `missing` is printed instead. */
    image: Buffer | null;
    caption: string;
    missing: string;
  };
}

/** The box a signature is scaled into, in points (about 70 × 25 mm). */
const SIGNATURE_BOX = { width: 200, height: 70 };

const CELL_PADDING = 3;
const GRID = '#9aa3af';
const HEAD_FILL = '#eef2f7';

/** A title's run that must stay on one line: a word, or the first two characters of a long Chinese or Japanese one. */
function unbreakable(word: string): string {
  const characters = [...word];
  return /[\u3040-\u30ff\u3400-\u9fff\uff00-\uffef]/u.test(word) && characters.length > 4
    ? characters.slice(0, 2).join('')
    : word;
}

/**
 * The columns' widths: their shares of `tableWidth`, then each column too narrow for its title's
 * longest word (or for a Chinese or Japanese title of up to 4 characters) widened to it, taken
 * from the column with the most room to spare, so that a title never breaks inside a word
 * ("Qu|anti|ty", "编|号"). `measure` is the title's width in the header's font.
 */
export function columnWidths(
  columns: PdfTableColumn[],
  tableWidth: number,
  measure: (text: string) => number,
): number[] {
  const totalShare = columns.reduce((sum, column) => sum + column.width, 0);
  const widths = columns.map((column) => (tableWidth * column.width) / totalShare);
  const needs = columns.map(
    (column) =>
      Math.max(...column.title.split(/\s+/).map((word) => measure(unbreakable(word)))) + 2 * CELL_PADDING + 0.5,
  );
  needs.forEach((need, index) => {
    let short = need - (widths[index] ?? 0);
    while (short > 0.01) {
      const spare = widths.map((width, other) => (other === index ? 0 : width - (needs[other] ?? 0)));
      const donor = spare.indexOf(Math.max(...spare));
      const given = Math.min(short, spare[donor] ?? 0);
      if (given <= 0) return;
      widths[donor] = (widths[donor] ?? 0) - given;
      widths[index] = (widths[index] ?? 0) + given;
      short -= given;
    }
  });
  return widths;
}

/**
 * A signature under its caption, scaled into SIGNATURE_BOX and framed; an image missing, or one
 * pdfkit cannot read, prints the `missing` line instead and never fails the document. Leaves
 * `doc.y` under what it drew.
 */
function drawSignature(
  doc: PDFKit.PDFDocument,
  signature: NonNullable<PdfAfterBlock['signature']>,
  x: number,
  y: number,
) {
  doc.font(PDF_FONT.bold).fontSize(8).fillColor('#374151').text(signature.caption, x, y, { lineBreak: false });
  const top = y + 12;
  if (signature.image) {
    try {
      const { width, height } = SIGNATURE_BOX;
      doc.image(signature.image, x + 4, top + 4, { fit: [width - 8, height - 8], align: 'center', valign: 'center' });
      doc.lineWidth(0.5).strokeColor(GRID).rect(x, top, width, height).stroke();
      doc.x = x;
      doc.y = top + height;
      return;
    } catch {
      // Not an image pdfkit can read: said in words below.
    }
  }
  doc.font(PDF_FONT.regular).fontSize(9).fillColor('#b45309').text(signature.missing, x, top);
  doc.fillColor('#111827');
}

/**
 * A table over as many pages as it needs: the heading and the column titles repeat on every
 * page, a row never splits across pages, and each page is numbered "n / total" at its foot.
 */
export async function tablePdf(options: PdfTableOptions): Promise<Buffer> {
  const doc = newPdf({ ...options, layout: options.layout ?? 'landscape' });
  const fontSize = options.fontSize ?? 8;
  const left = doc.page.margins.left;
  const tableWidth = doc.page.width - doc.page.margins.left - doc.page.margins.right;
  doc.font(PDF_FONT.bold).fontSize(fontSize);
  const widths = columnWidths(options.columns, tableWidth, (text) => doc.widthOfString(text));
  const footerSpace = 22;
  const bottom = () => doc.page.height - doc.page.margins.bottom - footerSpace;

  const rowHeight = (cells: string[], font: string) => {
    doc.font(font).fontSize(fontSize);
    let height = 0;
    cells.forEach((cell, index) => {
      const width = (widths[index] ?? 0) - 2 * CELL_PADDING;
      height = Math.max(height, doc.heightOfString(cell || ' ', { width, lineGap: 0 }));
    });
    return height + 2 * CELL_PADDING;
  };

  const drawRow = (cells: string[], y: number, height: number, head: boolean) => {
    let x = left;
    if (head) doc.rect(left, y, tableWidth, height).fill(HEAD_FILL);
    doc
      .font(head ? PDF_FONT.bold : PDF_FONT.regular)
      .fontSize(fontSize)
      .fillColor('#111827');
    cells.forEach((cell, index) => {
      const width = widths[index] ?? 0;
      doc.text(cell, x + CELL_PADDING, y + CELL_PADDING, {
        width: width - 2 * CELL_PADDING,
        align: head ? 'center' : (options.columns[index]?.align ?? 'left'),
        lineGap: 0,
      });
      x += width;
    });
    doc.lineWidth(0.5).strokeColor(GRID);
    doc.rect(left, y, tableWidth, height).stroke();
    x = left;
    for (const width of widths.slice(0, -1)) {
      x += width;
      doc
        .moveTo(x, y)
        .lineTo(x, y + height)
        .stroke();
    }
  };

  const titles = options.columns.map((column) => column.title);
  const headHeight = rowHeight(titles, PDF_FONT.bold);

  /** Heading and column titles; answers where the rows start. */
  const startPage = () => {
    const top = doc.page.margins.top;
    doc.font(PDF_FONT.bold).fontSize(14).fillColor('#111827').text(options.heading, left, top, { width: tableWidth });
    doc.font(PDF_FONT.regular).fontSize(9).fillColor('#374151');
    doc.text(options.subheading, left, doc.y + 2, { width: tableWidth });
    const y = doc.y + 8;
    drawRow(titles, y, headHeight, true);
    return y + headHeight;
  };

  let y = startPage();
  if (options.rows.length === 0) {
    doc.font(PDF_FONT.regular).fontSize(10).fillColor('#6b7280');
    doc.text(options.emptyText, left, y + 16, { width: tableWidth, align: 'center' });
  }
  for (const row of options.rows) {
    const height = rowHeight(row, PDF_FONT.regular);
    if (y + height > bottom()) {
      doc.addPage();
      y = startPage();
    }
    drawRow(row, y, height, false);
    y += height;
  }

  if (options.after && options.after.blocks.length > 0) {
    doc.addPage();
    doc.font(PDF_FONT.bold).fontSize(12).fillColor('#111827');
    doc.text(options.after.heading, left, doc.page.margins.top, { width: tableWidth });
    y = doc.y + 8;
    for (const block of options.after.blocks) {
      doc.font(PDF_FONT.bold).fontSize(9);
      const titleHeight = doc.heightOfString(block.title, { width: tableWidth });
      doc.font(PDF_FONT.regular).fontSize(9);
      const textHeight = doc.heightOfString(block.text, { width: tableWidth, lineGap: 1 });
      const signatureHeight = block.signature ? 14 + SIGNATURE_BOX.height + 6 : 0;
      if (y + titleHeight + textHeight + signatureHeight + 4 > bottom() && y > doc.page.margins.top + 30) {
        doc.addPage();
        y = doc.page.margins.top;
      }
      doc.font(PDF_FONT.bold).fontSize(9).fillColor('#111827').text(block.title, left, y, { width: tableWidth });
      doc
        .font(PDF_FONT.regular)
        .fontSize(9)
        .fillColor('#111827')
        .text(block.text, left, doc.y + 2, { width: tableWidth, lineGap: 1 });
      if (block.signature) drawSignature(doc, block.signature, left, doc.y + 6);
      y = doc.y + 12;
    }
  }

  const range = doc.bufferedPageRange();
  for (let index = range.start; index < range.start + range.count; index++) {
    doc.switchToPage(index);
    const footY = doc.page.height - doc.page.margins.bottom - 12;
    // Writing inside the bottom margin would make pdfkit open a new page: lift the margin first.
    const margin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc.font(PDF_FONT.regular).fontSize(8).fillColor('#6b7280');
    doc.text(options.footerNote, left, footY, { width: tableWidth / 2, lineBreak: false });
    doc.text(options.pageLabel(index - range.start + 1, range.count), left + tableWidth / 2, footY, {
      width: tableWidth / 2,
      align: 'right',
      lineBreak: false,
    });
    doc.page.margins.bottom = margin;
  }
  return pdfBytes(doc);
}
