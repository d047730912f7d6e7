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

/** A frame or a picture with its size in pixels. */
export interface Frame {
  source: CanvasImageSource;
  width: number;
  height: number;
}

/** Reads the first QR code of a frame, scaled down to `maxSide` pixels at most; null when none. */
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
  return async ({ source, width, height }, maxSide = 800) => {
    if (!context || width === 0 || height === 0) return null;
    const scale = Math.min(1, maxSide / Math.max(width, height));
    canvas.width = Math.round(width * scale);
    canvas.height = Math.round(height * scale);
    context.drawImage(source, 0, 0, canvas.width, canvas.height);
    const image = context.getImageData(0, 0, canvas.width, canvas.height);
    return jsQR(image.data, image.width, image.height, { inversionAttempts: 'attemptBoth' })?.data ?? null;
  };
}

/** A photo's QR code: tried at a few sizes, since a phone photo is large and a code may be small in it. */
export async function readPhoto(file: Blob): Promise<string | null> {
  const read = await qrReader();
  const bitmap = await createImageBitmap(file);
  try {
    const frame = { source: bitmap, width: bitmap.width, height: bitmap.height };
    for (const side of [1600, 1000, 640, 2400]) {
      const text = await read(frame, side);
      if (text) return text;
    }
    return null;
  } finally {
    bitmap.close();
  }
}
