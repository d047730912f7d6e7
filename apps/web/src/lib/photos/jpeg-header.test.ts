import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { jpegShownSize } from './jpeg-header.ts';

const picture = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 40 } } });

const bytes = (buffer: Buffer) => new Uint8Array(buffer);

/** A hand-made JPEG head: SOI, an APP1 "Exif" block in Motorola byte order (sharp writes Intel's), a frame header. */
function handMade(orientation: number, width: number, height: number): Uint8Array {
  const tiff = [0x4d, 0x4d, 0, 42, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, orientation, 0, 0, 0, 0, 0, 0];
  const exif = [0x45, 0x78, 0x69, 0x66, 0, 0, ...tiff];
  const app1 = [0xff, 0xe1, (exif.length + 2) >> 8, (exif.length + 2) & 0xff, ...exif];
  const sof = [0xff, 0xc0, 0, 11, 8, height >> 8, height & 0xff, width >> 8, width & 0xff, 1, 1, 0x11, 0];
  return new Uint8Array([0xff, 0xd8, ...app1, ...sof, 0xff, 0xda]);
}

describe('jpegShownSize', () => {
  it('reads a JPEG’s size from its frame header, baseline or progressive', async () => {
    expect(jpegShownSize(bytes(await picture(64, 48).jpeg().toBuffer()))).toEqual({ width: 64, height: 48 });
    expect(jpegShownSize(bytes(await picture(64, 48).jpeg({ progressive: true }).toBuffer()))).toEqual({
      width: 64,
      height: 48,
    });
  });

  it('swaps the edges of a photo its EXIF orientation turns a quarter', async () => {
    const turned = await picture(64, 48).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    expect(jpegShownSize(bytes(turned))).toEqual({ width: 48, height: 64 });
    const upsideDown = await picture(64, 48).jpeg().withMetadata({ orientation: 3 }).toBuffer();
    expect(jpegShownSize(bytes(upsideDown))).toEqual({ width: 64, height: 48 });
  });

  it('reads EXIF in either byte order', () => {
    expect(jpegShownSize(handMade(8, 4000, 3000))).toEqual({ width: 3000, height: 4000 });
    expect(jpegShownSize(handMade(1, 4000, 3000))).toEqual({ width: 4000, height: 3000 });
  });

  it('says nothing of what is not a JPEG or stops before its frame header', async () => {
    expect(jpegShownSize(bytes(await picture(64, 48).png().toBuffer()))).toBeNull();
    const jpeg = bytes(await picture(64, 48).jpeg().withMetadata({ orientation: 6 }).toBuffer());
    expect(jpegShownSize(jpeg.slice(0, 30))).toBeNull();
    expect(jpegShownSize(new Uint8Array([0xff, 0xd8, 0xff, 0xda, 0, 2]))).toBeNull();
    expect(jpegShownSize(new Uint8Array())).toBeNull();
  });
});
