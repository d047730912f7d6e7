/**
 * The photo worker: decodes, shrinks and encodes a picked photo off the page's thread, so the
 * page stays responsive while a 12 MP photo is prepared (issue 16), and runs the photo guide's
 * blur and darkness check there too. One worker serves every photo (prepare-photo.ts makes it on
 * first use).
 */
import { shrinkPhoto } from './compress-photo.ts';
import { checkPhotoFile, type PhotoQuality } from './photo-quality.ts';

export interface WorkerRequest {
  id: number;
  /** `prepare`: the smaller photo to upload; `check`: the photo guide's measures. */
  task: 'prepare' | 'check';
  file: File;
}

/**
 * `blob` null: send the original as it is; `quality` null: not judged; `failed`: the page does
 * the task itself.
 */
export type WorkerAnswer =
  | { id: number; blob: Blob | null }
  | { id: number; quality: PhotoQuality | null }
  | { id: number; failed: true };

self.addEventListener('message', (event: MessageEvent<WorkerRequest>) => {
  const { id, task, file } = event.data;
  const answer = (message: WorkerAnswer) => self.postMessage(message);
  const failed = () => answer({ id, failed: true });
  if (task === 'check') checkPhotoFile(file).then((quality) => answer({ id, quality }), failed);
  else shrinkPhoto(file).then((blob) => answer({ id, blob }), failed);
});
