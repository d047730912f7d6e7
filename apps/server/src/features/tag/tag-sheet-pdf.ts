import type { I18nText, Lang } from '@jewel/contract/values/i18n';
import { TAG_COLUMNS, TAG_PAGE_MM, TAG_ROWS, type TagLayout } from '@jewel/contract/values/tag';
import { translate } from '../../i18n/messages.ts';
import { newPdf, PDF_FONT, pdfBytes } from '../../lib/pdf.ts';
import { drawQr } from '../../lib/qr.ts';

/*
 * Item tags (docs/decisions.md "Item tags and the scan"). The A4 sheet is laid out as the common
 * 21-label stock (Avery L7160 and its equivalents: 3 columns × 7 rows of 63.5 × 38.1 mm,
 * 15.15 mm from the top, 7.25 mm from the left, 2.5 mm between columns), so that a sheet of blank
 * labels prints ready to peel; on plain paper a faint outline shows where to cut. A label
 * printer's labels (issue 29 item 4) get one page each, of the label's own size: the number
 * across the top, the QR below it on the left, the brand, one line of the product and the shop
 * beside it. The A4 sheet also names the shop in full (name, licence, address and phone) in its
 * top margin, above the labels (issue 28): a label has room for the name only. On every layout the
 * product is one line, cut with an ellipsis.
 */

const MM = 72 / 25.4;
const LABEL = { width: 63.5 * MM, height: 38.1 * MM };
const ORIGIN = { x: 7.25 * MM, y: 15.15 * MM };
const PITCH = { x: 66 * MM, y: 38.1 * MM };
const PAD = 6;
const NUMBER_SIZE = 14;
const QR_SIZE = LABEL.height - PAD - NUMBER_SIZE - 8;
const INK = '#111827';
const MUTED = '#4b5563';
const OUTLINE = '#d1d5db';
/** The shop's line in the A4 sheet's top margin: clear of the first row (15.15 mm) and of a printer's unprintable edge. */
const ISSUER = { y: 7 * MM, size: 7 };

export const TAG_TEXTS = {
  title: { 'zh-Hans': '商品标签', 'zh-Hant': '商品標籤', en: 'Item tags', ja: '商品タグ' },
  caption: { 'zh-Hans': '扫码查验', 'zh-Hant': '掃碼查驗', en: 'Scan to verify', ja: 'スキャンで確認' },
} satisfies Record<string, I18nText>;

export interface TagLabel {
  no: string;
  brand: string;
  productName: string;
  /** What the QR carries: the item's public verification address. */
  url: string;
}

/**
 * One label per item, in the order given, 21 to a page and as many pages as needed. Each names the
 * shop whose item it is (issue 28) beside "scan to verify"; `watermark` marks the demo's.
 */
export interface TagSheetOptions {
  shopName: string;
  /** The shop in full, on one line (name · licence · address · phone): the A4 sheet's top margin. */
  issuer?: string;
  watermark?: string;
  layout?: TagLayout;
  /** On the A4 sheet, the first label to print on (1–21, row by row). */
  startAt?: number;
}

/**
 * One label per item, in the order given: on A4, 21 to a page from label `startAt` on, as many
 * pages as needed; on a label printer, one page per label. Each names the shop whose item it is
 * (issue 28) beside "scan to verify"; `watermark` marks the demo's.
 */
export function tagSheetPdf(
  labels: TagLabel[],
  lang: Lang,
  { shopName, issuer, watermark, layout = 'a4-21', startAt = 1 }: TagSheetOptions,
): Promise<Buffer> {
  const page = TAG_PAGE_MM[layout];
  const size: [number, number] = [page.width * MM, page.height * MM];
  const doc = newPdf({ lang, title: translate(TAG_TEXTS.title, lang), margin: 0, watermark, size });
  const caption = `${shopName} · ${translate(TAG_TEXTS.caption, lang)}`;
  if (layout === 'a4-21') {
    const perPage = TAG_COLUMNS * TAG_ROWS;
    if (issuer) drawIssuer(doc, issuer, size[0]);
    labels.forEach((label, index) => {
      const at = index + startAt - 1;
      if (index > 0 && at % perPage === 0) {
        doc.addPage();
        if (issuer) drawIssuer(doc, issuer, size[0]);
      }
      const slot = at % perPage;
      const x = ORIGIN.x + (slot % TAG_COLUMNS) * PITCH.x;
      const y = ORIGIN.y + Math.floor(slot / TAG_COLUMNS) * PITCH.y;
      drawLabel(doc, label, caption, x, y);
    });
  } else {
    labels.forEach((label, index) => {
      if (index > 0) doc.addPage({ size, margin: 0 });
      drawPrinterLabel(doc, label, caption, size);
    });
  }
  return pdfBytes(doc);
}

