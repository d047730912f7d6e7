import { PHOTO_UPLOAD_LONG_SIDE, PHOTO_UPLOAD_MAX_BYTES } from '@jewel/contract/values/limits';

/**
 * Photos are made smaller on the phone before upload (issue 4): long side at most 2048 px, at
 * most 1 MB, orientation applied. The decisions are pure functions (tested); the browser parts
 * (decode, canvas, encode) are thin and injected.
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

/** Decodes with the EXIF orientation applied; null when this browser cannot (HEIC outside Safari). */
async function decode(file: Blob): Promise<{ source: Source; size: Size; close: () => void } | null> {
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
 * The photo to upload: the original when it already fits (or when the browser cannot decode
 * it, e.g. HEIC: the server converts), else a JPEG within 2048 px and 1 MB, upright.
 */
export async function compressPhoto(file: File): Promise<File> {
  const started = performance.now();
  try {
    return await compressOnThisThread(file);
  } finally {
    measurePreparation(started);
  }
}

/** The user-timing entry of one photo's preparation, read by `npm run bench:photo` (cheap, and not data). */
export const PREPARE_MEASURE = 'photo-prepare';

function measurePreparation(started: number) {
  try {
    performance.measure(PREPARE_MEASURE, { start: started, end: performance.now() });
  } catch {
    // An engine without user timing L3: nothing measured.
  }
}

async function compressOnThisThread(file: File): Promise<File> {
  const decoded = await decode(file);
  if (!decoded) return file;
  try {
    if (canSendOriginal(file, decoded.size)) return file;
    const blob = await encodeWithinBudget(decoded.size, canvasEncoder(decoded.source));
    if (blob.size >= file.size && KEPT_TYPES.has(file.type) && fitWithin(decoded.size).width === decoded.size.width) {
      return file;
    }
    return new File([blob], jpegName(file.name), { type: 'image/jpeg', lastModified: file.lastModified });
  } catch {
    return file;
  } finally {
    decoded.close();
  }
}
