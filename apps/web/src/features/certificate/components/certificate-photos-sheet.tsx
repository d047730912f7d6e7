import { CERTIFICATE_PHOTOS_MAX } from '@jewel/contract/values/commodity';
import { useState } from 'react';
import { Button } from '../../../lib/antd-mobile.ts';
import { thumbOf } from '../../../lib/photos/photo-paths.ts';
import { successToast } from '../../../lib/toast.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useChooseCertificatePhotos } from '../api/certificate-queries.ts';
import { type CertificatePhotoSource, certificatePhotos, toggled } from '../certificate-photos.ts';

/**
 * The valuer's choice of the certificate's photos (issue 29 item 2): the item's product photos,
 * each a toggle numbered in the order chosen (four at most), a flagged one marked; saved, or the
 * default again. `onDone` closes the sheet.
 */
export default function CertificatePhotosSheet({
  id,
  item,
  onDone,
}: {
  id: number;
  item: CertificatePhotoSource;
  onDone: () => void;
}) {
  const { t } = useTranslation(['certificate', 'photos']);
  const choose = useChooseCertificatePhotos(id);
  const [chosen, setChosen] = useState<string[]>(() => certificatePhotos(item));
  const save = async (photos: string[] | null) => {
    // A refusal is toasted by the API client.
    if ((await choose.mutateAsync(photos).catch(() => null)) === null) return;
    successToast(t('photos.saved'));
    onDone();
  };
  return (
    <div className="certificate-photos">
      <p className="muted certificate-photos__hint" aria-live="polite">
        {t('photos.chosen', { count: chosen.length, max: CERTIFICATE_PHOTOS_MAX })}
      </p>
      <ul className="certificate-photos__grid">
        {item.product_pics.map((photo, index) => {
          const at = chosen.indexOf(photo);
          const flag = item.photo_flags?.[photo];
          const name = [
            t('photos.photo', { index: index + 1 }),
            flag ? t(`photos:flag.${flag}`) : null,
            at >= 0 ? t('photos.position', { position: at + 1 }) : null,
          ]
            .filter(Boolean)
            .join(' · ');
          return (
            <li key={photo}>
              <button
                type="button"
                className="certificate-photos__tile"
                aria-pressed={at >= 0}
                aria-label={name}
                disabled={at < 0 && chosen.length >= CERTIFICATE_PHOTOS_MAX}
                onClick={() => setChosen((current) => toggled(current, photo))}
              >
                <img src={thumbOf(photo)} alt="" />
                {at >= 0 ? (
                  <span className="certificate-photos__position" aria-hidden>
                    {at + 1}
                  </span>
                ) : null}
                {flag ? (
                  <span className="photo-grid__flag" aria-hidden>
                    {t(`photos:flag.${flag}`)}
                  </span>
                ) : null}
              </button>
            </li>
          );
        })}
      </ul>
      <div className="certificate-photos__actions">
        <Button size="large" loading={choose.isPending} onClick={() => void save(null)}>
          {t('photos.default')}
        </Button>
        <Button
          color="primary"
          size="large"
          loading={choose.isPending}
          disabled={chosen.length === 0}
          onClick={() => void save(chosen)}
        >
          {t('photos.save')}
        </Button>
      </div>
    </div>
  );
}
