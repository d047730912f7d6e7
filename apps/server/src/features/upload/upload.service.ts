import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { PrivateUploadKind, UploadedImage } from '@jewel/contract/upload';
import type { PhotoFlag } from '@jewel/contract/values/commodity';
import { THUMBNAIL_LONG_SIDE, UPLOAD_MAX_PIXELS } from '@jewel/contract/values/limits';
import sharp, { type Sharp } from 'sharp';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { newPrivateNames } from '../../lib/private-files.ts';
import type { Storage } from '../../plugins/external/storage.ts';
import { insertUpload } from './upload.repository.ts';

export type SniffedType = 'jpeg' | 'png' | 'webp' | 'heif';
export type StoredMime = UploadedImage['mime'];

const HEIF_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1']);
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The ISO-BMFF brands (major and compatible) of a leading `ftyp` box, or none. */
function ftypBrands(bytes: Buffer): string[] {
  if (bytes.length < 16 || bytes.toString('latin1', 4, 8) !== 'ftyp') return [];
  const size = bytes.readUInt32BE(0);
  if (size < 16 || size > bytes.length || size > 4096) return [];
  const brands = [bytes.toString('latin1', 8, 12)];
  // Bytes 12–16 are the minor version, then compatible brands four bytes each.
  for (let offset = 16; offset + 4 <= size; offset += 4) brands.push(bytes.toString('latin1', offset, offset + 4));
  return brands;
}

/** The image type by magic numbers alone: the file name and Content-Type are the sender's claims. */
export function sniffImageType(bytes: Buffer): SniffedType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return 'png';
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') {
    return 'webp';
  }
  if (ftypBrands(bytes).some((brand) => HEIF_BRANDS.has(brand))) return 'heif';
  return null;
}

const OUTPUT = {
  jpeg: { mime: 'image/jpeg', ext: 'jpg' },
  png: { mime: 'image/png', ext: 'png' },
  webp: { mime: 'image/webp', ext: 'webp' },
} as const;
type OutputFormat = keyof typeof OUTPUT;

const EXTENSION_MIME = new Map<string, StoredMime>([
  ['jpg', 'image/jpeg'],
  ['png', 'image/png'],
  ['webp', 'image/webp'],
]);

/** The Content-Type of a stored name (already checked against the contract's pattern). */
export function mimeOfStoredName(name: string): StoredMime {
  return EXTENSION_MIME.get(name.slice(name.lastIndexOf('.') + 1)) ?? 'image/jpeg';
}

/** Random storage names: 32 hex characters, and the thumbnail beside it. */
export function newStoredNames(mime: StoredMime): { name: string; thumbName: string } {
  const ext = Object.values(OUTPUT).find((output) => output.mime === mime)?.ext ?? 'jpg';
  const base = randomBytes(16).toString('hex');
  return { name: `${base}.${ext}`, thumbName: `${base}-thumb.${ext}` };
}

export interface ProcessedImage {
  mime: StoredMime;
  ext: string;
  /** Re-encoded, orientation applied, no metadata. */
  image: Buffer;
  thumbnail: Buffer;
  width: number;
  height: number;
}

function checkPixels(width: number | undefined, height: number | undefined) {
  if (!width || !height) throw new AppError('uploadUnreadable');
  if (width * height > UPLOAD_MAX_PIXELS) throw new AppError('uploadTooManyPixels');
}

// sharp drops EXIF, XMP, ICC (after converting to sRGB) and GPS unless keepMetadata/withMetadata is called.
function encode(pipeline: Sharp, format: OutputFormat): Sharp {
  if (format === 'jpeg') return pipeline.jpeg({ quality: 85, mozjpeg: true });
  if (format === 'png') return pipeline.png();
  return pipeline.webp({ quality: 85 });
}

async function render(source: () => Sharp, format: OutputFormat): Promise<ProcessedImage> {
  try {
    const main = await encode(source().rotate(), format).toBuffer({ resolveWithObject: true });
    const thumbnail = await encode(
      source().rotate().resize(THUMBNAIL_LONG_SIDE, THUMBNAIL_LONG_SIDE, { fit: 'inside', withoutEnlargement: true }),
      format,
    ).toBuffer();
    const { mime, ext } = OUTPUT[format];
    return { mime, ext, image: main.data, thumbnail, width: main.info.width, height: main.info.height };
  } catch (error) {
    if (error instanceof Error && /pixel limit/i.test(error.message)) throw new AppError('uploadTooManyPixels');
    throw new AppError('uploadUnreadable');
  }
}

async function headerOf(bytes: Buffer) {
  try {
    // Header only, nothing decoded yet: the pixel limit is checked here with a precise answer.
    return await sharp(bytes, { limitInputPixels: false, failOn: 'error' }).metadata();
  } catch {
    throw new AppError('uploadUnreadable');
  }
}

/**
 * Decodes an accepted image and re-encodes it and its thumbnail: JPEG, PNG and WebP keep their
 * format, HEIC/HEIF becomes JPEG. Throws the upload AppErrors for what it refuses.
 */
