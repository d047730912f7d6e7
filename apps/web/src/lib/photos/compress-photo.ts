import { PHOTO_UPLOAD_LONG_SIDE, PHOTO_UPLOAD_MAX_BYTES } from '@jewel/contract/values/limits';
import { jpegShownSize } from './jpeg-header.ts';

/**
 * Photos are made smaller on the phone before upload (issue 4): long side at most 2048 px, at
 * most 1 MB, orientation applied. The decisions are pure functions (tested); the browser parts
 * (decode, canvas, encode) are thin and injected. `shrinkPhoto` runs in a worker where the browser
 * has one with OffscreenCanvas (prepare-photo.ts), on the page otherwise.
 */

/** JPEG qualities tried in turn until the photo fits the byte budget. */
export const QUALITY_STEPS = [0.9, 0.82, 0.74, 0.66, 0.58, 0.5, 0.42] as const;
/** When even the lowest quality is too large, the picture shrinks by this factor and tries again. */
export const SHRINK_FACTOR = 0.8;
/** Never shrink below this long side: a photo of a hallmark must stay legible. */
export const MIN_LONG_SIDE = 640;

export interface Size {
  width: number;
  height: number;
}

/** The size that fits within `longSide` on its longer edge, keeping the aspect ratio; never enlarged. */
export function fitWithin(size: Size, longSide = PHOTO_UPLOAD_LONG_SIDE): Size {
  const longest = Math.max(size.width, size.height);
  if (longest <= longSide || longest === 0) return { width: size.width, height: size.height };
  const scale = longSide / longest;
  return {
    width: Math.max(1, Math.round(size.width * scale)),
    height: Math.max(1, Math.round(size.height * scale)),
  };
}

/** Formats the server stores as they are. */
const KEPT_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp']);

/**
 * Whether the original can go as it is: a stored format, small enough in bytes and in pixels.
 * (Its EXIF orientation is applied by the server when it re-encodes.)
 */
export function canSendOriginal(file: { type: string; size: number }, size: Size, maxBytes = PHOTO_UPLOAD_MAX_BYTES) {
  const fits = fitWithin(size);
  return KEPT_TYPES.has(file.type) && file.size <= maxBytes && fits.width === size.width && fits.height === size.height;
}

/** Encodes the picture at a size and a JPEG quality. */
export type Encoder = (size: Size, quality: number) => Promise<Blob>;

/**
 * Encodes at the fitted size, lowering the quality step by step until the result fits the byte
 * budget; when the lowest quality is still too large, shrinks the picture and starts again. The
 * smallest result is returned if nothing fits (the server accepts up to its own, larger, limit).
 */
export async function encodeWithinBudget(
  original: Size,
  encode: Encoder,
  maxBytes = PHOTO_UPLOAD_MAX_BYTES,
): Promise<Blob> {
  let size = fitWithin(original);
  let smallest: Blob | null = null;
  for (;;) {
    for (const quality of QUALITY_STEPS) {
      const blob = await encode(size, quality);
      if (!smallest || blob.size < smallest.size) smallest = blob;
      if (blob.size <= maxBytes) return blob;
    }
    const longest = Math.max(size.width, size.height);
    if (smallest && longest * SHRINK_FACTOR < MIN_LONG_SIDE) return smallest;
    size = fitWithin(size, Math.floor(longest * SHRINK_FACTOR));
  }
}

/** A JPEG name for a re-encoded photo ("IMG_0001.HEIC" → "IMG_0001.jpg"). */
export function jpegName(name: string): string {
  const base = name.replace(/\.[^./\\]*$/, '') || 'photo';
  return `${base}.jpg`;
}

type Source = ImageBitmap | HTMLImageElement;

/** A decoded photo: `size` is the photo's as shown (orientation applied); the source may be smaller. */
interface Decoded {
  source: Source;
  size: Size;
  close: () => void;
}

/** The first bytes read for a JPEG's size: its EXIF block (at most 64 KiB) comes before the frame header. */
const HEADER_BYTES = 128 * 1024;

/**
 * createImageBitmap's resampling when it decodes straight to the upload size: bilinear, as the
 * canvas drew before. Chromium 156 decodes whole and then scales; in a worker at full speed a
 * 12 MP photo took 215 ms with 'low', 370 ms with 'medium', 442 ms with 'high' (decisions.md).
 */
const RESIZE_QUALITY: ResizeQuality = 'low';

