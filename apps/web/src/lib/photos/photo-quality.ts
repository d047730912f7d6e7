/**
 * The phone's own check of a photo before upload (docs/decisions.md "The photo guide"): no model,
 * just two numbers on the picture scaled to at most 512 px on its long side.
 *
 * - sharpness: the variance of the Laplacian (3×3, 4-neighbour) of the grey picture. A focused
 *   photo has strong edges and a wide spread; a blurred one a narrow spread near 0.
 * - brightness: the mean luma (Rec. 601), 0 to 255.
 */

export interface RgbaPicture {
  /** RGBA, 4 bytes a pixel, row by row (an ImageData's `data`). */
  data: Uint8ClampedArray;
  width: number;
  height: number;
}

export interface PhotoQuality {
  sharpness: number;
  brightness: number;
  blurred: boolean;
  dark: boolean;
}

/** The long side the check works at: enough for edges, small enough to take a few ms on a phone. */
export const QUALITY_LONG_SIDE = 512;
/**
 * Below this variance a photo looks blurred. Measured (docs/decisions.md "The photo guide", the
 * test's item photo at 512 px): sharp 1,242, after a 1 px blur 800, after a 4 px blur 21.
 */
export const BLUR_THRESHOLD = 60;
/** Below this mean luma a photo looks too dark (the test's photo: 74 as taken, 11 at 0.15×). */
export const DARK_THRESHOLD = 45;
/** A picture this small on its short side is no camera photo: it is not judged. */
export const MIN_JUDGED_SIDE = 400;

export function measurePhoto({ data, width, height }: RgbaPicture): PhotoQuality {
  const grey = new Float32Array(width * height);
  let sum = 0;
  for (let i = 0, p = 0; p < grey.length; i += 4, p += 1) {
    const luma = 0.299 * (data[i] ?? 0) + 0.587 * (data[i + 1] ?? 0) + 0.114 * (data[i + 2] ?? 0);
    grey[p] = luma;
    sum += luma;
  }
  let count = 0;
  let mean = 0;
  let m2 = 0;
  for (let y = 1; y < height - 1; y += 1) {
    for (let x = 1; x < width - 1; x += 1) {
      const p = y * width + x;
      const laplacian =
        (grey[p - 1] ?? 0) + (grey[p + 1] ?? 0) + (grey[p - width] ?? 0) + (grey[p + width] ?? 0) - 4 * (grey[p] ?? 0);
      // Welford's running variance: one pass, no second array.
      count += 1;
      const delta = laplacian - mean;
      mean += delta / count;
      m2 += delta * (laplacian - mean);
    }
  }
  const sharpness = count > 0 ? m2 / count : 0;
  const brightness = grey.length > 0 ? sum / grey.length : 0;
  return { sharpness, brightness, blurred: sharpness < BLUR_THRESHOLD, dark: brightness < DARK_THRESHOLD };
}

/** The size to draw a picture at for the check: at most QUALITY_LONG_SIDE on its long side. */
export function checkSize(width: number, height: number): { width: number; height: number } {
  const scale = Math.min(1, QUALITY_LONG_SIDE / Math.max(width, height, 1));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/**
 * Reads a chosen file and measures it; null when the browser cannot decode it (HEIC outside
 * Safari) or it is too small to judge: such a photo goes up unwarned.
 */
export async function checkPhotoFile(file: Blob): Promise<PhotoQuality | null> {
  if (typeof createImageBitmap !== 'function') return null;
  try {
    const bitmap = await createImageBitmap(file);
    if (Math.min(bitmap.width, bitmap.height) < MIN_JUDGED_SIDE) {
      bitmap.close();
      return null;
    }
    const size = checkSize(bitmap.width, bitmap.height);
    const canvas =
      typeof OffscreenCanvas === 'function'
        ? new OffscreenCanvas(size.width, size.height)
        : Object.assign(document.createElement('canvas'), size);
    const context = canvas.getContext('2d') as OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D | null;
    if (!context) return null;
    context.drawImage(bitmap, 0, 0, size.width, size.height);
    bitmap.close();
    return measurePhoto(context.getImageData(0, 0, size.width, size.height));
  } catch {
    return null;
  }
}
