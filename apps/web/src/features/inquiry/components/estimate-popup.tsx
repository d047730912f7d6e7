import type { Inquiry } from '@jewel/contract/inquiry';
import { CURRENCIES } from '@jewel/contract/values/dictionary';
import { TEXT_MAX } from '@jewel/contract/values/limits';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Input, Popup, Selector, TextArea } from '../../../lib/antd-mobile.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { useEstimateInquiry } from '../api/inquiry-queries.ts';

type Currency = (typeof CURRENCIES)[number];
type Field = 'price_low' | 'price_high';

/** A valuer's estimate of an inquiry: a price range in a currency, and a note for the customer. */
export function EstimatePopup({ inquiry, onClose }: { inquiry: Inquiry; onClose: () => void }) {
  const { t } = useTranslation('inquiry');
  const previous = inquiry.estimate;
  const [low, setLow] = useState(previous ? String(previous.price_low) : '');
  const [high, setHigh] = useState(previous ? String(previous.price_high) : '');
  const [currency, setCurrency] = useState<Currency>((previous?.currency as Currency) ?? 'CNY');
  const [note, setNote] = useState(previous?.note ?? '');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const estimate = useEstimateInquiry(inquiry.id);

  const amount = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));
  const check = (): Partial<Record<Field, string>> => {
    const found: Partial<Record<Field, string>> = {};
    for (const [field, text] of [
      ['price_low', low],
      ['price_high', high],
    ] as const) {
      const value = amount(text);
      if (!Number.isFinite(value) || value < 0) found[field] = t('estimate.amountInvalid');
      else if (currency === 'JPY' && !Number.isInteger(value)) found[field] = t('estimate.wholeYen');
    }
    if (!found.price_low && !found.price_high && amount(high) < amount(low))
      found.price_high = t('estimate.rangeInvalid');
    return found;
  };

  const submit = () => {
    const found = check();
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    estimate.mutate(
      { price_low: amount(low), price_high: amount(high), currency, note },
      {
        onSuccess: onClose,
        onError: (error) => {
          const field = error instanceof ApiError ? (error.data as { field?: string } | null)?.field : undefined;
          setErrors(field === 'price_low' || field === 'price_high' ? { [field]: error.message } : {});
        },
      },
    );
  };

  const priceInput = (field: Field, value: string, onChange: (next: string) => void) => (
    <div className="inquiry-estimate__field">
      <label className="inquiry-estimate__label" htmlFor={`estimate-${field}`}>
        {t(`estimate.${field}`)}
      </label>
      <Input
        id={`estimate-${field}`}
        type="number"
        inputMode={currency === 'JPY' ? 'numeric' : 'decimal'}
        value={value}
        onChange={onChange}
        aria-invalid={Boolean(errors[field]) || undefined}
      />
      <span className="inquiry-estimate__unit">{currency}</span>
      {errors[field] ? (
        <p className="field-error" role="alert">
          {errors[field]}
        </p>
      ) : null}
    </div>
  );

  return (
    <Popup visible onMaskClick={onClose} onClose={onClose} bodyClassName="inquiry-estimate" destroyOnClose>
      <h2 className="inquiry-estimate__title">{t('estimate.title', { name: inquiry.product_name })}</h2>
      <Selector
        columns={3}
        value={[currency]}
        onChange={(value) => value[0] && setCurrency(value[0])}
        options={CURRENCIES.map((code) => ({ value: code, label: code }))}
        aria-label={t('estimate.currency')}
      />
      {priceInput('price_low', low, setLow)}
      {priceInput('price_high', high, setHigh)}
      <label className="inquiry-estimate__label" htmlFor="estimate-note">
        {t('estimate.note')}
      </label>
      <TextArea
        id="estimate-note"
        value={note}
        onChange={setNote}
        maxLength={TEXT_MAX.remark}
        autoSize={{ minRows: 2, maxRows: 4 }}
      />
      <Button block color="primary" size="large" loading={estimate.isPending} onClick={submit}>
        {t('estimate.submit')}
      </Button>
    </Popup>
  );
}
