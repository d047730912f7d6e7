import type { PhotoShot } from '@jewel/contract/catalog';
import { PHOTO_SECTIONS, type PhotoSection } from '@jewel/contract/values/photo-guide';
import { useQuery } from '@tanstack/react-query';
import { Field, fieldDomId } from '../../../components/form/field.tsx';
import { categoriesOptions } from '../../../lib/catalog.ts';
import { Input } from '../../../lib/input.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { type CommodityDraft, TEXT_LIMITS } from '../enroll-model.ts';
import { type FieldGroupProps, PhotoField, useFieldPaths } from './commodity-field-parts.tsx';

/**
 * The photo sections (engraving, inlay, material photos) the form does not ask for on their own
 * (issue 29 item 10): those a shot of the category's photo guide takes, unless the item already
 * has photos there (an older item, a draft), which stay in sight so that nothing is lost.
 */
export function sectionsTakenByShots(
  value: Pick<CommodityDraft, PhotoSection>,
  shots: readonly Pick<PhotoShot, 'covers'>[],
): PhotoSection[] {
  const covered = new Set(shots.map((shot) => shot.covers));
  return PHOTO_SECTIONS.filter((field) => covered.has(field) && value[field].length === 0);
}

/** The marks that tell this item apart: serial number, engraving, and the close-up photos. */
export function MarkFields(props: FieldGroupProps) {
  const { value, onChange, errors, prefix, disabled } = props;
  const { t } = useTranslation('enroll');
  const { at, error } = useFieldPaths(prefix, errors);
  const categories = useQuery(categoriesOptions());
  const shots = categories.data?.find((category) => category.id === value.category_id)?.shots ?? [];
  const taken = sectionsTakenByShots(value, shots);
  const takenBy = shots.filter((shot) => shot.covers !== null && taken.includes(shot.covers));

  return (
    <>
      <h3 className="enroll-section__subtitle">{t('sections.photos')}</h3>
      <Field
        name={at('serial_no')}
        htmlFor={fieldDomId(at('serial_no'))}
        label={t('fields.serial_no')}
        error={error('serial_no')}
      >
        <Input
          id={fieldDomId(at('serial_no'))}
          value={value.serial_no}
          onChange={(next) => onChange({ serial_no: next })}
          placeholder={t('placeholders.serial_no')}
          maxLength={TEXT_LIMITS.serial_no}
          disabled={disabled}
          autoComplete="off"
          clearable
        />
      </Field>
      <Field
        name={at('engraving')}
        htmlFor={fieldDomId(at('engraving'))}
        label={t('fields.engraving')}
        error={error('engraving')}
      >
        <Input
          id={fieldDomId(at('engraving'))}
          value={value.engraving}
          onChange={(next) => onChange({ engraving: next })}
          placeholder={t('placeholders.engraving')}
          maxLength={TEXT_LIMITS.engraving}
          disabled={disabled}
          autoComplete="off"
          clearable
        />
      </Field>
      {PHOTO_SECTIONS.filter((field) => !taken.includes(field)).map((field) => (
        <PhotoField key={field} {...props} field={field} />
      ))}
      {taken.length > 0 ? (
        <p className="muted enroll-section__taken" data-testid="photo-sections-taken">
          {t('guide.sectionsTaken', {
            fields: taken.map((field) => t(`fields.${field}`)).join(t('guide.separator')),
            shots: takenBy.map((shot) => shot.name).join(t('guide.separator')),
          })}
        </p>
      ) : null}
    </>
  );
}
