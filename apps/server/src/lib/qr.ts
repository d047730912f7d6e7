import { randomBytes } from 'node:crypto';
import { encode } from 'uqr';

/*
 * QR codes on printed documents (certificates, item tags), drawn as vector squares so that they
 * stay sharp at any print size; and the opaque ids they carry (docs/decisions.md "Certificates
 * and the verification page", "Item tags and the scan").
 */

/**
 * 128 random bits in base64url (22 characters): not a sequence, not guessable. Never starting
 * with `-` (issue 29 item 2): an id read aloud, typed into a terminal or pasted into a search
 * would be taken for an option; the draw is repeated (one time in 64), which leaves 127.98 bits.
 */
export function newVerificationId(): string {
  for (;;) {
    const id = randomBytes(16).toString('base64url');
    if (!id.startsWith('-')) return id;
  }
}

/** What a verification id looks like; anything else is refused before the database is asked. */
export const VERIFICATION_ID = /^[A-Za-z0-9_-]{22}$/;

/**
 * Draws `text` as a QR code with its top-left corner at (x, y), `size` points wide including the
 * quiet zone of 4 modules that scanners need. Error correction M survives a scuffed label.
 */
export function drawQr(doc: PDFKit.PDFDocument, text: string, x: number, y: number, size: number): void {
  const quiet = 4;
  const { data, size: modules } = encode(text, { ecc: 'M', border: quiet });
  const unit = size / modules;
  doc.save();
  doc.rect(x, y, size, size).fill('#ffffff');
  doc.fillColor('#000000');
  data.forEach((cells, row) => {
    cells.forEach((dark, col) => {
      if (dark) doc.rect(x + col * unit, y + row * unit, unit, unit);
    });
  });
  doc.fill();
  doc.restore();
}

/** The public verification page of an id, on the shop's address (PUBLIC_URL, else the request's own). */
export function verificationUrl(
  publicUrl: string | undefined,
  request: { protocol: string; host: string },
  id: string,
): string {
  return `${publicUrl ?? `${request.protocol}://${request.host}`}/verify/${id}`;
}
