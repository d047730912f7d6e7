import type { BuybackPrep } from '@jewel/contract/buyback';
import { documentsInShopOrder, MIN_SELLER_AGE } from '@jewel/contract/values/buyback';
import { BUYBACK_TEXT_MAX, DOCUMENT_PICS_MAX, MY_NUMBER_CARD } from '@jewel/contract/values/buyback-rules';
import type { Lang } from '@jewel/contract/values/i18n';
import { TEXT_MAX } from '@jewel/contract/values/limits';
import { useQuery } from '@tanstack/react-query';
import { DateField } from '../../../components/form/date-field.tsx';
import { errorDomId, Field } from '../../../components/form/field.tsx';
import { PickerField } from '../../../components/form/picker-field.tsx';
import { PhotoUploadField } from '../../../components/photos/photo-upload-field.tsx';
import { formatMoney, formatTime } from '../../../lib/format.ts';
import { Input } from '../../../lib/input.ts';
import { Selector } from '../../../lib/selector.tsx';
import { shopSettingsOptions } from '../../../lib/shop-settings.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { type IdentityField, type IdentityValues, visitOf } from '../buyback-model.ts';
import { fieldId } from '../field-id.ts';

const NEW_CHECK = 0;

/**
 * The seller's identity check (古物営業法 §15) when the shop's rule asks for it at the entered
 * price: today's check of the same customer reused, or a new one (document type, number, photos,
 * and the seller's name, address, occupation and birth date, prefilled from the customer's
 * record). Below the threshold it says so instead.
 */
