import { useQuery } from '@tanstack/react-query';
import { EditSOutline, PictureOutline } from 'antd-mobile-icons';
import { fieldDomId } from '../../../components/form/field.tsx';
import { PhotoImage } from '../../../components/photos/photo-upload-field.tsx';
import { brandLabel, brandsOptions, categoriesOptions, useOfferedKeeping } from '../../../lib/catalog.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import type { CommodityDraft } from '../enroll-model.ts';

interface CommoditySummaryProps {
  value: CommodityDraft;
  /** The commodity's path in the body (`commodities.0.`). */
  prefix: string;
  /** Its number in the enrollment (1-based), shown in the title. */
  index: number;
  onEdit: () => void;
}

/**
 * A finished commodity folded to one card while the next is entered: its first product photo,
 * product name, brand and category, and the action that opens all its fields again.
 */
export function CommoditySummary({ value, prefix, index, onEdit }: CommoditySummaryProps) {
  const { t } = useTranslation('enroll');
  const brands = useQuery(brandsOptions());
  const categories = useQuery(categoriesOptions());
  const titleId = fieldDomId(`${prefix}title`);
  const chosen = useOfferedKeeping(brands.data, value.brand_id, brandsOptions(true))?.find(
    (item) => item.id === value.brand_id,
  );
  // As its picker showed it.
  const brand = chosen ? brandLabel(chosen) : undefined;
  const category = useOfferedKeeping(categories.data, value.category_id, categoriesOptions(true))?.find(
    (item) => item.id === value.category_id,
  )?.name;
  const photo = value.product_pics[0];

  return (
    <section className="card enroll-commodity enroll-summary" aria-labelledby={titleId} data-summary={prefix}>
      <div className="enroll-section__head">
        <h2 id={titleId} className="enroll-section__title">
          {t('sections.commodity', { index })}
        </h2>
        <button type="button" className="enroll-summary__edit" onClick={onEdit} aria-describedby={titleId}>
          <EditSOutline aria-hidden />
          <span>{t('actions.editCommodity')}</span>
        </button>
      </div>
      <div className="enroll-summary__body">
        <span className="enroll-summary__thumb">
          {photo ? (
            <PhotoImage entry={photo} alt={t('fields.product_pics')} className="enroll-summary__image" />
          ) : (
            <PictureOutline aria-hidden />
          )}
        </span>
        <dl className="enroll-summary__facts">
          <dt>{t('fields.product_name')}</dt>
          <dd className="enroll-summary__name">{value.product_name.trim()}</dd>
          <dt>{t('fields.brand')}</dt>
          <dd>{brand ?? '…'}</dd>
          <dt>{t('fields.category')}</dt>
          <dd>{category ?? '…'}</dd>
        </dl>
      </div>
    </section>
  );
}