/** The shop's line above the A4 sheet's labels, as wide as their rows. */
function drawIssuer(doc: PDFKit.PDFDocument, issuer: string, pageWidth: number) {
  doc
    .font(PDF_FONT.regular)
    .fontSize(ISSUER.size)
    .fillColor(MUTED)
    .text(issuer, ORIGIN.x, ISSUER.y, {
      width: pageWidth - 2 * ORIGIN.x,
      height: ISSUER.size + 3,
      lineBreak: false,
      ellipsis: true,
    });
}

/** A label printer's label, the page itself: number on top, QR below left, the words beside it. */
function drawPrinterLabel(
  doc: PDFKit.PDFDocument,
  label: TagLabel,
  caption: string,
  [width, height]: [number, number],
) {
  const pad = 2 * MM;
  const numberSize = width >= 60 * MM ? 9 : 8;
  doc
    .font(PDF_FONT.bold)
    .fontSize(numberSize)
    .fillColor(INK)
    .text(label.no, pad, pad - 1, { width: width - 2 * pad, height: numberSize + 3, lineBreak: false, ellipsis: true });
  const top = pad + numberSize + 2;
  // The QR's own quiet zone (4 modules) is its margin against the edge and the words.
  const qrSize = height - top;
  drawQr(doc, label.url, 0, top, qrSize);
  const textX = qrSize;
  const textWidth = width - textX - pad;
  const line = (text: string, font: string, size: number, y: number, color = INK) =>
    doc
      .font(font)
      .fontSize(size)
      .fillColor(color)
      .text(text, textX, y, {
        width: textWidth,
        height: size + 3,
        lineBreak: false,
        ellipsis: true,
      });
  line(label.brand, PDF_FONT.bold, 7, top + 2);
  line(label.productName, PDF_FONT.regular, 6.5, top + 12);
  line(caption, PDF_FONT.regular, 5.5, height - pad - 6, MUTED);
}

function drawLabel(doc: PDFKit.PDFDocument, label: TagLabel, caption: string, x: number, y: number) {
  doc.save();
  doc.lineWidth(0.4).strokeColor(OUTLINE).dash(2, { space: 2 });
  doc.roundedRect(x, y, LABEL.width, LABEL.height, 4).stroke();
  doc.undash();
  doc.restore();

  const inner = LABEL.width - 2 * PAD;
  doc
    .font(PDF_FONT.bold)
    .fontSize(NUMBER_SIZE)
    .fillColor(INK)
    .text(label.no, x + PAD, y + PAD - 1, { width: inner, height: NUMBER_SIZE + 4, lineBreak: false, ellipsis: true });

  const qrX = x + LABEL.width - PAD - QR_SIZE + 4;
  const qrY = y + LABEL.height - QR_SIZE - 2;
  drawQr(doc, label.url, qrX, qrY, QR_SIZE);

  const textX = x + PAD;
  const textTop = y + PAD + NUMBER_SIZE + 6;
  const textWidth = qrX - textX - 2;
  const captionY = y + LABEL.height - PAD - 8;
  doc
    .font(PDF_FONT.bold)
    .fontSize(8)
    .fillColor(INK)
    .text(label.brand, textX, textTop, { width: textWidth, height: 11, lineBreak: false, ellipsis: true });
  // One line of description on every layout (issue 29 item 4), cut with an ellipsis.
  doc
    .font(PDF_FONT.regular)
    .fontSize(7.5)
    .fillColor(INK)
    .text(label.productName, textX, textTop + 12, { width: textWidth, height: 10.5, lineBreak: false, ellipsis: true });
  doc
    .font(PDF_FONT.regular)
    .fontSize(6.5)
    .fillColor(MUTED)
    .text(caption, textX, captionY, { width: textWidth, lineBreak: false, ellipsis: true });
}
