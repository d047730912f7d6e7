import { IS_RECYCLE } from '@jewel/contract/values/commodity';
import { useTranslation } from 'react-i18next';
import { Field } from '../../../components/form/field.tsx';
import { useForm } from '../../../components/form/use-form.ts';
import { Selector } from '../../../lib/selector.tsx';
import type { AppraisalOptions } from '../api/appraisal-queries.ts';
import {
  type Currency,
  checkRecycle,
  type FieldProblem,
  LIMITS,
  RECYCLE_FIELDS,
  type RecycleFormValues,
} from '../appraisal-model.ts';
import '../appraisal.css';
import { problemTexts, refusalTexts } from '../problem-texts.ts';
import { CurrencyField, MoneyField } from './money-fields.tsx';

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
            <CurrencyField
              form={id}
              options={options.currency}
              value={values.currency}
              error={errors.currency}
              onChange={(currency) => set('currency', currency)}
            />
            <MoneyField
              form={id}
              name="price"
              label={t('recycle.price')}
              value={values.price}
              currency={values.currency}
              error={errors.price}
              hint={estimate}
              onChange={(value) => set('price', value)}
            />
          </>
        ) : null}
      </section>
    </form>
  );
}
