import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { count } from 'drizzle-orm';
import Fastify from 'fastify';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig, storageConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { uploads } from '../../db/schema.ts';
import configPlugin from '../../plugins/external/config.ts';
import storagePlugin from '../../plugins/external/storage.ts';
import { photoUpload } from '../../test/commodity-kit.ts';
import { startS3Server } from '../../test/s3-server.ts';
import { waitFor } from '../../test/server-process.ts';
import { bearer, DEMO, describeOnDatabases } from '../../test/test-app.ts';
import { storeUpload } from './upload.service.ts';

// One loopback S3 for the file; the store-down test closes it and brings it back at the same
// port on the same directory, as a restarted store would be.
const directory = await mkdtemp(path.join(os.tmpdir(), 'jewel-s3-test-'));
let s3 = await startS3Server({ directory });
const port = Number(new URL(s3.endpoint).port);
const env: Record<string, string> = { ...s3.env, S3_PREFIX: 'shop-a/' };
afterAll(async () => {
  await s3.close();
  await rm(directory, { recursive: true, force: true });
});

/** The bucket as an operator sees it, read with the SDK beside the server's own client. */
let client: S3Client | undefined;
// Made on first use, after the app's: the SDK's Node warning is the app's to quieten (s3-storage.ts).
const bucket = () =>
  (client ??= new S3Client({
    endpoint: s3.endpoint,
    region: env.S3_REGION,
    forcePathStyle: true,
    credentials: { accessKeyId: env.S3_ACCESS_KEY_ID ?? '', secretAccessKey: env.S3_SECRET_ACCESS_KEY ?? '' },
  }));
afterAll(() => client?.destroy());

async function keys(): Promise<string[]> {
  const listed = await bucket().send(new ListObjectsV2Command({ Bucket: s3.bucket }));
  return (listed.Contents ?? []).map((object) => object.Key ?? '').sort();
}

async function objectBytes(key: string): Promise<Buffer> {
  const object = await bucket().send(new GetObjectCommand({ Bucket: s3.bucket, Key: key }));
  return Buffer.from((await object.Body?.transformToByteArray()) ?? []);
}

/** Lines the app logs, to see when a request ended however it ended. */
const lines: Record<string, unknown>[] = [];
const logTo = { write: (line: string) => void lines.push(JSON.parse(line)) };

describe('storageConfig', () => {
  it('keeps the local directory by default and refuses what cannot work, saying what to set', () => {
    expect(storageConfig({})).toEqual({ kind: 'local' });
    expect(storageConfig({ STORAGE: 'local', S3_BUCKET: 'ignored' })).toEqual({ kind: 'local' });
    expect(storageConfig({ ...env, S3_REGION: '', S3_FORCE_PATH_STYLE: '' })).toMatchObject({
      kind: 's3',
      region: 'us-east-1',
      forcePathStyle: false,
      prefix: 'shop-a/',
    });
    expect(() => storageConfig({ S3_BUCKET: 'photos' })).toThrow(/S3_BUCKET set without STORAGE=s3/);
    expect(() => storageConfig({ STORAGE: 'gcs' })).toThrow(/STORAGE must be "local" or "s3"/);
    expect(() => storageConfig({ STORAGE: 's3' })).toThrow(/needs S3_BUCKET/);
    expect(() => storageConfig({ ...env, S3_ENDPOINT: 'minio:9000' })).toThrow(/S3_ENDPOINT must be an http/);
    expect(() => storageConfig({ ...env, S3_SECRET_ACCESS_KEY: '' })).toThrow(/go together/);
    expect(() => storageConfig({ ...env, S3_FORCE_PATH_STYLE: 'yes' })).toThrow(/S3_FORCE_PATH_STYLE/);
  });

  it('stops the start on a bucket that is not there, naming it and what to check', async () => {
    const config = loadConfig({ DATA_DIR: directory, JWT_SECRET: 'x', ...env, S3_BUCKET: 'no-such-bucket' });
    const app = Fastify();
    await app.register(configPlugin, { config });
    await app.register(storagePlugin, {});
    await expect(app.ready()).rejects.toThrow(
      /bucket "no-such-bucket" at http:\/\/127\.0\.0\.1:\d+ cannot be read \(NoSuchBucket\): check S3_BUCKET/,
    );
    await app.close();
  });
});

