import type { Lang } from '@jewel/contract/values/i18n';
import { IS_REAL } from '@jewel/contract/values/information';
import type { ShopIdentity } from '../../domain/shop.ts';
import { translate } from '../../i18n/messages.ts';
import { newPdf, PDF_FONT, pdfBytes } from '../../lib/pdf.ts';
import { drawQr } from '../../lib/qr.ts';
import type { Appraisal } from './certificate.service.ts';
import { CERTIFICATE_TEXTS as T } from './certificate-texts.ts';

export interface CertificateInput {
  lang: Lang;
  appraisal: Appraisal;
  /** JPEG thumbnails of the first product photos. */
  photos: Buffer[];
  certificateId: string;
  url: string;
  /** A day as the shop writes it. */
  date: (instant: Date) => string;
  /** Across the page: the demo's mark. */
  watermark?: string;
  /** Who issues it: the shop's name, licence and contacts (issue 28). */
  shop: ShopIdentity;
  /** The shop's logo above its name, and its seal stamped beside the footer (PNG; issue 29 item 2). */
  logo?: Buffer;
  seal?: Buffer;
}

/** "Reason: …" in English, 「原因：…」 in Chinese and Japanese. */
export const colon = (lang: Lang) => (lang === 'en' ? ': ' : '：');

/** The logo's band above the heading, and the seal's square, in points. */
const LOGO_HEIGHT = 36;
const SEAL_SIZE = 68;
const INK = '#111827';
const MUTED = '#4b5563';
const RULE = '#c9cdd4';
const ACCENT = '#0958d9';
const VERDICT_COLOUR: Record<number, string> = {
  [IS_REAL.genuine]: '#237804',
  [IS_REAL.fake]: '#cf1322',
  [IS_REAL.undetermined]: '#ad4e00',
};

/**
 * The certificate, one A4 portrait page: the shop and the title, the verdict in a framed box,
 * the item's facts beside the QR code of its verification page, up to four photos, and a
 * footer with the certificate's id. No customer, no price.
 */