export async function processImage(bytes: Buffer): Promise<ProcessedImage> {
  const type = sniffImageType(bytes);
  if (!type) throw new AppError('uploadUnsupportedType');
  const header = await headerOf(bytes);
  checkPixels(header.width, header.height);
  const options = { limitInputPixels: UPLOAD_MAX_PIXELS, failOn: 'error' } as const;

  if (type !== 'heif') {
    if (header.format !== type) throw new AppError('uploadUnreadable');
    return render(() => sharp(bytes, options), type);
  }
  // The prebuilt sharp decodes AV1 HEIF (AVIF) but not HEVC (HEIC), which goes through libheif in WASM.
  if (header.compression === 'av1')
    return render(() => sharp(bytes, options).flatten({ background: '#ffffff' }), 'jpeg');
  const raw = await decodeHeic(bytes);
  return render(
    () =>
      sharp(raw.data, { ...options, raw: { width: raw.width, height: raw.height, channels: 4 } }).flatten({
        background: '#ffffff',
      }),
    'jpeg',
  );
}

// Runs in a worker: libheif's WASM decode is synchronous (about a second for a 12 MP photo) and
// would otherwise stall every other request. Plain CommonJS, since eval workers are not transpiled.
const HEIC_WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const decode = require(workerData.decoderPath);
(async () => {
  const images = await decode.all({ buffer: workerData.input });
  try {
    const image = images[0];
    if (!image) return parentPort.postMessage({ error: 'no image' });
    if (image.width * image.height > workerData.maxPixels) return parentPort.postMessage({ tooManyPixels: true });
    const { width, height, data } = await image.decode();
    parentPort.postMessage({ width, height, data }, [data.buffer]);
  } finally {
    images.dispose();
  }
})().catch((error) => parentPort.postMessage({ error: String((error && error.message) || error) }));
`;

const HEIC_TIMEOUT_MS = 60_000;
let decoderPath: string | undefined;

type HeicResult =
  | { width: number; height: number; data: Uint8ClampedArray }
  | { tooManyPixels: true }
  | { error: string };

/** HEVC HEIC → raw RGBA, via heic-decode (libheif-js) in a one-shot worker thread. */
export async function decodeHeic(bytes: Buffer): Promise<{ width: number; height: number; data: Buffer }> {
  decoderPath ??= createRequire(import.meta.url).resolve('heic-decode');
  const worker = new Worker(HEIC_WORKER, {
    eval: true,
    workerData: { decoderPath, input: new Uint8Array(bytes), maxPixels: UPLOAD_MAX_PIXELS },
  });
  const result = await new Promise<HeicResult>((resolve) => {
    const timer = setTimeout(() => resolve({ error: 'timeout' }), HEIC_TIMEOUT_MS);
    const settle = (value: HeicResult) => {
      clearTimeout(timer);
      resolve(value);
    };
    worker.once('message', settle);
    worker.once('error', (error) => settle({ error: error.message }));
    worker.once('exit', () => settle({ error: 'exited' }));
  }).finally(() => void worker.terminate());
  if ('tooManyPixels' in result) throw new AppError('uploadTooManyPixels');
  if ('error' in result) throw new AppError('uploadUnreadable');
  checkPixels(result.width, result.height);
  if (result.data.length !== result.width * result.height * 4) throw new AppError('uploadUnreadable');
  return {
    width: result.width,
    height: result.height,
    data: Buffer.from(result.data.buffer, result.data.byteOffset, result.data.byteLength),
  };
}

/**
 * Re-encodes the photo, stores it and its thumbnail, and records them as the caller's. A private
 * kind (an identity document, a signature) gets a `p-` name that only signed links serve. A photo
 * kept after the phone's check found it poor carries its `flag`.
 */
export async function storeUpload(
  db: Db,
  storage: Storage,
  ownerId: number,
  bytes: Buffer,
  kind: 'photo' | PrivateUploadKind = 'photo',
  flag: PhotoFlag | null = null,
) {
  const processed = await processImage(bytes);
  const { name, thumbName } = kind === 'photo' ? newStoredNames(processed.mime) : newPrivateNames(processed.ext);
  // The files first, then the row: a row never names a file that is not there. Each put is whole
  // or nothing (a rename, an S3 PutObject); what was stored before a failure is taken back.
  const stored: string[] = [];
  let id: string;
  try {
    await storage.put(name, processed.image);
    stored.push(name);
    await storage.put(thumbName, processed.thumbnail);
    stored.push(thumbName);
    id = await insertUpload(db, {
      ownerId,
      name,
      thumbName,
      mime: processed.mime,
      width: processed.width,
      height: processed.height,
      size: processed.image.length,
      kind,
      flag,
    });
  } catch (error) {
    // Best effort: a store that just failed may refuse this too, leaving an object no row names
    // under a random name nobody was given.
    await Promise.allSettled(stored.map((stale) => storage.remove(stale)));
    throw error;
  }
  return {
    id,
    name,
    url: `/api/files/${name}`,
    thumb_url: `/api/files/${thumbName}`,
    mime: processed.mime,
    width: processed.width,
    height: processed.height,
    size: processed.image.length,
  };
}
