import type { BuybackPrep } from '@jewel/contract/buyback';
import { MIN_SELLER_AGE } from '@jewel/contract/values/buyback';
import { IS_RECYCLE } from '@jewel/contract/values/commodity';
import type { Ref } from 'react';
import { Field } from '../../../components/form/field.tsx';
import type { FieldErrors } from '../../../components/form/use-form.ts';
import { refusalField, useForm } from '../../../components/form/use-form.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { Selector } from '../../../lib/selector.tsx';
import { useTranslation } from '../../../lib/use-translation.ts';
import type { AppraisalOptions } from '../api/appraisal-queries.ts';
import {
  type Currency,
  checkRecycle,
  type FieldProblem,
  LIMITS,
  parseAmount,
  RECYCLE_FIELDS,
  type RecycleFormValues,
} from '../appraisal-model.ts';
import {
  checkIdentity,
  checkNeeded,
  IDENTITY_FIELDS,
  type IdentityField,
  type IdentityValues,
  identityFieldOf,
  thresholdOf,
} from '../buyback-model.ts';
import { declarationText } from '../declaration-model.ts';
import '../appraisal.css';
import './buyback-lock.css';
import { amlNeeded, checkPayment, PAYMENT_FIELDS, type PaymentField, type PaymentValues } from '../payment-model.ts';
import { problemTexts, refusalTexts } from '../problem-texts.ts';
import { IdentitySection } from './identity-section.tsx';
import { CurrencyField, MoneyField } from './money-fields.tsx';
import { PaymentSection } from './payment-section.tsx';
import type { SignatureHandle } from './signature-field.tsx';
import { SignedDeclaration } from './signing-view.tsx';

/** The whole recycle form: the decision and price, and for a buyback the lawful part. */
export type RecycleValues = RecycleFormValues & IdentityValues & PaymentValues;

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
  prep,
  guest = false,
  signature,
  locked = false,
}: {
  id: string;
  /** The final price estimate, shown under the price as a guide. */
  estimate?: string;
  initial: RecycleValues;
  options: AppraisalOptions;
  /** What a buyback needs from the server: the rule, the customer's record, today's checks. */
  prep?: BuybackPrep;
  /** A guest recorder may hand the item back but not buy it (no identity data for guests). */
  guest?: boolean;
  /** The signature pad, read when the page submits. */
  signature: Ref<SignatureHandle>;
  /**
   * A stolen-goods alert waits for its acknowledgement: the seller's identity and signature are
   * shown but disabled, so that a watched item is stopped before the seller shows ID.
   */
  locked?: boolean;
  onSubmit: (values: RecycleValues) => Promise<void>;
  /** The page's footer names the action by the choice. */
  onChange?: (values: RecycleValues) => void;
}) {
  const { t } = useTranslation('appraisal');
  const { t: tb } = useTranslation('buyback');
  const text = (problem: FieldProblem, currency: Currency) =>
    t(`errors.${problem}`, { max: LIMITS.money, digits: currency === 'JPY' ? 0 : 2 });
  // 犯罪収益移転防止法 §4: precious goods paid in cash above the threshold need the check and the purpose.
  const amlAt = (entered: RecycleValues) =>
    amlNeeded(prep, parseAmount(entered.price), entered.currency, entered.payment_method);
  const neededAt = (entered: RecycleValues) =>
    checkNeeded(prep, parseAmount(entered.price), entered.currency) || amlAt(entered);
  const { values, errors, ...form } = useForm<RecycleValues>({
    initial,
    check: (entered) => {
      const found: FieldErrors = problemTexts(RECYCLE_FIELDS, checkRecycle(entered), (_field, problem) =>
        text(problem, entered.currency),
      );
      if (entered.is_recycle !== IS_RECYCLE.yes) return found;
      const lawful = checkIdentity(entered, neededAt(entered), prep?.today ?? '');
      for (const field of IDENTITY_FIELDS) {
        const problem = lawful[field];
        if (problem) found[field] = tb(`problems.${problem}`, { age: MIN_SELLER_AGE });
      }
      const payment = checkPayment(entered, amlAt(entered));
      for (const field of PAYMENT_FIELDS) {
        const problem = payment[field];
        if (problem) found[field] = tb(`problems.${problem}`);
      }
      return found;
    },
    refusal: (error, entered) => {
      const found = refusalTexts(error, RECYCLE_FIELDS, (_field, problem) => text(problem, entered.currency));
      return { ...found, ...lawfulRefusal(error) };
    },
  });

  // A changed choice or currency takes the price's error away too.
  const set = <K extends keyof RecycleValues>(name: K, value: RecycleValues[K]) => {
    const also =
      name === 'currency' || name === 'is_recycle'
        ? ['price']
        : name === 'signed'
          ? ['signature']
          : name === 'reuse_check_id'
            ? [...IDENTITY_FIELDS]
            : [];
    form.set(name, value, ...also);
    onChange?.({ ...values, [name]: value });
  };
  const buying = values.is_recycle === IS_RECYCLE.yes;
  const needed = neededAt(values);

  const submit = form.handleSubmit(onSubmit, () => document.getElementById(id));

  // The dictionary's labels ("yes" / "no"), in its order, each with what it means.
  const choices = options.isRecycle.map((option) => ({
    value: option.value,
    label: option.label,
    description:
      option.value === IS_RECYCLE.yes
        ? guest
          ? tb('guestCannotBuy')
          : t('recycle.buyHint')
        : t('recycle.giveBackHint'),
    disabled: guest && option.value === IS_RECYCLE.yes,
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
              required
              onChange={(value) => set('price', value)}
            />
          </>
        ) : null}
      </section>
      {buying && prep ? (
        <PaymentSection
          form={id}
          prep={prep}
          aml={amlAt(values)}
          currency={values.currency}
          values={values}
          errors={errors as Partial<Record<PaymentField, string>>}
          set={(name, value) => set(name, value as RecycleValues[typeof name])}
        />
      ) : null}
      {buying && prep ? (
        <fieldset className="buyback-lock" disabled={locked} data-testid="buyback-lawful">
          <IdentitySection
            form={id}
            prep={prep}
            needed={needed}
            threshold={thresholdOf(prep, values.currency)}
            currency={values.currency}
            values={values}
            errors={errors as Partial<Record<IdentityField, string>>}
            set={(name, value) => set(name, value as RecycleValues[typeof name])}
          />
          <section className="card appraisal-section" aria-labelledby={`${id}-signature-title`}>
            <h2 className="card__title" id={`${id}-signature-title`}>
              {tb('signatureTitle')}
            </h2>
            <SignedDeclaration
              form={id}
              ref={signature}
              error={errors.signature}
              render={(lang) => declarationText(lang, values, prep, needed)}
              onSignedChange={(signed) => {
                if (signed !== values.signed) set('signed', signed);
              }}
            />
          </section>
        </fieldset>
      ) : null}
    </form>
  );
}

/** A refusal naming a field of the lawful part (`identity.birth_date`, `signature`): the server's words there. */
function lawfulRefusal(error: ApiError): FieldErrors {
  if (!(error instanceof ApiError)) return {};
  const named = refusalField(error);
  const payment = named && (PAYMENT_FIELDS as readonly string[]).includes(named.field);
  if (named && payment) return { [named.field as PaymentField]: named.message };
  const field = named ? identityFieldOf(named.field) : null;
  return named && field ? { [field]: named.message } : {};
}
