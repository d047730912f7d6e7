import { DeleteOutline } from 'antd-mobile-icons';
import { fieldDomId } from '../../../components/form/field.tsx';
import { useTranslation } from '../../../lib/use-translation.ts';
import { MarkFields } from './mark-fields.tsx';
import { MeasureFields } from './measure-fields.tsx';
import { OtherFields, type OtherFieldsProps } from './other-fields.tsx';
import { ProductFields } from './product-fields.tsx';

interface CommodityFieldsProps extends OtherFieldsProps {
  /** Its number in the enrollment (1-based), shown in the title. */
  index: number;
  /** Offered when the enrollment has more than one commodity. */
  onRemove?: () => void;
}

/** Every field of one commodity (SPEC.md §3), grouped in titled sections, one component per group. */
export function CommodityFields({ index, showValuer, onRemove, ...group }: CommodityFieldsProps) {
  const { t } = useTranslation('enroll');
  const titleId = fieldDomId(`${group.prefix}title`);

  return (
    <section className="card form-section enroll-commodity" aria-labelledby={titleId}>
      <div className="enroll-section__head">
        <h2 id={titleId} className="enroll-section__title">
          {t('sections.commodity', { index })}
        </h2>
        {onRemove && !group.disabled ? (
          <button type="button" className="enroll-section__remove" onClick={onRemove}>
            <DeleteOutline aria-hidden />
            <span>{t('actions.removeCommodity', { index })}</span>
          </button>
        ) : null}
      </div>

      <ProductFields {...group} />
      <MeasureFields {...group} />
      <MarkFields {...group} />
      <OtherFields {...group} showValuer={showValuer} />
    </section>
  );
}
