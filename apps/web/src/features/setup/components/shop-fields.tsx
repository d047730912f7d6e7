import { CURRENCIES } from '@jewel/contract/values/dictionary';
import { LANGS, type Lang } from '@jewel/contract/values/i18n';
import { errorDomId, Field, fieldDomId, invalidProps } from '../../../components/form/field.tsx';
import { PickerField } from '../../../components/form/picker-field.tsx';
import type { FieldErrors } from '../../../components/form/use-form.ts';
import type { TFunction } from '../../../lib/i18n.ts';
import { Input } from '../../../lib/input.ts';
import { Selector } from '../../../lib/selector.tsx';
import { TextArea } from '../../../lib/text-area.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import {
  checkShop,
  type FieldProblem,
  SHOP_FIELD_LIMITS,
  SHOP_FIELDS,
  type ShopField,
  type ShopValues,
} from '../shop-model.ts';
import '../setup.css';

/*
 * The shop's details are one area, set by the setup page and changed later by the managers' shop
 * details page (issue 28): both pages live in this feature and share these fields, their checks
 * (shop-model.ts) and their texts (the `setup` namespace's `fields.shop_*`, hints, zones and
 * problems). A shared component in components/ would have had to read a feature's namespace, or
 * move these texts into a namespace of their own and repeat the problems the owner's fields share.
 */

type TypedShopField = keyof typeof SHOP_FIELD_LIMITS;

/** The zone's offset now ("GMT+9"), beside its name in the picker; nothing where the browser cannot say it. */
function offsetOf(zone: string, lang: Lang): string {
  try {
    const parts = new Intl.DateTimeFormat(lang, { timeZone: zone, timeZoneName: 'shortOffset' }).formatToParts();
    return parts.find((part) => part.type === 'timeZoneName')?.value ?? '';
  } catch {
    return '';
  }
}

/** A time zone in words: "Japan (Tokyo)" for those of the short list, else its IANA name with spaces. */
export function zoneName(t: TFunction, zone: string): string {
  return t(`setup:zones.${zone}`, { defaultValue: zone.replace(/_/g, ' ') });
}

/** A shop field's problem in words. */
export function shopProblemText(t: TFunction, field: ShopField, problem: FieldProblem): string {
  if (field === 'shop_languages') return t('setup:problems.languages');
  if (field === 'shop_currency' || field === 'shop_time_zone') return t('setup:problems.choose');
  if (problem === 'characters') return t('setup:problems.characters');
  if (problem === 'required') return t('errors:cannotBeEmpty');
  return t('setup:problems.tooLong', { max: SHOP_FIELD_LIMITS[field as TypedShopField] });
}

/** The shop's problems in words, in the order of the form (`useForm`'s `check`). */
export function shopErrors(t: TFunction, values: ShopValues): FieldErrors {
  const problems = checkShop(values);
  return Object.fromEntries(
    SHOP_FIELDS.filter((field) => problems[field]).map((field) => [
      field,
      shopProblemText(t, field, problems[field] as FieldProblem),
    ]),
  );
}

interface TextRowProps {
  name: string;
  label: string;
  value: string;
  maxLength: number;
  error?: string;
  onChange: (value: string) => void;
  hint?: string;
  type?: string;
  inputMode?: 'tel';
  autoComplete?: string;
  placeholder?: string;
}

/** A required one-line text of these forms, its label beside it (above it when it has a hint). */
export function TextRow({ name, label, value, maxLength, error, onChange, hint, ...input }: TextRowProps) {
  return (
    <Field name={name} label={label} required error={error} htmlFor={fieldDomId(name)} hint={hint} stacked={!!hint}>
      <Input
        id={fieldDomId(name)}
        value={value}
        maxLength={maxLength}
        onChange={onChange}
        autoComplete="off"
        {...input}
        {...invalidProps(name, error)}
      />
    </Field>
  );
}

interface ShopFieldsProps {
  values: ShopValues;
  /** `useForm`'s `set`, of a form whose values hold these (a method: the setup form's hold more). */
  set<K extends ShopField>(field: K, value: ShopValues[K]): void;
  errors: FieldErrors;
  /** The time zones offered (`timeZoneChoices`). */
  zones: string[];
  /** The languages were chosen by hand. */
  onLanguagesChosen?: () => void;
}

/**
 * The shop's details as fields: name, address, phone, licence number (with its hint), currency and
 * time zone pickers, and the languages, the first chosen being the main one.
 */
export function ShopFields({ values, set, errors, zones, onLanguagesChosen }: ShopFieldsProps) {
  const { t, lang } = useTranslation('setup');
  const text = (field: 'shop_name' | 'shop_phone' | 'shop_licence_no', props: Partial<TextRowProps> = {}) => (
    <TextRow
      name={field}
      label={t(`fields.${field}`)}
      value={values[field]}
      maxLength={SHOP_FIELD_LIMITS[field]}
      error={errors[field]}
      onChange={(value) => set(field, value)}
      {...props}
    />
  );
  const zoneLabel = (zone: string) => {
    const offset = offsetOf(zone, lang);
    return offset ? `${zoneName(t, zone)} (${offset})` : zoneName(t, zone);
  };

  return (
    <>
      {text('shop_name', { autoComplete: 'organization' })}
      <Field
        name="shop_address"
        label={t('fields.shop_address')}
        required
        error={errors.shop_address}
        htmlFor={fieldDomId('shop_address')}
        stacked
      >
        <TextArea
          id={fieldDomId('shop_address')}
          value={values.shop_address}
          maxLength={SHOP_FIELD_LIMITS.shop_address}
          autoSize={{ minRows: 1, maxRows: 4 }}
          onChange={(value) => set('shop_address', value)}
          {...invalidProps('shop_address', errors.shop_address)}
        />
      </Field>
      {text('shop_phone', { type: 'tel', inputMode: 'tel' })}
      {text('shop_licence_no', { hint: t('licenceHint') })}
      <Field
        name="shop_currency"
        label={t('fields.shop_currency')}
        required
        error={errors.shop_currency}
        htmlFor={fieldDomId('shop_currency')}
      >
        <PickerField
          id={fieldDomId('shop_currency')}
          label={t('fields.shop_currency')}
          value={values.shop_currency}
          options={CURRENCIES.map((code) => ({ value: code, label: code }))}
          onChange={(value) => value && set('shop_currency', value)}
          invalid={Boolean(errors.shop_currency)}
          errorId={errorDomId('shop_currency')}
        />
      </Field>
      <Field
        name="shop_time_zone"
        label={t('fields.shop_time_zone')}
        required
        error={errors.shop_time_zone}
        htmlFor={fieldDomId('shop_time_zone')}
      >
        <PickerField
          id={fieldDomId('shop_time_zone')}
          label={t('fields.shop_time_zone')}
          value={values.shop_time_zone}
          options={zones.map((zone) => ({ value: zone, label: zoneLabel(zone) }))}
          onChange={(value) => value && set('shop_time_zone', value)}
          invalid={Boolean(errors.shop_time_zone)}
          errorId={errorDomId('shop_time_zone')}
        />
      </Field>
      <Field
        name="shop_languages"
        label={t('fields.shop_languages')}
        required
        error={errors.shop_languages}
        hint={t('languagesHint')}
        group
      >
        <Selector
          multiple
          showCheckMark
          columns={2}
          options={LANGS.map((code) => ({
            value: code,
            label: <span lang={code}>{t(`common:language.${code}`)}</span>,
          }))}
          value={values.shop_languages}
          onChange={(chosen) => {
            onLanguagesChosen?.();
            set('shop_languages', chosen);
          }}
        />
      </Field>
    </>
  );
}
