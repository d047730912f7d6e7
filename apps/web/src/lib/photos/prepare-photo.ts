import { jpegName, shrinkPhoto } from './compress-photo.ts';
import type { WorkerAnswer, WorkerRequest } from './compress-worker.ts';
import { checkPhotoFile, type PhotoQuality } from './photo-quality.ts';

/**
 * A picked photo checked (photo-quality.ts) and made ready to upload (compress-photo.ts's rules):
 * in the photo worker where the browser can run one with OffscreenCanvas, on the page otherwise
 * or when the worker fails.
 */

/** The user-timing entry of one photo's preparation, read by `npm run bench:photo` (cheap, and not data). */
export const PREPARE_MEASURE = 'photo-prepare';

/** The photo worker: undefined until first needed, null when there is none (unsupported, or it broke). */
let worker: Worker | null | undefined;
let nextId = 0;
const pending = new Map<number, { resolve: (answer: WorkerAnswer) => void; reject: (error: Error) => void }>();

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
    made.addEventListener('message', (event: MessageEvent<WorkerAnswer>) => {
      const answer = event.data;
      const waiting = pending.get(answer.id);
      pending.delete(answer.id);
      if ('failed' in answer) waiting?.reject(new Error('the photo worker could not do its task'));
      else waiting?.resolve(answer);
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

/** The task in the photo worker when there is one and it can, on this thread otherwise. */
async function inWorker<T>(
  task: WorkerRequest['task'],
  file: File,
  read: (answer: WorkerAnswer) => T,
  onThePage: (file: File) => Promise<T>,
): Promise<T> {
  const target = photoWorker();
  if (target) {
    try {
      const answer = await new Promise<WorkerAnswer>((resolve, reject) => {
        const id = nextId++;
        pending.set(id, { resolve, reject });
        target.postMessage({ id, task, file } satisfies WorkerRequest);
      });
      return read(answer);
    } catch {
      // The worker could not: this thread tries.
    }
  }
  return onThePage(file);
}

const shrink = (file: File) =>
  inWorker('prepare', file, (answer) => ('blob' in answer ? answer.blob : null), shrinkPhoto);

/**
 * The photo guide's measures of a picked photo (photo-quality.ts), null when it is not judged.
 * The whole-picture decode and draw run in the worker: on the page they were tasks of 0.2–0.6 s
 * per 12 MP photo.
 */
export const checkPhoto = (file: File): Promise<PhotoQuality | null> =>
  inWorker('check', file, (answer) => ('quality' in answer ? answer.quality : null), checkPhotoFile);

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
