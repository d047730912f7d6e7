import { jpegName, shrinkPhoto } from './compress-photo.ts';
import type { PrepareAnswer, PrepareRequest } from './compress-worker.ts';

/**
 * A picked photo made ready to upload (compress-photo.ts's rules): in the photo worker where the
 * browser can run one with OffscreenCanvas, on the page otherwise or when the worker fails.
 */

/** The user-timing entry of one photo's preparation, read by `npm run bench:photo` (cheap, and not data). */
export const PREPARE_MEASURE = 'photo-prepare';

/** The photo worker: undefined until first needed, null when there is none (unsupported, or it broke). */
let worker: Worker | null | undefined;
let nextId = 0;
const pending = new Map<number, { resolve: (blob: Blob | null) => void; reject: (error: Error) => void }>();

function photoWorker(): Worker | null {
  if (worker !== undefined) return worker;
  worker = null;
  if (
    typeof Worker !== 'function' ||
    typeof OffscreenCanvas !== 'function' ||
    typeof createImageBitmap !== 'function'
  ) {
    return null;
  }
  try {
    const made = new Worker(new URL('./compress-worker.ts', import.meta.url), { type: 'module' });
    made.addEventListener('message', (event: MessageEvent<PrepareAnswer>) => {
      const answer = event.data;
      const waiting = pending.get(answer.id);
      pending.delete(answer.id);
      if ('failed' in answer) waiting?.reject(new Error('the photo worker could not prepare the photo'));
      else waiting?.resolve(answer.blob);
    });
    // It could not start (offline before it was kept, a browser that refuses module workers) or
    // crashed: the page prepares this and every later photo itself.
    const broken = () => {
      made.terminate();
      worker = null;
      for (const waiting of pending.values()) waiting.reject(new Error('the photo worker stopped'));
      pending.clear();
    };
    made.addEventListener('error', broken);
    made.addEventListener('messageerror', broken);
    worker = made;
  } catch {
    worker = null;
  }
  return worker;
}

function inWorker(target: Worker, file: File): Promise<Blob | null> {
  return new Promise((resolve, reject) => {
    const id = nextId++;
    pending.set(id, { resolve, reject });
    target.postMessage({ id, file } satisfies PrepareRequest);
  });
}

async function shrink(file: File): Promise<Blob | null> {
  const target = photoWorker();
  if (target) {
    try {
      return await inWorker(target, file);
    } catch {
      // The worker could not: this thread tries.
    }
  }
  return shrinkPhoto(file);
}

/**
 * The photo to upload: the original when it already fits (or when the browser cannot decode
 * it, e.g. HEIC: the server converts), else a JPEG within 2048 px and 1 MB, upright.
 */
export async function compressPhoto(file: File): Promise<File> {
  const started = performance.now();
  try {
    const blob = await shrink(file);
    return blob ? new File([blob], jpegName(file.name), { type: 'image/jpeg', lastModified: file.lastModified }) : file;
  } catch {
    return file;
  } finally {
    try {
      performance.measure(PREPARE_MEASURE, { start: started, end: performance.now() });
    } catch {
      // An engine without user timing level 3: nothing measured.
    }
  }
}
