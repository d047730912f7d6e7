import { Dialog } from '../../lib/dialog.ts';
import { t } from '../../lib/i18n.ts';
import { checkPhoto } from '../../lib/photos/prepare-photo.ts';

/**
 * The phone's check before upload (docs/decisions.md "The photo guide"): photos that look blurred
 * or too dark are named in a dialog, "Retake" drops them and "Use anyway" keeps them. Never a
 * silent refusal; a photo the browser cannot read goes up unchecked.
 */
export async function confirmPhotoQuality(files: File[]): Promise<File[]> {
  const results = await Promise.all(files.map((file) => checkPhoto(file)));
  const poor = files.filter((_, index) => {
    const quality = results[index];
    return quality ? quality.blurred || quality.dark : false;
  });
  if (poor.length === 0) return files;
  const only = poor.length === 1 && files.length === 1 ? results[0] : null;
  const content = only
    ? t(only.dark ? 'enroll:guide.dark' : 'enroll:guide.blurred')
    : t('enroll:guide.some', { count: poor.length });
  const useAnyway = await Dialog.confirm({
    content,
    confirmText: t('enroll:guide.useAnyway'),
    cancelText: t('enroll:guide.retakeAction'),
  });
  return useAnyway ? files : files.filter((file) => !poor.includes(file));
}
