import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Size, shrinkPhoto } from './compress-photo.ts';

/** A JPEG's head as a camera writes it (EXIF orientation, frame header); the stubs below never decode it. */
function cameraHead(orientation: number, width: number, height: number): Uint8Array<ArrayBuffer> {
  const tiff = [0x49, 0x49, 42, 0, 8, 0, 0, 0, 1, 0, 0x12, 0x01, 3, 0, 1, 0, 0, 0, orientation, 0, 0, 0, 0, 0, 0, 0];
  const exif = [0x45, 0x78, 0x69, 0x66, 0, 0, ...tiff];
  const app1 = [0xff, 0xe1, 0, exif.length + 2, ...exif];
  const sof = [0xff, 0xc0, 0, 11, 8, height >> 8, height & 0xff, width >> 8, width & 0xff, 1, 1, 0x11, 0];
  return new Uint8Array([0xff, 0xd8, ...app1, ...sof, 0xff, 0xda]);
}

function photo(head: Uint8Array<ArrayBuffer>, bytes: number, type = 'image/jpeg') {
  return new File([head, new Uint8Array(Math.max(0, bytes - head.length))], 'IMG_0001.JPG', { type });
}

/**
 * A browser stand-in: `decodeAs` says what createImageBitmap answers for the options it gets;
 * the canvas records what it draws and encodes 100 KB.
 */
function stubBrowser(decodeAs: (options: ImageBitmapOptions | undefined) => Size) {
  const decodes: (ImageBitmapOptions | undefined)[] = [];
  const draws: Size[] = [];
  const closed: Size[] = [];
  vi.stubGlobal('createImageBitmap', async (_file: Blob, options?: ImageBitmapOptions) => {
    decodes.push(options);
    const size = decodeAs(options);
    return { ...size, close: () => closed.push(size) };
  });
  vi.stubGlobal(
    'OffscreenCanvas',
    class {
      readonly width: number;
      readonly height: number;
      constructor(width: number, height: number) {
        this.width = width;
        this.height = height;
      }
      getContext() {
        return {
          fillRect() {},
          drawImage: (_source: unknown, _x: number, _y: number, width: number, height: number) =>
            draws.push({ width, height }),
        };
      }
      async convertToBlob() {
        return new Blob([new Uint8Array(100_000)], { type: 'image/jpeg' });
      }
    },
  );
  return { decodes, draws, closed };
}

const resized = (options: ImageBitmapOptions | undefined) =>
  options?.resizeWidth ? { width: options.resizeWidth, height: options.resizeHeight ?? 0 } : null;

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('shrinkPhoto', () => {
  it('decodes a camera photo straight to the upload size, upright', async () => {
    const browser = stubBrowser((options) => resized(options) ?? { width: 3000, height: 4000 });
    const blob = await shrinkPhoto(photo(cameraHead(6, 4000, 3000), 4_000_000));
    expect(blob?.size).toBe(100_000);
    expect(browser.decodes).toEqual([
      { imageOrientation: 'from-image', resizeWidth: 1536, resizeHeight: 2048, resizeQuality: 'low' },
    ]);
    expect(browser.draws).toEqual([{ width: 1536, height: 2048 }]);
    expect(browser.closed).toHaveLength(1);
  });

  it('sends a photo that already fits as it is, without decoding it', async () => {
    const browser = stubBrowser(() => ({ width: 1200, height: 900 }));
    expect(await shrinkPhoto(photo(cameraHead(1, 1200, 900), 400_000))).toBeNull();
    expect(browser.decodes).toEqual([]);
  });

  it('uses the whole picture from an engine that ignores the resize', async () => {
    const browser = stubBrowser(() => ({ width: 3000, height: 4000 }));
    await shrinkPhoto(photo(cameraHead(6, 4000, 3000), 4_000_000));
    expect(browser.decodes).toHaveLength(1);
    expect(browser.draws).toEqual([{ width: 1536, height: 2048 }]);
  });

  it('decodes whole when the engine resized before turning the picture (it would be squashed)', async () => {
    const browser = stubBrowser((options) =>
      options?.resizeWidth ? { width: 2048, height: 1536 } : { width: 3000, height: 4000 },
    );
    await shrinkPhoto(photo(cameraHead(6, 4000, 3000), 4_000_000));
    expect(browser.decodes).toEqual([
      expect.objectContaining({ resizeWidth: 1536, resizeHeight: 2048 }),
      { imageOrientation: 'from-image' },
    ]);
    expect(browser.closed).toEqual([
      { width: 2048, height: 1536 },
      { width: 3000, height: 4000 },
    ]);
    expect(browser.draws).toEqual([{ width: 1536, height: 2048 }]);
  });

  it('decodes whole what has no readable header (a heavy PNG)', async () => {
    const browser = stubBrowser(() => ({ width: 1600, height: 1200 }));
    const png = photo(new Uint8Array([0x89, 0x50, 0x4e, 0x47]), 2_000_000, 'image/png');
    expect((await shrinkPhoto(png))?.size).toBe(100_000);
    expect(browser.decodes).toEqual([{ imageOrientation: 'from-image' }]);
    expect(browser.draws).toEqual([{ width: 1600, height: 1200 }]);
  });
});
