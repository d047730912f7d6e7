import type { CommodityDetail } from '@jewel/contract/commodity';
import { SHOWN_PHOTO_FIELDS } from '@jewel/contract/values/commodity';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { categoriesOptions } from '../../../lib/catalog.ts';
import '../appraisal.css';

/**
 * The commodity's photos by kind, labelled as on the register form, for the valuer to look at
 * while appraising. `grid` draws one kind (the photos feature's grid with its viewer).
 */
export function CommodityPhotos({
  detail,
  grid,
}: {
  detail: CommodityDetail;
  grid: (photos: string[], label: string) => ReactNode;
}) {
  const { t } = useTranslation('enroll');
  // The photo guide's shots: which product photo is which, and what was not taken (issue 17).
  const guided = detail.product_pic_shots.some(Boolean);
  const shots = useQuery({ ...categoriesOptions(), enabled: guided }).data?.find(
    (category) => category.id === detail.category.id,
  )?.shots;
  const fields = SHOWN_PHOTO_FIELDS.filter((field) => detail[field].length > 0);
  if (fields.length === 0) return null;
  const shotName = (code: string) => shots?.find((shot) => shot.code === code)?.name ?? code;
  const missing = (shots ?? []).filter((shot) => !detail.product_pic_shots.includes(shot.code));
  return (
    <section className="card appraisal-photos" aria-labelledby="appraisal-photos-title">
      <h2 className="card__title" id="appraisal-photos-title">
        {t('enroll:sections.photos')}
      </h2>
      {fields.map((field) => {
        const label = t(`enroll:fields.${field}`);
        return (
          <div key={field} className="appraisal-photos__group">
            <h3 className="appraisal-photos__label">{label}</h3>
            {grid(detail[field], label)}
            {field === 'product_pics' && guided && shots ? (
              <p className="appraisal-photos__shots muted">
                {detail.product_pic_shots
                  .flatMap((code, index) =>
                    code ? [t('guide.photoShot', { index: index + 1, name: shotName(code) })] : [],
                  )
                  .join(t('guide.separator'))}
                {missing.length > 0
                  ? ` · ${t('guide.missingList', { names: missing.map((shot) => shot.name).join(t('guide.separator')) })}`
                  : null}
              </p>
            ) : null}
          </div>
        );
      })}
    </section>
  );
}
