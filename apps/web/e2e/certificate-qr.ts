/**
 * Reads the QR code printed on a certificate: page 1 rendered by poppler's pdftoppm at 150 dpi,
 * decoded with jsQR.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { APIRequestContext } from '@playwright/test';
import jsQR from 'jsqr';
import sharp from 'sharp';
import type { SessionTokens } from './session.ts';

const run = promisify(execFile);

/** The text of the QR code on a PDF's first page. */
export async function qrOf(pdf: Buffer): Promise<string> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'certificate-'));
  try {
    writeFileSync(path.join(dir, 'c.pdf'), pdf);
    await run('pdftoppm', ['-r', '150', '-png', '-f', '1', '-l', '1', '-singlefile', 'c.pdf', 'page'], { cwd: dir });
    const { data, info } = await sharp(readFileSync(path.join(dir, 'page.png')))
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const code = jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height);
    if (!code) throw new Error('no QR code on page 1');
    return code.data;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Downloads an identified item's certificate through the API and answers its verification URL. */
export async function certificateUrl(request: APIRequestContext, session: SessionTokens, id: number): Promise<string> {
  const response = await request.get(`/api/commodities/${id}/certificate?lang=en`, {
    headers: { authorization: `Bearer ${session.token}` },
  });
  if (!response.ok()) throw new Error(`certificate of ${id}: ${response.status()}`);
  return qrOf(await response.body());
}
