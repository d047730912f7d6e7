import type { Inquiry } from '@jewel/contract/inquiry';
import { CURRENCIES, type Currency } from '@jewel/contract/values/dictionary';
import { TEXT_MAX } from '@jewel/contract/values/limits';
import { useQuery } from '@tanstack/react-query';
import { Field, invalidProps } from '../../../components/form/field.tsx';
import { useForm } from '../../../components/form/use-form.ts';
import { Sheet } from '../../../components/sheet.tsx';
import { Button } from '../../../lib/antd-mobile.ts';
import { Input } from '../../../lib/input.ts';
import { Selector } from '../../../lib/selector.tsx';
import { shopSettingsOptions } from '../../../lib/shop-settings.ts';
import { TextArea } from '../../../lib/text-area.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useEstimateInquiry } from '../api/inquiry-queries.ts';

type PriceField = 'price_low' | 'price_high';

const amount = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

interface EstimatePopupProps {
  inquiry: Inquiry;
  onClose: () => void;
}

/**
 * A valuer's estimate of an inquiry: a price range in a currency, and a note for the customer.
 * A new estimate starts in the shop's currency (one call a session); the valuer may pick another.
 * A sheet like every other: its close button in the corner, Escape and the mask close it too.
 */
export function EstimatePopup(props: EstimatePopupProps) {
  const settings = useQuery(shopSettingsOptions());
  if (settings.isPending) return null;
  // Unknown (the call failed): the first currency, shown selected at the top of the form.
  return <EstimateForm {...props} shopCurrency={settings.data?.default_currency ?? CURRENCIES[0]} />;
}

function EstimateForm({ inquiry, onClose, shopCurrency }: EstimatePopupProps & { shopCurrency: Currency }) {
  const { t } = useTranslation('inquiry');
  const previous = inquiry.estimate;
  const { values, set, errors, handleSubmit } = useForm({
    initial: {
      price_low: previous ? String(previous.price_low) : '',
      price_high: previous ? String(previous.price_high) : '',
      currency: (previous?.currency as Currency | undefined) ?? shopCurrency,
      note: previous?.note ?? '',
    },
    check: ({ price_low, price_high, currency }) => {
      const found: Partial<Record<PriceField, string>> = {};
      for (const [field, text] of [
        ['price_low', price_low],
        ['price_high', price_high],
      ] as const) {
        const value = amount(text);
        if (!Number.isFinite(value) || value < 0) found[field] = t('estimate.amountInvalid');
        else if (currency === 'JPY' && !Number.isInteger(value)) found[field] = t('estimate.wholeYen');
      }
      if (!found.price_low && !found.price_high && amount(price_high) < amount(price_low))
        found.price_high = t('estimate.rangeInvalid');
      return found;
    },
  });
  const estimate = useEstimateInquiry(inquiry.id);

  const submit = handleSubmit(async ({ price_low, price_high, currency, note }) => {
    await estimate.mutateAsync({ price_low: amount(price_low), price_high: amount(price_high), currency, note });
    onClose();
  });

  const priceInput = (field: PriceField) => (
    <Field name={field} label={t(`estimate.${field}`)} htmlFor={`estimate-${field}`} error={errors[field]} stacked>
      <div className="inquiry-estimate__amount">
        <Input
          id={`estimate-${field}`}
          type="number"
          inputMode={values.currency === 'JPY' ? 'numeric' : 'decimal'}
          value={values[field]}
          onChange={(next) => set(field, next)}
          {...invalidProps(field, errors[field])}
        />
        <span className="inquiry-estimate__unit">{values.currency}</span>
      </div>
    </Field>
  );

  return (
    <Sheet
      open
      onClose={onClose}
      title={t('estimate.title', { name: inquiry.product_name })}
      className="inquiry-estimate"
    >
      <Selector
        columns={3}
        value={[values.currency]}
        onChange={(value) => value[0] && set('currency', value[0], 'price_low', 'price_high')}
        options={CURRENCIES.map((code) => ({ value: code, label: code }))}
        aria-label={t('estimate.currency')}
      />
      {priceInput('price_low')}
      {priceInput('price_high')}
      <Field name="note" label={t('estimate.note')} htmlFor="estimate-note" stacked>
        <TextArea
          id="estimate-note"
          value={values.note}
          onChange={(note) => set('note', note)}
          maxLength={TEXT_MAX.remark}
          autoSize={{ minRows: 2, maxRows: 4 }}
        />
      </Field>
      <Button block color="primary" size="large" loading={estimate.isPending} onClick={() => submit()}>
        {t('estimate.submit')}
      </Button>
    </Sheet>
  );
}