/** The size of a JPEG as shown, from its header; null when unknown (another format, unreadable). */
async function headerSize(file: Blob): Promise<Size | null> {
  try {
    return jpegShownSize(new Uint8Array(await file.slice(0, HEADER_BYTES).arrayBuffer()));
  } catch {
    return null;
  }
}

/**
 * Decodes straight to the upload size: a 12 MP camera photo is never held whole, and the
 * browser's decoder does the shrinking. Null when the engine cannot; an engine that ignores the
 * resize gives the whole picture (used as it is), one that resizes before turning the picture
 * would distort it (dropped, the photo is decoded whole instead).
 */
async function decodeAtUploadSize(file: Blob, shown: Size): Promise<Decoded | null> {
  if (typeof createImageBitmap !== 'function') return null;
  const target = fitWithin(shown);
  try {
    const bitmap = await createImageBitmap(file, {
      imageOrientation: 'from-image',
      resizeWidth: target.width,
      resizeHeight: target.height,
      resizeQuality: RESIZE_QUALITY,
    });
    const is = (size: Size) => bitmap.width === size.width && bitmap.height === size.height;
    if (is(target) || is(shown)) return { source: bitmap, size: shown, close: () => bitmap.close() };
    bitmap.close();
  } catch {
    // Not decodable this way: the whole decode below says what the browser can do.
  }
  return null;
}

/** Decodes whole with the EXIF orientation applied; null when this browser cannot (HEIC outside Safari). */
async function decode(file: Blob): Promise<Decoded | null> {
  if (typeof createImageBitmap === 'function') {
    // What createImageBitmap cannot decode, <img> cannot either (and Chromium's try at it breaks the CSP).
    for (const options of [{ imageOrientation: 'from-image' } as const, undefined]) {
      try {
        const bitmap = await createImageBitmap(file, options);
        return { source: bitmap, size: { width: bitmap.width, height: bitmap.height }, close: () => bitmap.close() };
      } catch (error) {
        // An engine without the option throws a TypeError: try once more without it.
        if (!(error instanceof TypeError)) return null;
      }
    }
    return null;
  }
  if (typeof Image === 'undefined') return null;
  const url = URL.createObjectURL(file);
  try {
    const image = new Image();
    image.src = url;
    await image.decode();
    return {
      source: image,
      size: { width: image.naturalWidth, height: image.naturalHeight },
      close: () => URL.revokeObjectURL(url),
    };
  } catch {
    URL.revokeObjectURL(url);
    return null;
  }
}

function canvasEncoder(source: Source): Encoder {
  return async (size, quality) => {
    if (typeof OffscreenCanvas === 'function') {
      const canvas = new OffscreenCanvas(size.width, size.height);
      const context = canvas.getContext('2d');
      if (!context) throw new Error('no 2d context');
      context.fillStyle = '#fff'; // transparent PNG areas become white, not black
      context.fillRect(0, 0, size.width, size.height);
      context.drawImage(source, 0, 0, size.width, size.height);
      return canvas.convertToBlob({ type: 'image/jpeg', quality });
    }
    const canvas = document.createElement('canvas');
    canvas.width = size.width;
    canvas.height = size.height;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2d context');
    context.fillStyle = '#fff';
    context.fillRect(0, 0, size.width, size.height);
    context.drawImage(source, 0, 0, size.width, size.height);
    return new Promise<Blob>((resolve, reject) =>
      canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('encode failed'))), 'image/jpeg', quality),
    );
  };
}

/**
 * The smaller JPEG to upload instead of `file`, or null to send the original: when it already
 * fits, when the browser cannot decode it (e.g. HEIC: the server converts), or when the JPEG
 * would not be smaller. Runs in the photo worker (compress-worker.ts) or, where there is none, on
 * the page; throws when the picture cannot be encoded here.
 */
export async function shrinkPhoto(file: File): Promise<Blob | null> {
  const shown = await headerSize(file);
  if (shown && canSendOriginal(file, shown)) return null;
  const decoded = (shown && (await decodeAtUploadSize(file, shown))) || (await decode(file));
  if (!decoded) return null;
  try {
    const original = decoded.size;
    if (canSendOriginal(file, original)) return null;
    const blob = await encodeWithinBudget(original, canvasEncoder(decoded.source));
    if (blob.size >= file.size && KEPT_TYPES.has(file.type) && fitWithin(original).width === original.width) {
      return null;
    }
    return blob;
  } finally {
    decoded.close();
  }
}
