/*
 * Reading a QR code from a camera frame or a photo: the browser's own BarcodeDetector where it
 * has one for QR codes (Chrome on Android, Safari), else jsQR, loaded only when first needed
 * (docs/decisions.md "Item tags and the scan").
 */

interface DetectedBarcode {
  rawValue: string;
}
interface BarcodeDetectorLike {
  detect(source: CanvasImageSource): Promise<DetectedBarcode[]>;
}
interface BarcodeDetectorClass {
  new (options: { formats: string[] }): BarcodeDetectorLike;
  getSupportedFormats(): Promise<string[]>;
}

/** A frame or a picture with its size in pixels; `window`, a part of it to read alone. */
export interface Frame {
  source: CanvasImageSource;
  width: number;
  height: number;
  window?: { x: number; y: number; width: number; height: number };
}

/**
 * Reads the first QR code of a frame (or of its window), scaled down to `maxSide` pixels at most;
 * null when none. The browser's own detector reads the whole frame: it finds every code in it.
 */
export type QrReader = (frame: Frame, maxSide?: number) => Promise<string | null>;

async function nativeDetector(): Promise<BarcodeDetectorLike | null> {
  const Detector = (window as unknown as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
  if (!Detector) return null;
  try {
    const formats = await Detector.getSupportedFormats();
    return formats.includes('qr_code') ? new Detector({ formats: ['qr_code'] }) : null;
  } catch {
    return null;
  }
}

let reader: Promise<QrReader> | null = null;

/** The reader this browser can use, made once. */
export function qrReader(): Promise<QrReader> {
  reader ??= makeReader();
  return reader;
}

async function makeReader(): Promise<QrReader> {
  const native = await nativeDetector();
  if (native) {
    return async ({ source }) => {
      const [code] = await native.detect(source);
      return code?.rawValue ?? null;
    };
  }
  const { default: jsQR } = await import('jsqr');
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true });
  return async ({ source, width, height, window = { x: 0, y: 0, width, height } }, maxSide = 800) => {
    if (!context || window.width === 0 || window.height === 0) return null;
    const scale = Math.min(1, maxSide / Math.max(window.width, window.height));
    canvas.width = Math.round(window.width * scale);
    canvas.height = Math.round(window.height * scale);
    context.drawImage(source, window.x, window.y, window.width, window.height, 0, 0, canvas.width, canvas.height);
    const image = context.getImageData(0, 0, canvas.width, canvas.height);
    return jsQR(image.data, image.width, image.height, { inversionAttempts: 'attemptBoth' })?.data ?? null;
  };
}

/**
 * Windows of half a picture's width and height, a quarter apart (nine): jsQR reads one code per
 * picture and may pair the corner marks of two codes side by side (a photo of a tag sheet), so
 * each window holds fewer of them.
 */
export function halfWindows(width: number, height: number): NonNullable<Frame['window']>[] {
  const steps = [0, 0.25, 0.5];
  return steps.flatMap((top) =>
    steps.map((left) => ({
      x: Math.round(left * width),
      y: Math.round(top * height),
      width: Math.round(width / 2),
      height: Math.round(height / 2),
    })),
  );
}

/**
 * A photo's QR code: tried at a few sizes, since a phone photo is large and a code may be small in
 * it; then in halves of it, where several codes are in the picture.
 */
export async function readPhoto(file: Blob): Promise<string | null> {
  const read = await qrReader();
  const bitmap = await createImageBitmap(file);
  try {
    const frame = { source: bitmap, width: bitmap.width, height: bitmap.height };
    for (const side of [1600, 1000, 640, 2400]) {
      const text = await read(frame, side);
      if (text) return text;
    }
    for (const window of halfWindows(bitmap.width, bitmap.height)) {
      const text = await read({ ...frame, window }, 1000);
      if (text) return text;
    }
    return null;
  } finally {
    bitmap.close();
  }
}
