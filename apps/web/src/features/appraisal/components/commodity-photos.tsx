import type { CommodityDetail } from '@jewel/contract/commodity';
import { SHOWN_PHOTO_FIELDS } from '@jewel/contract/values/commodity';
import type { ReactNode } from 'react';
import { useShotNames } from '../../../lib/catalog.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
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
  grid: (photos: string[], label: string, captions?: string[]) => ReactNode;
}) {
  const { t } = useTranslation('enroll');
  // The photo guide's shots: which product photo is which, and what was not taken (issue 17).
  const shots = useShotNames(detail.category.id, detail.product_pic_shots);
  const fields = SHOWN_PHOTO_FIELDS.filter((field) => detail[field].length > 0);
  if (fields.length === 0) return null;
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
            {grid(detail[field], label, field === 'product_pics' ? shots.names : undefined)}
            {field === 'product_pics' && shots.missing.length > 0 ? (
              <p className="appraisal-photos__shots muted">
                {t('guide.missingList', { names: shots.missing.join(t('guide.separator')) })}
              </p>
            ) : null}
          </div>
        );
      })}
    </section>
  );
}
