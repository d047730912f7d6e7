import { UPLOAD_MAX_BYTES } from '@jewel/contract/values/limits';
import { uploadImage } from './api-client.ts';
import { toast } from './toast.ts';

/** The largest picture a manager may upload, in MB, as the "too large" texts say it. */
export const UPLOAD_MAX_MB = Math.round(UPLOAD_MAX_BYTES / 1024 / 1024);

/**
 * The picture a file input chose (a banner's, a cover, the shop's logo or seal), uploaded at once:
 * its address, or null when none was chosen, it is too large (`tooLarge` is toasted) or the upload
 * failed (toasted by the API client). `uploading` is told when the upload starts and ends; the
 * input is emptied, so that the same file chosen again still counts.
 */
export async function uploadChosenPicture(
  input: HTMLInputElement,
  tooLarge: string,
  uploading: (busy: boolean) => void,
): Promise<string | null> {
  const file = input.files?.[0];
  input.value = '';
  if (!file) return null;
  if (file.size > UPLOAD_MAX_BYTES) {
    toast(tooLarge);
    return null;
  }
  uploading(true);
  try {
    return (await uploadImage(file).catch(() => null))?.url ?? null;
  } finally {
    uploading(false);
  }
}
