import { SIZE_UNITS } from '@jewel/contract/values/dictionary';
import { errorDomId, Field, fieldDomId } from '../../../components/form/field.tsx';
import { Input } from '../../../lib/input.ts';
import { Selector } from '../../../lib/selector.tsx';
import { useTranslation } from '../../../lib/use-translation.ts';
import type { SizeUnit } from '../enroll-model.ts';
import { type FieldGroupProps, PhotoField, useFieldPaths } from './commodity-field-parts.tsx';

/** Size and weight: length, width, their unit and photo, weight and its photo. */
export function MeasureFields(props: FieldGroupProps) {
  const { value, onChange, errors, prefix, disabled } = props;
  const { t } = useTranslation('enroll');
  const { at, error } = useFieldPaths(prefix, errors);

  const measureInput = (field: 'length' | 'width' | 'weight') => (
    <Input
      id={fieldDomId(at(field))}
      value={value[field]}
      onChange={(next) => onChange({ [field]: next })}
      placeholder={t('placeholders.optional')}
      inputMode="decimal"
      maxLength={12}
      aria-invalid={errors[at(field)] ? true : undefined}
      aria-describedby={errors[at(field)] ? errorDomId(at(field)) : undefined}
      disabled={disabled}
      autoComplete="off"
    />
  );

  return (
    <>
      <h3 className="enroll-section__subtitle">{t('sections.measure')}</h3>
      <Field
        name={at('length')}
        htmlFor={fieldDomId(at('length'))}
        label={t('fields.length')}
        error={error('length')}
        extra={<span className="enroll-unit">{value.size_unit}</span>}
      >
        {measureInput('length')}
      </Field>
      <Field
        name={at('width')}
        htmlFor={fieldDomId(at('width'))}
        label={t('fields.width')}
        error={error('width')}
        extra={<span className="enroll-unit">{value.size_unit}</span>}
      >
        {measureInput('width')}
      </Field>
      <Field name={at('size_unit')} label={t('fields.size_unit')} error={error('size_unit')}>
        <fieldset aria-label={t('fields.size_unit')} className="enroll-group enroll-units">
          <Selector
            columns={3}
            disabled={disabled}
            options={SIZE_UNITS.map((unit) => ({ value: unit, label: unit }))}
            value={[value.size_unit]}
            onChange={(next) => {
              const unit = next[0] as SizeUnit | undefined;
              if (unit) onChange({ size_unit: unit });
            }}
          />
        </fieldset>
      </Field>
      <PhotoField {...props} field="size_pics" />
      <Field
        name={at('weight')}
        htmlFor={fieldDomId(at('weight'))}
        label={t('fields.weight')}
        error={error('weight')}
        extra={<span className="enroll-unit">{value.weight_unit}</span>}
      >
        {measureInput('weight')}
      </Field>
      <PhotoField {...props} field="weight_pics" />
    </>
  );
}
