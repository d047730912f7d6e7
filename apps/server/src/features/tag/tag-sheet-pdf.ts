import type { I18nText, Lang } from '@jewel/contract/values/i18n';
import { TAG_COLUMNS, TAG_ROWS } from '@jewel/contract/values/tag';
import { translate } from '../../i18n/messages.ts';
import { newPdf, PDF_FONT, pdfBytes } from '../../lib/pdf.ts';
import { drawQr } from '../../lib/qr.ts';

/*
 * The sheet of item tags: A4 portrait in the layout of the common 21-label stock (Avery L7160 and
 * its equivalents: 3 columns × 7 rows of 63.5 × 38.1 mm, 15.15 mm from the top, 7.25 mm from the
 * left, 2.5 mm between columns), so that a sheet of blank labels prints ready to peel; on plain
 * paper a faint outline shows where to cut. docs/decisions.md "Item tags and the scan".
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
export function tagSheetPdf(
  labels: TagLabel[],
  lang: Lang,
  { shopName, watermark }: { shopName: string; watermark?: string },
): Promise<Buffer> {
  const doc = newPdf({ lang, title: translate(TAG_TEXTS.title, lang), margin: 0, watermark });
  const perPage = TAG_COLUMNS * TAG_ROWS;
  const caption = `${shopName} · ${translate(TAG_TEXTS.caption, lang)}`;
  labels.forEach((label, index) => {
    if (index > 0 && index % perPage === 0) doc.addPage();
    const slot = index % perPage;
    const x = ORIGIN.x + (slot % TAG_COLUMNS) * PITCH.x;
    const y = ORIGIN.y + Math.floor(slot / TAG_COLUMNS) * PITCH.y;
    drawLabel(doc, label, caption, x, y);
  });
  return pdfBytes(doc);
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
  doc
    .font(PDF_FONT.regular)
    .fontSize(7.5)
    .fillColor(INK)
    .text(label.productName, textX, textTop + 12, {
      width: textWidth,
      height: captionY - textTop - 14,
      ellipsis: true,
      lineGap: 0,
    });
  doc
    .font(PDF_FONT.regular)
    .fontSize(6.5)
    .fillColor(MUTED)
    .text(caption, textX, captionY, { width: textWidth, lineBreak: false, ellipsis: true });
}
