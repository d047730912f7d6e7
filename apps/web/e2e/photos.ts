/** Photos for the journeys: made here rather than kept as files, uploaded through the real call. */
import { crc32, deflateSync } from 'node:zlib';
import type { APIRequestContext } from '@playwright/test';
import { expect } from './fixtures.ts';
import type { SessionTokens } from './session.ts';

/** A small PNG of one colour, made here rather than kept as a file. */
export function png(rgb: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([Buffer.from(type, 'latin1'), data])));
    return Buffer.concat([length, Buffer.from(type, 'latin1'), data, crc]);
  };
  const size = 16;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(size * 3, Buffer.from(rgb))]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(Array.from({ length: size }, () => row)))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Uploads a small PNG as `session`'s user; answers its stored path. */
export async function upload(request: APIRequestContext, session: SessionTokens, rgb: [number, number, number]) {
  const response = await request.post('/api/upload/image', {
    headers: { Authorization: `Bearer ${session.token}`, platform: 'h5' },
    multipart: { file: { name: 'photo.png', mimeType: 'image/png', buffer: png(rgb) } },
  });
  const body = (await response.json()) as { code: number; msg: string; data: { url: string } };
  expect(body.code, body.msg).toBe(0);
  return body.data.url;
}

/** Uploads a small PNG as a private file (`document` or `signature`); answers its stored name. */
export async function uploadPrivate(
  request: APIRequestContext,
  session: SessionTokens,
  kind: 'document' | 'signature',
  rgb: [number, number, number] = [0x20, 0x30, 0x40],
) {
  const response = await request.post('/api/upload/private', {
    headers: { Authorization: `Bearer ${session.token}`, platform: 'h5' },
    multipart: { kind, file: { name: `${kind}.png`, mimeType: 'image/png', buffer: png(rgb) } },
  });
  const body = (await response.json()) as { code: number; msg: string; data: { name: string } };
  expect(body.code, body.msg).toBe(0);
  return body.data.name;
}
