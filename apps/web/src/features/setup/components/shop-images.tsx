import type { ShopImages as Images } from '@jewel/contract/shop';
import { type ChangeEvent, useRef, useState } from 'react';
import { Button } from '../../../lib/antd-mobile.ts';
import { thumbOf } from '../../../lib/photos/photo-paths.ts';
import { UPLOAD_MAX_MB, uploadChosenPicture } from '../../../lib/picture-upload.ts';
import { successToast } from '../../../lib/toast.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useChangeShopImages } from '../api/shop-queries.ts';

type Field = keyof Images;
const FIELDS: readonly Field[] = ['logo', 'seal'];

/**
 * The shop's logo and seal (issue 28 item 4, issue 29 item 2), printed on its certificates: each
 * chosen, uploaded and saved at once (PUT /api/shop/images), replaced or removed.
 */
export function ShopImages({ images }: { images: Images }) {
  const { t } = useTranslation('shop');
  const change = useChangeShopImages();
  const [busy, setBusy] = useState<Field | null>(null);
  const inputs = { logo: useRef<HTMLInputElement>(null), seal: useRef<HTMLInputElement>(null) };

  const save = async (field: Field, path: string | null, done: string) => {
    // A refusal is toasted by the API client.
    const answer = await change.mutateAsync({ ...images, [field]: path }).catch(() => undefined);
    if (answer) successToast(t(done, { what: t(`images.${field}`) }));
  };

  const pick = async (field: Field, event: ChangeEvent<HTMLInputElement>) => {
    // Busy from the upload's start until the picture is saved too.
    try {
      const url = await uploadChosenPicture(event.target, t('images.tooLarge', { mb: UPLOAD_MAX_MB }), (busy) => {
        if (busy) setBusy(field);
      });
      if (url) await save(field, url, 'images.saved');
    } finally {
      setBusy(null);
    }
  };

  return (
    <section className="card shop-images" aria-labelledby="shop-images">
      <h2 className="card__title" id="shop-images">
        {t('images.title')}
      </h2>
      <p className="muted shop-images__hint">{t('images.hint')}</p>
      <div className="shop-images__list">
        {FIELDS.map((field) => {
          const path = images[field];
          const what = t(`images.${field}`);
          return (
            <div key={field} className="shop-image" data-field={field}>
              <span className="shop-image__label">{what}</span>
              <div className="shop-image__preview" aria-busy={busy === field}>
                {path ? (
                  <img src={thumbOf(path)} alt={t('images.alt', { what })} />
                ) : (
                  <span className="muted">{t('images.none')}</span>
                )}
              </div>
              <input
                ref={inputs[field]}
                type="file"
                accept="image/*"
                hidden
                data-testid={`shop-image-${field}`}
                onChange={(event) => void pick(field, event)}
              />
              <Button
                size="small"
                color="primary"
                fill="outline"
                loading={busy === field}
                aria-label={`${path ? t('images.replace') : t('images.choose')}: ${what}`}
                onClick={() => inputs[field].current?.click()}
              >
                {path ? t('images.replace') : t('images.choose')}
              </Button>
              {path ? (
                <button
                  type="button"
                  className="link-button shop-image__remove"
                  aria-label={`${t('images.remove')}: ${what}`}
                  disabled={busy !== null}
                  onClick={() => void save(field, null, 'images.removed')}
                >
                  {t('images.remove')}
                </button>
              ) : null}
            </div>
          );
        })}
      </div>
    </section>
  );
}
