/**
 * The photo worker: decodes, shrinks and encodes a picked photo off the page's thread, so the
 * page stays responsive while a 12 MP photo is prepared (issue 16). One worker serves every photo
 * (prepare-photo.ts makes it on first use).
 */
import { shrinkPhoto } from './compress-photo.ts';

export interface PrepareRequest {
  id: number;
  file: File;
}

/** `blob` null: send the original as it is; `failed`: the page prepares the photo itself. */
export type PrepareAnswer = { id: number; blob: Blob | null } | { id: number; failed: true };

self.addEventListener('message', (event: MessageEvent<PrepareRequest>) => {
  const { id, file } = event.data;
  const answer = (message: PrepareAnswer) => self.postMessage(message);
  shrinkPhoto(file).then(
    (blob) => answer({ id, blob }),
    () => answer({ id, failed: true }),
  );
});