export function IdentitySection({
  form,
  prep,
  needed,
  threshold,
  currency,
  values,
  errors,
  set,
}: {
  form: string;
  prep: BuybackPrep;
  needed: boolean;
  /** The lowest price needing the check in this currency, when not every price does. */
  threshold: number | null;
  currency: string;
  values: IdentityValues;
  errors: Partial<Record<IdentityField, string>>;
  set: <K extends keyof IdentityValues>(name: K, value: IdentityValues[K]) => void;
}) {
  const { t, lang } = useTranslation('buyback');
  // The shop's country's documents first (its currency says where it is).
  const shopCurrency = useQuery(shopSettingsOptions()).data?.default_currency;
  const titleId = `${form}-identity-title`;
  const documentLabel = (type: string) => t(`documentTypes.${type}`);
  // Issue 27: what this customer sold in this visit so far, and why the goods are checked at any price.
  const { visitTotal } = visitOf(prep, currency);
  const visitNote =
    visitTotal > 0 ? (
      <p className="muted" data-testid="identity-visit-total">
        {t('visitTotal', { amount: formatMoney(visitTotal, currency) })}
      </p>
    ) : null;
  const reasons = prep.any_price_reasons
    .map((reason) => reason.name[lang as Lang] ?? reason.code)
    .join(t('listSeparator'));

  if (!needed) {
    return (
      <section className="card appraisal-section" aria-labelledby={titleId}>
        <h2 className="card__title" id={titleId}>
          {t('identityTitle')}
        </h2>
        <p className="muted" data-testid="identity-not-required">
          {threshold !== null
            ? t('notRequiredBelow', { amount: formatMoney(threshold, currency) })
            : t('notRequiredYet')}
        </p>
        {visitNote}
      </section>
    );
  }

  const reuseChoices = [
    ...prep.recent_checks.map((check) => ({
      value: check.id,
      // A My Number card has no number to show, only its type (issue 27 item 1).
      label: t(check.document_hint ? 'reuseCheck' : 'reuseCheckNoNumber', {
        document: documentLabel(check.document_type),
        hint: check.document_hint,
        time: formatTime(check.checked_at),
      }),
    })),
    { value: NEW_CHECK, label: t('newCheck') },
  ];
  const reusing = values.reuse_check_id !== null;
  const myNumberCard = values.document_type === MY_NUMBER_CARD;

  const text = (
    name: 'document_number' | 'name' | 'address' | 'occupation',
    label: string,
    max: number,
    extra: { autoComplete?: string; inputMode?: 'text' | 'numeric' } = {},
  ) => (
    <Field name={name} htmlFor={fieldId(form, name)} label={label} error={errors[name]} required>
      {/* The same box as the price's, so that an empty field shows where to type. */}
      <div className="appraisal-amount">
        <Input
          id={fieldId(form, name)}
          value={values[name]}
          maxLength={max}
          autoComplete={extra.autoComplete ?? 'off'}
          inputMode={extra.inputMode}
          onChange={(value) => set(name, value)}
          aria-invalid={Boolean(errors[name]) || undefined}
          aria-describedby={errors[name] ? errorDomId(name) : undefined}
        />
      </div>
    </Field>
  );

  return (
    <section className="card appraisal-section" aria-labelledby={titleId} data-testid="identity-section">
      <h2 className="card__title" id={titleId}>
        {t('identityTitle')}
      </h2>
      <p className="muted buyback-lead" data-testid="identity-required-why">
        {prep.any_price_reasons.length > 0
          ? t('requiredAnyPrice', { reasons, age: MIN_SELLER_AGE })
          : threshold !== null
            ? t('requiredFrom', { amount: formatMoney(threshold, currency), age: MIN_SELLER_AGE })
            : t('requiredAlways', { age: MIN_SELLER_AGE })}
      </p>
      {visitNote}
      {prep.recent_checks.length > 0 ? (
        <Field name="reuse_check_id" label={t('todaysCheck')} error={errors.reuse_check_id} group>
          <Selector
            className="buyback-reuse"
            columns={1}
            showCheckMark={false}
            options={reuseChoices}
            value={[values.reuse_check_id ?? NEW_CHECK]}
            onChange={([value]) => set('reuse_check_id', value === undefined || value === NEW_CHECK ? null : value)}
          />
        </Field>
      ) : null}
      {reusing ? null : (
        <>
          <Field
            name="document_type"
            htmlFor={fieldId(form, 'document_type')}
            label={t('documentType')}
            error={errors.document_type}
            required
          >
            <PickerField
              id={fieldId(form, 'document_type')}
              label={t('documentType')}
              options={documentsInShopOrder(shopCurrency).map((type) => ({ value: type, label: documentLabel(type) }))}
              value={values.document_type}
              invalid={Boolean(errors.document_type)}
              errorId={errorDomId('document_type')}
              onChange={(type) => set('document_type', type)}
            />
          </Field>
          {myNumberCard ? (
            <Field
              name="document_expiry"
              label={t('documentExpiry')}
              hint={t('myNumberNoNumber')}
              error={errors.document_expiry}
              group
              required
            >
              <DateField
                id={fieldId(form, 'document_expiry')}
                min={prep.today}
                max="2099-12-31"
                value={values.document_expiry}
                onChange={(next) => set('document_expiry', next)}
                invalid={Boolean(errors.document_expiry)}
                describedBy={errors.document_expiry ? errorDomId('document_expiry') : undefined}
              />
            </Field>
          ) : (
            text('document_number', t('documentNumber'), BUYBACK_TEXT_MAX.documentNumber)
          )}
          {myNumberCard ? (
            <p className="buyback-warning" role="note" data-testid="my-number-front-only">
              {t('myNumberFrontOnly')}
            </p>
          ) : null}
          <Field name="document_pics" label={t('documentPhotos')} error={errors.document_pics} stacked required>
            <PhotoUploadField
              label={t('documentPhotos')}
              value={values.document_pics}
              onChange={(next) => set('document_pics', next)}
              invalid={Boolean(errors.document_pics)}
              errorId={errors.document_pics ? errorDomId('document_pics') : undefined}
              max={DOCUMENT_PICS_MAX}
              target="document"
            />
          </Field>
          {text('name', t('name'), TEXT_MAX.personName, { autoComplete: 'name' })}
          {text('address', t('address'), TEXT_MAX.address, { autoComplete: 'street-address' })}
          {text('occupation', t('occupation'), BUYBACK_TEXT_MAX.occupation)}
          <Field name="birth_date" label={t('birthDate')} error={errors.birth_date} group required>
            <DateField
              id={fieldId(form, 'birth_date')}
              min="1900-01-01"
              max={prep.today}
              value={values.birth_date}
              onChange={(next) => set('birth_date', next)}
              newestFirst
              invalid={Boolean(errors.birth_date)}
              describedBy={errors.birth_date ? errorDomId('birth_date') : undefined}
            />
          </Field>
        </>
      )}
    </section>
  );
}
