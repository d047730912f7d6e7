import { Field, fieldDomId } from '../../../components/form/field.tsx';
import { Input } from '../../../lib/input.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { TEXT_LIMITS } from '../enroll-model.ts';
import { type FieldGroupProps, PhotoField, useFieldPaths } from './commodity-field-parts.tsx';

/** The marks that tell this item apart: serial number, engraving, and the close-up photos. */
export function MarkFields(props: FieldGroupProps) {
  const { value, onChange, errors, prefix, disabled } = props;
  const { t } = useTranslation('enroll');
  const { at, error } = useFieldPaths(prefix, errors);

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
      <PhotoField {...props} field="engraving_pics" />
      <PhotoField {...props} field="inlay_pics" />
      <PhotoField {...props} field="material_pics" />
    </>
  );
}