export async function certificatePdf(input: CertificateInput): Promise<Buffer> {
  const { lang, appraisal: a } = input;
  const t = (text: (typeof T)[keyof typeof T], params: Record<string, string | number> = {}) =>
    translate(text, lang, params);
  const doc = newPdf({ lang, title: `${t(T.title)} ${a.no}`, margin: 48, watermark: input.watermark });
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const right = left + width;

  // A frame around the page, as printed certificates have.
  doc
    .lineWidth(1.5)
    .strokeColor(ACCENT)
    .rect(24, 24, doc.page.width - 48, doc.page.height - 48)
    .stroke();
  doc
    .lineWidth(0.5)
    .strokeColor(ACCENT)
    .rect(29, 29, doc.page.width - 58, doc.page.height - 58)
    .stroke();

  // Heading, under the shop's logo when it has one.
  let y = 56;
  const { shop } = input;
  if (input.logo) {
    doc.image(input.logo, left, 40, { fit: [width, LOGO_HEIGHT], align: 'center', valign: 'center' });
    y = 40 + LOGO_HEIGHT + 6;
  }
  doc.font(PDF_FONT.bold).fontSize(11).fillColor(ACCENT).text(shop.name, left, y, { width, align: 'center' });
  const issuer = [shop.licence, shop.contact].filter(Boolean).join(' · ');
  if (issuer)
    doc
      .font(PDF_FONT.regular)
      .fontSize(8)
      .fillColor(MUTED)
      .text(issuer, left, doc.y + 2, { width, align: 'center' });
  y = doc.y + 4;
  doc.font(PDF_FONT.bold).fontSize(26).fillColor(INK).text(t(T.title), left, y, { width, align: 'center' });
  y = doc.y + 2;
  doc
    .font(PDF_FONT.regular)
    .fontSize(10)
    .fillColor(MUTED)
    .text(`${t(T.itemNo)}  ${a.no}`, left, y, { width, align: 'center' });
  y = doc.y + 12;
  doc.lineWidth(0.75).strokeColor(RULE).moveTo(left, y).lineTo(right, y).stroke();
  y += 16;

  // The verdict, framed in its colour.
  const colour = VERDICT_COLOUR[a.isReal] ?? INK;
  const reasonLine = [a.reason, a.note].filter(Boolean).join(' — ');
  doc.font(PDF_FONT.bold).fontSize(22);
  const verdictHeight = doc.heightOfString(a.verdict, { width: width - 32 });
  doc.font(PDF_FONT.regular).fontSize(10);
  const reasonHeight = reasonLine
    ? doc.heightOfString(`${t(T.reason)}${colon(lang)}${reasonLine}`, { width: width - 32 }) + 4
    : 0;
  const boxHeight = 12 + 12 + verdictHeight + reasonHeight + 14;
  doc.lineWidth(1.5).strokeColor(colour).roundedRect(left, y, width, boxHeight, 6).stroke();
  doc
    .font(PDF_FONT.regular)
    .fontSize(9)
    .fillColor(MUTED)
    .text(t(T.verdict), left + 16, y + 10, { width: width - 32 });
  doc
    .font(PDF_FONT.bold)
    .fontSize(22)
    .fillColor(colour)
    .text(a.verdict, left + 16, doc.y + 1, { width: width - 32 });
  if (reasonLine) {
    doc
      .font(PDF_FONT.regular)
      .fontSize(10)
      .fillColor(INK)
      .text(`${t(T.reason)}${colon(lang)}${reasonLine}`, left + 16, doc.y + 3, { width: width - 32 });
  }
  y += boxHeight + 20;

  // Facts on the left, the QR on the right.
  const qrSize = 140;
  const factsWidth = width - qrSize - 24;
  const labelWidth = Math.min(110, factsWidth * 0.36);
  const facts: [string, string][] = [
    [t(T.brand), a.brand],
    [t(T.product), a.product],
    [t(T.material), a.material || '—'],
    [t(T.stateLevel), a.stateLevel || '—'],
    [t(T.valuers), a.valuers.join(lang === 'en' ? ', ' : '、') || '—'],
    [t(T.identifiedAt), input.date(a.identifiedAt)],
    [t(T.certificateId), input.certificateId],
  ];
  const qrTop = y;
  let factY = y;
  for (const [label, value] of facts) {
    doc.font(PDF_FONT.bold).fontSize(10);
    const labelHeight = doc.heightOfString(label, { width: labelWidth - 8 });
    doc.font(PDF_FONT.regular).fontSize(10.5);
    const valueHeight = doc.heightOfString(value, { width: factsWidth - labelWidth });
    const rowHeight = Math.max(labelHeight, valueHeight) + 10;
    doc
      .font(PDF_FONT.bold)
      .fontSize(10)
      .fillColor(MUTED)
      .text(label, left, factY + 5, { width: labelWidth - 8 });
    doc
      .font(PDF_FONT.regular)
      .fontSize(10.5)
      .fillColor(INK)
      .text(value, left + labelWidth, factY + 5, { width: factsWidth - labelWidth });
    factY += rowHeight;
    doc
      .lineWidth(0.5)
      .strokeColor(RULE)
      .moveTo(left, factY)
      .lineTo(left + factsWidth, factY)
      .stroke();
  }
  const qrLeft = right - qrSize;
  drawQr(doc, input.url, qrLeft, qrTop, qrSize);
  doc
    .font(PDF_FONT.bold)
    .fontSize(10)
    .fillColor(INK)
    .text(t(T.scan), qrLeft - 10, qrTop + qrSize + 2, { width: qrSize + 20, align: 'center' });
  doc
    .font(PDF_FONT.regular)
    .fontSize(6.5)
    .fillColor(MUTED)
    .text(input.url, qrLeft - 10, doc.y + 2, { width: qrSize + 20, align: 'center' });
  y = Math.max(factY, doc.y) + 22;

  // Photos: up to four in a row, each fitted into its square.
  if (input.photos.length > 0) {
    doc.font(PDF_FONT.bold).fontSize(10).fillColor(MUTED).text(t(T.photos), left, y, { width });
    y = doc.y + 6;
    const gap = 10;
    const cell = (width - gap * 3) / 4;
    input.photos.slice(0, 4).forEach((photo, index) => {
      const x = left + index * (cell + gap);
      doc.lineWidth(0.5).strokeColor(RULE).rect(x, y, cell, cell).stroke();
      doc.image(photo, x + 3, y + 3, { fit: [cell - 6, cell - 6], align: 'center', valign: 'center' });
    });
    y += cell + 16;
  }

  // Footer, inside the frame at the foot of the page; the shop's seal stamped at its right, as a
  // shop stamps a paper certificate beside its name.
  const footY = doc.page.height - 96;
  if (input.seal)
    doc.image(input.seal, right - SEAL_SIZE, footY - SEAL_SIZE - 8, {
      fit: [SEAL_SIZE, SEAL_SIZE],
      align: 'right',
      valign: 'bottom',
    });
  const margin = doc.page.margins.bottom;
  doc.page.margins.bottom = 0;
  doc.lineWidth(0.75).strokeColor(RULE).moveTo(left, footY).lineTo(right, footY).stroke();
  doc
    .font(PDF_FONT.regular)
    .fontSize(8.5)
    .fillColor(MUTED)
    .text(t(T.footer), left, footY + 8, { width, align: 'center' });
  doc.text(`${t(T.certificateId)}${lang === 'en' ? ': ' : '：'}${input.certificateId}`, left, doc.y + 4, {
    width,
    align: 'center',
  });
  doc.page.margins.bottom = margin;
  return pdfBytes(doc);
}