describeOnDatabases(
  'photos in S3-compatible storage',
  (ctx) => {
    let token = '';
    const uploadCount = async () => (await ctx.app.db.select({ n: count() }).from(uploads))[0]?.n ?? 0;
    const upload = async (url = '/api/upload/image', fields: Record<string, string> = {}, lang = 'en') => {
      const { payload, contentType } = await photoUpload(120, fields);
      return ctx.app.inject({
        method: 'POST',
        url,
        headers: { ...bearer(token), lang, 'content-type': contentType },
        payload,
      });
    };

    it('stores a photo and its thumbnail under the prefix and serves them back byte for byte', async () => {
      token = await ctx.login(DEMO.recorder);
      const response = await upload();
      expect(response.statusCode).toBe(200);
      const { url, thumb_url: thumbUrl, size } = ctx.json(response).data;
      const name = url.split('/').pop();
      const thumbName = thumbUrl.split('/').pop();
      expect(await keys()).toEqual(expect.arrayContaining([`shop-a/${name}`, `shop-a/${thumbName}`]));

      const main = await ctx.app.inject({ method: 'GET', url });
      expect(main.statusCode).toBe(200);
      expect(main.headers).toMatchObject({
        'content-type': 'image/jpeg',
        'content-length': String(size),
        'cache-control': 'public, max-age=31536000, immutable',
        'content-disposition': 'inline',
      });
      expect(main.rawPayload.equals(await objectBytes(`shop-a/${name}`))).toBe(true);
      const thumb = await ctx.app.inject({ method: 'GET', url: thumbUrl });
      expect(thumb.statusCode).toBe(200);
      expect(thumb.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(thumb.rawPayload.equals(await objectBytes(`shop-a/${thumbName}`))).toBe(true);

      const missing = await ctx.app.inject({ method: 'GET', url: `/api/files/${'0'.repeat(32)}.jpg` });
      expect(missing.statusCode).toBe(404);
    });

    it('keeps a private upload in the same bucket, served only through its signed link', async () => {
      const response = await upload('/api/upload/private', { kind: 'document' });
      expect(response.statusCode).toBe(200);
      const { name, url } = ctx.json(response).data;
      expect(name).toMatch(/^p-/);
      expect(await keys()).toContain(`shop-a/${name}`);
      const served = await ctx.app.inject({ method: 'GET', url });
      expect(served.statusCode).toBe(200);
      expect(served.headers['cache-control']).toBe('private, no-store');
      expect(served.rawPayload.equals(await objectBytes(`shop-a/${name}`))).toBe(true);
    });

    it('removes an object (what the retention job calls), and removing a missing one is no error', async () => {
      const { url, thumb_url: thumbUrl } = ctx.json(await upload()).data;
      const name = url.split('/').pop();
      await ctx.app.storage.remove(name);
      await ctx.app.storage.remove(name);
      expect(await keys()).not.toContain(`shop-a/${name}`);
      expect(await keys()).toContain(`shop-a/${thumbUrl.split('/').pop()}`);
      expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    });

    it('takes the stored photo back when its row cannot be written', async () => {
      const before = await keys();
      const failing = {
        insert: () => {
          throw new Error('the database went away');
        },
      } as unknown as Db;
      const image = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#a08060' } })
        .jpeg()
        .toBuffer();
      await expect(storeUpload(failing, ctx.app.storage, 1, image)).rejects.toThrow('the database went away');
      expect(await keys()).toEqual(before);
    });

    it('answers storageUnavailable in the caller language while the store is down, and recovers', async () => {
      const before = { rows: await uploadCount(), keys: await keys() };
      const stored = ctx.json(await upload()).data.url;
      await s3.close();
      try {
        const started = Date.now();
        const refused = await upload('/api/upload/image', {}, 'ja');
        expect(refused.statusCode).toBe(503);
        expect(refused.headers['retry-after']).toBe('5');
        expect(ctx.json(refused)).toEqual({
          code: 5090,
          msg: '写真の保存先に一時的に接続できません。しばらくしてからもう一度お試しください。',
          data: null,
        });
        // A dead store answers within seconds, not after the SDK's default minutes.
        expect(Date.now() - started).toBeLessThan(5_000);
        expect(await uploadCount()).toBe(before.rows + 1);
        const unreadable = await ctx.app.inject({ method: 'GET', url: stored, headers: { lang: 'en' } });
        expect(unreadable.statusCode).toBe(503);
        expect(ctx.json(unreadable).code).toBe(5090);
      } finally {
        s3 = await startS3Server({ port, directory });
      }
      const again = await upload();
      expect(again.statusCode).toBe(200);
      expect(await uploadCount()).toBe(before.rows + 2);
      expect((await ctx.app.inject({ method: 'GET', url: stored })).statusCode).toBe(200);
      expect((await keys()).length).toBe(before.keys.length + 4);
    });

    it('stores nothing when the client disconnects in the middle of the body', async () => {
      const before = { rows: await uploadCount(), keys: await keys() };
      const { payload, contentType } = await photoUpload(60);
      const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
      const socket = net.connect(Number(new URL(address).port), '127.0.0.1');
      await new Promise((resolve) => socket.once('connect', resolve));
      const seen = lines.length;
      socket.write(
        `POST /api/upload/image HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\n` +
          `Content-Type: ${contentType}\r\nContent-Length: ${payload.length}\r\n\r\n`,
      );
      socket.write(payload.subarray(0, Math.floor(payload.length / 2)));
      // The server has begun reading the body before the client goes.
      await waitFor('the request to arrive', () => lines.slice(seen).some((line) => line.msg === 'incoming request'));
      socket.destroy();
      await waitFor('the server to give the upload up', () =>
        lines.slice(seen).some((line) => line.msg === 'upload cut off: the client went away'),
      );
      expect(await keys()).toEqual(before.keys);
      expect(await uploadCount()).toBe(before.rows);
    });
  },
  { storage: storageConfig(env) },
  logTo,
);
