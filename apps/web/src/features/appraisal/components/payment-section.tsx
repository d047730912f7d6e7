import type { BuybackPrep } from '@jewel/contract/buyback';
import { AML_TEXT_MAX, PAYMENT_METHODS } from '@jewel/contract/values/aml';
import { errorDomId, Field } from '../../../components/form/field.tsx';
import { formatMoney } from '../../../lib/format.ts';
import { Selector } from '../../../lib/selector.tsx';
import { TextArea } from '../../../lib/text-area.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { fieldId } from '../field-id.ts';
import { amlThresholdOf, type PaymentField, type PaymentValues } from '../payment-model.ts';

/**
 * How the seller is paid (every buyback records it), and the purpose of the transaction when
 * precious goods are paid in cash above the threshold (犯罪収益移転防止法 §4).
 */
export function PaymentSection({
  form,
  prep,
  aml,
  currency,
  values,
  errors,
  set,
}: {
  form: string;
  prep: BuybackPrep;
  /** The verification at transaction applies at the entered price and method. */
  aml: boolean;
  currency: string;
  values: PaymentValues;
  errors: Partial<Record<PaymentField, string>>;
  set: <K extends keyof PaymentValues>(name: K, value: PaymentValues[K]) => void;
}) {
  const { t } = useTranslation('buyback');
  const threshold = amlThresholdOf(prep, currency);
  const titleId = `${form}-payment-title`;
  return (
    <section className="card appraisal-section" aria-labelledby={titleId} data-testid="payment-section">
      <h2 className="card__title" id={titleId}>
        {t('payment.title')}
      </h2>
      <Field name="payment_method" label={t('payment.method')} error={errors.payment_method} group required>
        <Selector
          className="appraisal-selector"
          columns={2}
          showCheckMark={false}
          options={PAYMENT_METHODS.map((method) => ({ value: method, label: t(`payment.methods.${method}`) }))}
          value={values.payment_method === null ? [] : [values.payment_method]}
          onChange={([value]) => set('payment_method', value ?? values.payment_method)}
        />
      </Field>
      {prep.aml.precious && threshold !== null ? (
        <p className="muted" data-testid="aml-rule">
          {t('payment.preciousRule', { amount: formatMoney(threshold, currency) })}
        </p>
      ) : null}
      {aml ? (
        <>
          <p className="buyback-lead" role="status" data-testid="aml-required">
            {t('payment.amlRequired', { amount: formatMoney(threshold ?? 0, currency) })}
          </p>
          <Field
            name="transaction_purpose"
            label={t('payment.purpose')}
            error={errors.transaction_purpose}
            htmlFor={fieldId(form, 'transaction_purpose')}
            required
            stacked
          >
            <TextArea
              id={fieldId(form, 'transaction_purpose')}
              value={values.transaction_purpose}
              maxLength={AML_TEXT_MAX.purpose}
              placeholder={t('payment.purposeHint')}
              autoSize={{ minRows: 2, maxRows: 4 }}
              onChange={(value) => set('transaction_purpose', value)}
              aria-invalid={Boolean(errors.transaction_purpose) || undefined}
              aria-describedby={errors.transaction_purpose ? errorDomId('transaction_purpose') : undefined}
            />
          </Field>
        </>
      ) : null}
    </section>
  );
}
