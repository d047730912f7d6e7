import { PHOTO_UPLOAD_LONG_SIDE, PHOTO_UPLOAD_MAX_BYTES } from '@jewel/contract/values/limits';
import { describe, expect, it } from 'vitest';
import {
  canSendOriginal,
  encodeWithinBudget,
  fitWithin,
  jpegName,
  MIN_LONG_SIDE,
  QUALITY_STEPS,
  type Size,
} from './compress-photo.ts';
import { thumbOf } from './photo-paths.ts';

const MB = 1024 * 1024;

/** A fake encoder: bytes grow with pixels and quality, like JPEG roughly does. */
function fakeEncoder(bytesPerPixelAtFull: number) {
  const calls: { size: Size; quality: number }[] = [];
  const encode = async (size: Size, quality: number) => {
    calls.push({ size, quality });
    // Only the size matters to the decision: no need to allocate the bytes.
    return { size: Math.round(size.width * size.height * bytesPerPixelAtFull * quality) } as Blob;
  };
  return { encode, calls };
}

describe('fitWithin', () => {
  it('keeps a photo that already fits', () => {
    expect(fitWithin({ width: 1600, height: 1200 })).toEqual({ width: 1600, height: 1200 });
    expect(fitWithin({ width: 2048, height: 100 })).toEqual({ width: 2048, height: 100 });
  });

  it('brings the long side down to 2048, keeping the aspect ratio', () => {
    expect(fitWithin({ width: 4032, height: 3024 })).toEqual({ width: 2048, height: 1536 });
    expect(fitWithin({ width: 3024, height: 4032 })).toEqual({ width: 1536, height: 2048 });
    expect(PHOTO_UPLOAD_LONG_SIDE).toBe(2048);
  });

  it('never makes an edge zero', () => {
    expect(fitWithin({ width: 100_000, height: 10 })).toEqual({ width: 2048, height: 1 });
  });
});

describe('canSendOriginal', () => {
  it('sends a small JPEG, PNG or WebP as it is', () => {
    expect(canSendOriginal({ type: 'image/jpeg', size: 500_000 }, { width: 1200, height: 900 })).toBe(true);
    expect(canSendOriginal({ type: 'image/png', size: PHOTO_UPLOAD_MAX_BYTES }, { width: 800, height: 800 })).toBe(
      true,
    );
  });

  it('re-encodes what is too heavy, too large or in another format', () => {
    expect(canSendOriginal({ type: 'image/jpeg', size: PHOTO_UPLOAD_MAX_BYTES + 1 }, { width: 800, height: 600 })).toBe(
      false,
    );
    expect(canSendOriginal({ type: 'image/jpeg', size: 300_000 }, { width: 4000, height: 3000 })).toBe(false);
    expect(canSendOriginal({ type: 'image/heic', size: 300_000 }, { width: 800, height: 600 })).toBe(false);
    expect(canSendOriginal({ type: 'image/gif', size: 300_000 }, { width: 800, height: 600 })).toBe(false);
  });
});

describe('encodeWithinBudget', () => {
  it('uses the first quality when it already fits', async () => {
    const { encode, calls } = fakeEncoder(0.1);
    const blob = await encodeWithinBudget({ width: 4032, height: 3024 }, encode);
    expect(calls).toEqual([{ size: { width: 2048, height: 1536 }, quality: QUALITY_STEPS[0] }]);
    expect(blob.size).toBeLessThanOrEqual(MB);
  });

  it('lowers the quality step by step until the photo fits 1 MB', async () => {
    // 2048×1536 ≈ 3.1 Mpx: at 0.5 byte per pixel × quality it fits from quality ≤ 0.66.
    const { encode, calls } = fakeEncoder(0.5);
    const blob = await encodeWithinBudget({ width: 4032, height: 3024 }, encode);
    expect(calls.map((call) => call.quality)).toEqual([0.9, 0.82, 0.74, 0.66]);
    expect(calls.every((call) => call.size.width === 2048)).toBe(true);
    expect(blob.size).toBeLessThanOrEqual(PHOTO_UPLOAD_MAX_BYTES);
  });

  it('shrinks the picture when even the lowest quality is too heavy', async () => {
    const { encode, calls } = fakeEncoder(2);
    const blob = await encodeWithinBudget({ width: 4032, height: 3024 }, encode);
    expect(blob.size).toBeLessThanOrEqual(PHOTO_UPLOAD_MAX_BYTES);
    const last = calls.at(-1);
    expect(last?.size.width).toBeLessThan(2048);
    expect(last?.size.width).toBeGreaterThanOrEqual(MIN_LONG_SIDE);
    // Each size starts again from the best quality.
    expect(calls.filter((call) => call.quality === QUALITY_STEPS[0]).length).toBeGreaterThan(1);
  });

  it('gives the smallest attempt when nothing fits, without shrinking below the minimum', async () => {
    const { encode, calls } = fakeEncoder(1000);
    const blob = await encodeWithinBudget({ width: 4032, height: 3024 }, encode);
    const sizes = calls.map((call) => Math.max(call.size.width, call.size.height));
    expect(Math.min(...sizes)).toBeGreaterThanOrEqual(MIN_LONG_SIDE);
    const smallest = Math.min(
      ...(await Promise.all(calls.map((call) => encode(call.size, call.quality)))).map((b) => b.size),
    );
    expect(blob.size).toBe(smallest);
  });
});

describe('names', () => {
  it('names a re-encoded photo as JPEG', () => {
    expect(jpegName('IMG_0001.HEIC')).toBe('IMG_0001.jpg');
    expect(jpegName('ring.photo.png')).toBe('ring.photo.jpg');
    expect(jpegName('')).toBe('photo.jpg');
  });

  it('finds the thumbnail beside a stored photo', () => {
    const name = 'a'.repeat(32);
    expect(thumbOf(`/api/files/${name}.jpg`)).toBe(`/api/files/${name}-thumb.jpg`);
    expect(thumbOf(`/api/files/${name}-thumb.png`)).toBe(`/api/files/${name}-thumb.png`);
  });
});
