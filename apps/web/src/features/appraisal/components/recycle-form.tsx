import { IS_RECYCLE } from '@jewel/contract/values/commodity';
import { CURRENCIES } from '@jewel/contract/values/dictionary';
import { useTranslation } from 'react-i18next';
import { Field } from '../../../components/form/field.tsx';
import { PickerField } from '../../../components/form/picker-field.tsx';
import { useForm } from '../../../components/form/use-form.ts';
import { Input, Selector } from '../../../lib/antd-mobile.ts';
import type { AppraisalOptions, Option } from '../api/appraisal-queries.ts';
import {
  type Currency,
  checkRecycle,
  type FieldProblem,
  LIMITS,
  RECYCLE_FIELDS,
  type RecycleFormValues,
} from '../appraisal-model.ts';
import { fieldId } from '../field-id.ts';
import '../appraisal.css';
import { problemTexts, refusalTexts } from '../problem-texts.ts';

/**
 * The customer's decision (`recycleSchema`): the shop buys the item (a price in a currency; JPY in
 * whole yen) or the customer takes it back. The submit button lives in the page's footer.
 */
export function RecycleForm({
  id,
  initial,
  options,
  onSubmit,
  onChange,
  estimate,
}: {
  id: string;
  /** The final price estimate, shown under the price as a guide. */
  estimate?: string;
  initial: RecycleFormValues;
  options: AppraisalOptions;
  onSubmit: (values: RecycleFormValues) => Promise<void>;
  /** The page's footer names the action by the choice. */
  onChange?: (values: RecycleFormValues) => void;
}) {
  const { t } = useTranslation('appraisal');
  const text = (problem: FieldProblem, currency: Currency) =>
    t(`errors.${problem}`, { max: LIMITS.money, digits: currency === 'JPY' ? 0 : 2 });
  const { values, errors, ...form } = useForm({
    initial,
    check: (entered: RecycleFormValues) =>
      problemTexts(RECYCLE_FIELDS, checkRecycle(entered), (_field, problem) => text(problem, entered.currency)),
    refusal: (error, entered) =>
      refusalTexts(error, RECYCLE_FIELDS, (_field, problem) => text(problem, entered.currency)),
  });

  // A changed choice or currency takes the price's error away too.
  const set = <K extends keyof RecycleFormValues>(name: K, value: RecycleFormValues[K]) => {
    form.set(name, value, ...(name === 'currency' || name === 'is_recycle' ? ['price'] : []));
    onChange?.({ ...values, [name]: value });
  };

  const submit = form.handleSubmit(onSubmit, () => document.getElementById(id));

  const currencyOptions: Option<Currency>[] = (
    options.currency.length ? options.currency : CURRENCIES.map((code) => ({ value: code, label: code }))
  )
    .filter((option) => (CURRENCIES as readonly string[]).includes(String(option.value)))
    .map((option) => ({ value: option.value as Currency, label: option.label }));
  // The dictionary's labels ("yes" / "no"), in its order, each with what it means.
  const choices = options.isRecycle.map((option) => ({
    value: option.value,
    label: option.label,
    description: option.value === IS_RECYCLE.yes ? t('recycle.buyHint') : t('recycle.giveBackHint'),
  }));

  return (
    <form id={id} className="appraisal-form" noValidate onSubmit={submit}>
      <section className="card appraisal-section" aria-labelledby={`${id}-title`}>
        <h2 className="card__title" id={`${id}-title`}>
          {t('recycle.decision')}
        </h2>
        <Field name="is_recycle" label={t('recycle.isRecycle')} error={errors.is_recycle} group>
          <Selector
            className="appraisal-selector appraisal-selector--recycle"
            columns={2}
            showCheckMark={false}
            options={choices}
            value={values.is_recycle === null ? [] : [values.is_recycle]}
            onChange={([value]) => set('is_recycle', value ?? values.is_recycle)}
          />
        </Field>
        {values.is_recycle === IS_RECYCLE.yes ? (
          <>
            <Field name="currency" htmlFor={fieldId(id, 'currency')} label={t('form.currency')} error={errors.currency}>
              <PickerField
                id={fieldId(id, 'currency')}
                label={t('form.currency')}
                options={currencyOptions}
                value={values.currency}
                placeholder={t('form.choose')}
                onChange={(value) => value !== null && set('currency', value)}
              />
            </Field>
            <Field
              name="price"
              htmlFor={fieldId(id, 'price')}
              label={t('recycle.price')}
              error={errors.price}
              hint={estimate}
            >
              <div className="appraisal-amount">
                <Input
                  id={fieldId(id, 'price')}
                  value={values.price}
                  inputMode={values.currency === 'JPY' ? 'numeric' : 'decimal'}
                  placeholder="0"
                  onChange={(value) => set('price', value)}
                  aria-invalid={Boolean(errors.price) || undefined}
                />
                <span className="appraisal-amount__unit">{values.currency}</span>
              </div>
            </Field>
          </>
        ) : null}
      </section>
    </form>
  );
}
