import { Dialog } from '../../lib/dialog.ts';
import { t } from '../../lib/i18n.ts';
import type { PickedPhoto } from '../../lib/photos/photo-uploads.ts';
import { checkPhoto } from '../../lib/photos/prepare-photo.ts';

/** The photos a warning is about, shown above it: the clerk sees which one before choosing. */
function PoorPhotos({ urls, text }: { urls: string[]; text: string }) {
  return (
    <div className="photo-check">
      <div className="photo-check__photos">
        {urls.map((url, index) => (
          <img
            key={url}
            className="photo-check__photo"
            src={url}
            alt={t('enroll:guide.poorPhoto', { index: index + 1, total: urls.length })}
          />
        ))}
      </div>
      <p className="photo-check__text">{text}</p>
    </div>
  );
}

/**
 * The phone's check before upload (docs/decisions.md "The photo guide"): photos that look blurred
 * or too dark are shown and named in a dialog, "Retake" drops them and "Use anyway" keeps them,
 * flagged: the valuer sees them marked (issue 29 item 9). Never a silent refusal; a photo the
 * browser cannot read goes up unchecked.
 */
export async function confirmPhotoQuality(files: File[]): Promise<PickedPhoto[]> {
  const results = await Promise.all(files.map((file) => checkPhoto(file)));
  const picked = files.map((file, index): PickedPhoto => {
    const quality = results[index];
    return { file, flag: quality?.dark ? 'dark' : quality?.blurred ? 'blurred' : null };
  });
  const poor = picked.filter((photo) => photo.flag).map((photo) => photo.file);
  if (poor.length === 0) return picked;
  const only = poor.length === 1 && files.length === 1 ? results[0] : null;
  const text = only
    ? t(only.dark ? 'enroll:guide.dark' : 'enroll:guide.blurred')
    : t('enroll:guide.some', { count: poor.length });
  const urls = poor.map((file) => URL.createObjectURL(file));
  try {
    const useAnyway = await Dialog.confirm({
      'aria-label': text,
      content: <PoorPhotos urls={urls} text={text} />,
      confirmText: t('enroll:guide.useAnyway'),
      cancelText: t('enroll:guide.retakeAction'),
    });
    return useAnyway ? picked : picked.filter((photo) => !photo.flag);
  } finally {
    for (const url of urls) URL.revokeObjectURL(url);
  }
}
