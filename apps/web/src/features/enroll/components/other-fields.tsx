import { PRIORITY } from '@jewel/contract/values/commodity';
import { useQuery } from '@tanstack/react-query';
import { errorDomId, Field, fieldDomId } from '../../../components/form/field.tsx';
import { PickerField } from '../../../components/form/picker-field.tsx';
import { idOptions, valuersOptions } from '../../../lib/catalog.ts';
import { Switch } from '../../../lib/switch.tsx';
import { TextArea } from '../../../lib/text-area.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { TEXT_LIMITS } from '../enroll-model.ts';
import { asId, type FieldGroupProps, useFieldPaths } from './commodity-field-parts.tsx';

export interface OtherFieldsProps extends FieldGroupProps {
  /** The valuer is chosen at enrollment only (later: distribute). */
  showValuer?: boolean;
}

/** The rest: remark, urgency and, at enrollment, the valuer. */
export function OtherFields({ value, onChange, errors, prefix, disabled, showValuer }: OtherFieldsProps) {
  const { t } = useTranslation('enroll');
  const { at, error } = useFieldPaths(prefix, errors);
  const valuers = useQuery({ ...valuersOptions(), enabled: Boolean(showValuer) });

  return (
    <>
      <h3 className="enroll-section__subtitle">{t('sections.other')}</h3>
      <Field
        name={at('remark')}
        htmlFor={fieldDomId(at('remark'))}
        label={t('fields.remark')}
        error={error('remark')}
        stacked
      >
        <TextArea
          id={fieldDomId(at('remark'))}
          value={value.remark}
          onChange={(next) => onChange({ remark: next })}
          placeholder={t('placeholders.remark')}
          maxLength={TEXT_LIMITS.remark}
          autoSize={{ minRows: 2, maxRows: 6 }}
          showCount
          disabled={disabled}
        />
      </Field>
      <Field name={at('priority')} label={t('fields.priority')} error={error('priority')}>
        <div className="enroll-switch">
          <span className="muted">{t('status.urgentHint')}</span>
          <Switch
            aria-label={t('fields.priority')}
            checked={value.priority === PRIORITY.urgent}
            disabled={disabled}
            onChange={(checked) => onChange({ priority: checked ? PRIORITY.urgent : PRIORITY.normal })}
          />
        </div>
      </Field>
      {showValuer ? (
        <Field
          name={at('valuer_id')}
          htmlFor={fieldDomId(at('valuer_id'))}
          label={t('fields.valuer')}
          error={error('valuer_id')}
        >
          <PickerField
            id={fieldDomId(at('valuer_id'))}
            errorId={errorDomId(at('valuer_id'))}
            label={t('fields.valuer')}
            value={value.valuer_id}
            options={idOptions(valuers.data)}
            loading={valuers.isPending}
            failed={valuers.isError}
            onRetry={() => valuers.refetch()}
            noneLabel={t('placeholders.noValuer')}
            disabled={disabled}
            onChange={(picked) => onChange({ valuer_id: asId(picked) })}
          />
        </Field>
      ) : null}
    </>
  );
}
