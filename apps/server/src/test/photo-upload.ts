import { randomBytes } from 'node:crypto';
import sharp from 'sharp';

/**
 * A small JPEG as `multipart/form-data`, with any text fields before the file: what
 * `/api/upload/image` takes. Without vitest, so that the benchmarks (bench/) send the same one.
 */
export async function photoUpload(color: number, fields: Record<string, string> = {}) {
  const image = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: color, g: 90, b: 40 } } })
    .jpeg()
    .toBuffer();
  const boundary = `----kit${randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    ...Object.entries(fields).map(([name, value]) =>
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    ),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="p.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
    ),
    image,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}
