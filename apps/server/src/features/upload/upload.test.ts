import { randomBytes } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import { count } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { uploads } from '../../db/schema.ts';
import { bearer, DEMO, describeOnDatabases } from '../../test/test-app.ts';
import { mimeOfStoredName, sniffImageType } from './upload.service.ts';

type Part = { name: string; value: string } | { name: string; filename: string; type: string; data: Buffer };

/** A multipart/form-data body built by hand, so the test controls every byte and header. */
function multipart(parts: Part[]) {
  const boundary = `----jewel${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    if ('data' in part) {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\n` +
            `Content-Type: ${part.type}\r\n\r\n`,
        ),
        part.data,
        Buffer.from('\r\n'),
      );
    } else {
      chunks.push(
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

const file = (data: Buffer, filename = 'photo.jpg', type = 'image/jpeg'): Part => ({
  name: 'file',
  filename,
  type,
  data,
});

function image(width: number, height: number) {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 40 } } });
}

/** A valid 10×10 PNG whose header claims 30000×30000 (900 megapixels). */
async function pixelBomb(): Promise<Buffer> {
  const png = Buffer.from(await image(10, 10).png().toBuffer());
  png.writeUInt32BE(30000, 16);
  png.writeUInt32BE(30000, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

describe('sniffImageType', () => {
  it('judges by magic numbers only', async () => {
    expect(sniffImageType(await image(4, 4).jpeg().toBuffer())).toBe('jpeg');
    expect(sniffImageType(await image(4, 4).png().toBuffer())).toBe('png');
    expect(sniffImageType(await image(4, 4).webp().toBuffer())).toBe('webp');
    const heic = await readFile(path.join(import.meta.dirname, 'fixtures/sample.heic'));
    expect(sniffImageType(heic)).toBe('heif');
    expect(sniffImageType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(sniffImageType(Buffer.from('GIF89a\x01\x00\x01\x00'))).toBeNull();
    expect(sniffImageType(Buffer.from('%PDF-1.7\n'))).toBeNull();
    // An MP4 is ISO-BMFF too, but without a HEIF brand.
    expect(sniffImageType(Buffer.from('\x00\x00\x00\x18ftypisom\x00\x00\x02\x00isomiso2', 'latin1'))).toBeNull();
    expect(sniffImageType(Buffer.alloc(0))).toBeNull();
  });
});

describe('mimeOfStoredName', () => {
  it('looks the type up as an own name only', () => {
    expect(mimeOfStoredName(`${'a'.repeat(32)}.constructor`)).toBe('image/jpeg');
  });
});

describeOnDatabases('upload', (ctx) => {
  let token = '';
  const heicFixture = () => readFile(path.join(import.meta.dirname, 'fixtures/sample.heic'));

  const upload = async (parts: Part[], headers: Record<string, string> = bearer(token)) => {
    const { payload, contentType } = multipart(parts);
    return ctx.app.inject({
      method: 'POST',
      url: '/api/upload/image',
      headers: { lang: 'en', ...headers, 'content-type': contentType },
      payload,
    });
  };
  const uploadCount = async () => {
    const [row] = await ctx.app.db.select({ n: count() }).from(uploads);
    return row?.n ?? 0;
  };
  const fetchFile = (url: string) => ctx.app.inject({ method: 'GET', url });
  /** Sends a refused upload and checks its status, its code and that nothing was recorded. */
  const expectRefused = async (parts: Part[], status: number, code: number) => {
    const before = await uploadCount();
    const response = await upload(parts);
    expect(response.statusCode).toBe(status);
    expect(ctx.json(response)).toMatchObject({ code, data: null });
    expect(await uploadCount()).toBe(before);
    return response;
  };

  it('stores a JPEG and its thumbnail, and serves both with the right headers', async () => {
    token = await ctx.login(DEMO.recorder);
    const source = await image(1200, 900).jpeg().toBuffer();
    const before = await uploadCount();
    const response = await upload([{ name: 'slot', value: 'product' }, file(source), { name: 'index', value: '2' }]);
    expect(response.statusCode).toBe(200);
    const body = ctx.json(response);
    expect(body.code).toBe(0);
    expect(body.data).toMatchObject({
      mime: 'image/jpeg',
      width: 1200,
      height: 900,
      fields: { slot: 'product', index: '2' },
    });
    expect(body.data.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(body.data.url).toMatch(/^\/api\/files\/[0-9a-f]{32}\.jpg$/);
    expect(body.data.thumb_url).toBe(body.data.url.replace('.jpg', '-thumb.jpg'));
    expect(await uploadCount()).toBe(before + 1);

    const main = await fetchFile(body.data.url);
    expect(main.statusCode).toBe(200);
    expect(main.headers['content-type']).toBe('image/jpeg');
    expect(main.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(main.headers['content-disposition']).toBe('inline');
    expect(Number(main.headers['content-length'])).toBe(body.data.size);
    const name = body.data.url.split('/').pop();
    // A random name of 32 hex digits: nothing of the file's own name or place is kept.
    expect(name).toMatch(/^[a-f0-9]{32}\.jpg$/);
    expect(main.rawPayload.equals(await readFile(path.join(ctx.config.dataDir, 'uploads', name)))).toBe(true);
    expect(await sharp(main.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 1200, height: 900 });

    const thumb = await fetchFile(body.data.thumb_url);
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/jpeg');
    expect(await sharp(thumb.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 400, height: 300 });
  });

  it('judges the type by the bytes: a PNG named photo.jpg sent as image/jpeg is stored as PNG', async () => {
    const body = ctx.json(await upload([file(await image(300, 500).png().toBuffer(), 'photo.jpg', 'image/jpeg')]));
    expect(body.data).toMatchObject({ mime: 'image/png', width: 300, height: 500 });
    expect(body.data.url).toMatch(/\.png$/);
    const main = await fetchFile(body.data.url);
    expect(main.headers['content-type']).toBe('image/png');
    expect((await sharp(main.rawPayload).metadata()).format).toBe('png');
    const thumb = await sharp((await fetchFile(body.data.thumb_url)).rawPayload).metadata();
    expect(thumb).toMatchObject({ format: 'png', width: 240, height: 400 });
  });

  it('keeps WebP as WebP and never enlarges a small thumbnail', async () => {
    const body = ctx.json(await upload([file(await image(200, 100).webp().toBuffer(), 'a.png', 'image/png')]));
    expect(body.data).toMatchObject({ mime: 'image/webp', width: 200, height: 100 });
    expect(body.data.thumb_url).toMatch(/-thumb\.webp$/);
    const thumb = await fetchFile(body.data.thumb_url);
    expect(thumb.headers['content-type']).toBe('image/webp');
    expect(await sharp(thumb.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 200, height: 100 });
  });

  it('applies the EXIF orientation and strips EXIF, GPS and every other metadata', async () => {
    const source = await image(800, 600)
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExif({
        IFD0: { Make: 'TestCam', Copyright: 'Customer' },
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '35/1 41/1 22/1',
          GPSLongitudeRef: 'E',
          GPSLongitude: '139/1 41/1 30/1',
        },
      })
      .toBuffer();
    const sourceMeta = await sharp(source).metadata();
    expect(sourceMeta.orientation).toBe(6);
    expect(sourceMeta.exif?.includes('TestCam')).toBe(true);

    const body = ctx.json(await upload([file(source)]));
    expect(body.data).toMatchObject({ mime: 'image/jpeg', width: 600, height: 800 });
    for (const url of [body.data.url, body.data.thumb_url]) {
      const stored = (await fetchFile(url)).rawPayload;
      const meta = await sharp(stored).metadata();
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.icc).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
      expect(stored.includes('TestCam')).toBe(false);
      expect(stored.includes('Exif\0\0')).toBe(false);
      expect(meta.height).toBeGreaterThan(meta.width ?? 0);
    }
    const thumb = await sharp((await fetchFile(body.data.thumb_url)).rawPayload).metadata();
    expect(thumb).toMatchObject({ width: 300, height: 400 });
  });

  it('accepts HEIC, decodes it and stores it as JPEG', async () => {
    const before = await uploadCount();
    const response = await upload([
      file(await heicFixture(), 'IMG_0001.HEIC', 'image/heic'),
      { name: 'slot', value: 'size' },
    ]);
    expect(response.statusCode).toBe(200);
    const body = ctx.json(response);
    expect(body.data).toMatchObject({ mime: 'image/jpeg', width: 600, height: 400, fields: { slot: 'size' } });
    expect(body.data.url).toMatch(/^\/api\/files\/[0-9a-f]{32}\.jpg$/);
    const main = await fetchFile(body.data.url);
    expect(main.headers['content-type']).toBe('image/jpeg');
    expect(await sharp(main.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 600, height: 400 });
    // The fixture is a left-to-right red, top-to-bottom green gradient: the pixels survived.
    const { data } = await sharp(main.rawPayload)
      .extract({ left: 590, top: 5, width: 1, height: 1 })
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect(data[0]).toBeGreaterThan(200);
    expect(data[1]).toBeLessThan(40);
    expect(await uploadCount()).toBe(before + 1);
  });

  it('accepts an AVIF (a HEIF with the mif1 brand), stored as JPEG', async () => {
    const avif = await image(320, 240).avif().toBuffer();
    expect(sniffImageType(avif)).toBe('heif');
    const body = ctx.json(await upload([file(avif, 'a.avif', 'image/avif')]));
    expect(body.data).toMatchObject({ mime: 'image/jpeg', width: 320, height: 240 });
  });

  it('refuses a HEIC container whose image cannot be decoded', async () => {
    const fake = Buffer.concat([
      Buffer.from('\x00\x00\x00\x18ftypheic\x00\x00\x00\x00mif1heic', 'latin1'),
      randomBytes(2000),
    ]);
    await expectRefused([file(fake, 'x.heic', 'image/heic')], 422, 3005);
  });

  it('refuses SVG, HTML, GIF and PDF whatever their name and Content-Type claim', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="10" height="10"/></svg>',
    );
    await expectRefused([file(svg)], 415, 3002);
    await expectRefused([file(svg, 'logo.svg', 'image/svg+xml')], 415, 3002);
    await expectRefused(
      [file(Buffer.from('<!doctype html><script>alert(1)</script>'), 'page.png', 'image/png')],
      415,
      3002,
    );
    await expectRefused([file(await image(8, 8).gif().toBuffer(), 'anim.jpg')], 415, 3002);
    await expectRefused([file(Buffer.from('%PDF-1.7\n%âãÏÓ\n'), 'scan.jpg')], 415, 3002);
  });

  it('answers the unsupported-type message in the caller language', async () => {
    const { payload, contentType } = multipart([file(Buffer.from('hello'), 'a.jpg')]);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/upload/image',
      headers: { ...bearer(token), lang: 'ja', 'content-type': contentType },
      payload,
    });
    expect(response.statusCode).toBe(415);
    expect(ctx.json(response)).toMatchObject({ code: 3002, msg: 'JPEG、PNG、WebP、HEIC の画像のみ対応しています。' });
  });

  it('refuses a file over 20 MB', async () => {
    const big = Buffer.alloc(30 * 1024 * 1024);
    big.set([0xff, 0xd8, 0xff, 0xe0]);
    const response = await expectRefused([file(big)], 413, 3003);
    expect(ctx.json(response).msg).toContain('20 MB');
  });

  it('refuses a pixel bomb before decoding it', async () => {
    await expectRefused([file(await pixelBomb(), 'tiny.png', 'image/png')], 422, 3004);
  });

  it('refuses garbage behind a JPEG magic number', async () => {
    await expectRefused([file(Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), randomBytes(4000)]))], 422, 3005);
  });

  it('refuses a request without a file part', async () => {
    await expectRefused([{ name: 'slot', value: 'product' }], 400, 3001);
    await expectRefused(
      [{ name: 'photo', filename: 'a.jpg', type: 'image/jpeg', data: await image(10, 10).jpeg().toBuffer() }],
      400,
      3001,
    );
    await expectRefused([file(Buffer.alloc(0))], 400, 3001);
    const json = await ctx.app.inject({
      method: 'POST',
      url: '/api/upload/image',
      headers: bearer(token),
      payload: { file: 'x' },
    });
    expect(json.statusCode).toBe(400);
    expect(ctx.json(json).code).toBe(3001);
  });

  it('refuses an upload without a token', async () => {
    const before = await uploadCount();
    const response = await upload([file(await image(10, 10).jpeg().toBuffer())], {});
    expect(response.statusCode).toBe(401);
    expect(ctx.json(response).code).toBe(401);
    expect(await uploadCount()).toBe(before);
  });

  it('answers 404 for an unknown name and never reads outside the storage directory', async () => {
    const unknown = await fetchFile(`/api/files/${'0'.repeat(32)}.jpg`);
    expect(unknown.statusCode).toBe(404);
    expect(ctx.json(unknown).code).toBe(1002);

    await writeFile(path.join(ctx.config.dataDir, 'secret.jpg'), 'top secret');
    for (const url of [
      '/api/files/..%2Fsecret.jpg',
      '/api/files/..%2F..%2F..%2F..%2Fetc%2Fpasswd',
      '/api/files/../secret.jpg',
      '/api/files/%2e%2e%2fsecret.jpg',
      `/api/files/${'a'.repeat(32)}.svg`,
      `/api/files/${'A'.repeat(32)}.jpg`,
    ]) {
      const response = await fetchFile(url);
      expect([400, 404]).toContain(response.statusCode);
      expect(response.body).not.toContain('top secret');
      expect(response.body).not.toContain('root:');
    }
  });
});
