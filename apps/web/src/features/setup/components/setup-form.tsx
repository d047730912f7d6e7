import { CURRENCIES } from '@jewel/contract/values/dictionary';
import { LANGS, type Lang } from '@jewel/contract/values/i18n';
import { PASSWORD_MIN_LENGTH } from '@jewel/contract/values/limits';
import { EyeInvisibleOutline, EyeOutline } from 'antd-mobile-icons';
import { useEffect, useRef, useState } from 'react';
import { errorDomId, Field, fieldDomId, invalidProps } from '../../../components/form/field.tsx';
import { PickerField } from '../../../components/form/picker-field.tsx';
import { refusalField, useForm } from '../../../components/form/use-form.ts';
import { Input } from '../../../lib/input.ts';
import { Selector } from '../../../lib/selector.tsx';
import { TextArea } from '../../../lib/text-area.ts';
import { successToast } from '../../../lib/toast.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useSetUpShop } from '../api/setup-queries.ts';
import {
  browserTimeZone,
  checkSetup,
  emptySetup,
  fieldOfRefusal,
  SETUP_FIELDS,
  SETUP_LIMITS,
  type SetupField,
  type SetupProblem,
  type SetupValues,
  timeZoneChoices,
  toShopSetup,
} from '../setup-model.ts';
import '../setup.css';

/** The form's id, for its submit button in the page footer. */
export const SETUP_FORM_ID = 'setup-form';

type TypedField = keyof typeof SETUP_LIMITS;

/** The zone's offset now ("GMT+9"), beside its name in the picker; nothing where the browser cannot say it. */
function offsetOf(zone: string, lang: Lang): string {
  try {
    const parts = new Intl.DateTimeFormat(lang, { timeZone: zone, timeZoneName: 'shortOffset' }).formatToParts();
    return parts.find((part) => part.type === 'timeZoneName')?.value ?? '';
  } catch {
    return '';
  }
}

/**
 * "Set up your shop": the owner, who signs in with this mobile and password, and the shop's
 * details, checked with the contract's rules (setup-model.ts) before the server checks them again.
 */
export function SetupForm() {
  const { t, lang } = useTranslation('setup');
  const setUp = useSetUpShop();
  const [ownZone] = useState(browserTimeZone);
  const { values, set, errors, handleSubmit } = useForm({
    initial: () => emptySetup(lang, ownZone),
    check: (entered: SetupValues) => {
      const problems = checkSetup(entered);
      return Object.fromEntries(
        SETUP_FIELDS.filter((field) => problems[field]).map((field) => [
          field,
          message(field, problems[field] as SetupProblem),
        ]),
      );
    },
    // The server names `owner.mobile`, `shop.languages.0`: the form's fields are flat.
    refusal: (error) => {
      const named = refusalField(error);
      const field = named && fieldOfRefusal(named.field);
      return named && field ? { [field]: named.message } : {};
    },
  });
  const [showPassword, setShowPassword] = useState(false);

  /** A field's problem in words. */
  function message(field: SetupField, problem: SetupProblem): string {
    if (field === 'shop_languages') return t('problems.languages');
    if (field === 'shop_currency' || field === 'shop_time_zone') return t('problems.choose');
    if (problem === 'characters') return t('problems.characters');
    if (problem === 'required') return t('errors:cannotBeEmpty');
    if (problem === 'invalid') return t('problems.mobile');
    if (problem === 'tooShort') return t('problems.tooShort', { min: PASSWORD_MIN_LENGTH });
    return t('problems.tooLong', { max: SETUP_LIMITS[field as TypedField] });
  }

  // Until the languages are chosen by hand, they follow the interface's (the language switch).
  const languagesChosen = useRef(false);
  const shownLang = useRef(lang);
  useEffect(() => {
    if (shownLang.current === lang) return;
    shownLang.current = lang;
    if (!languagesChosen.current) set('shop_languages', [lang]);
  });

  // A submit the checks refused puts the focus on the first field in error, ready to fix.
  const checked = useRef(false);
  useEffect(() => {
    if (!checked.current) return;
    checked.current = false;
    const first = SETUP_FIELDS.find((field) => errors[field]);
    if (first) document.getElementById(fieldDomId(first))?.focus();
  }, [errors]);

  // A refusal is toasted by the API client; one naming a field is shown under it too (useForm).
  // Once set up, the page leaves for login (setup-screen.tsx).
  const submit = handleSubmit(async (entered) => {
    await setUp.mutateAsync(toShopSetup(entered));
    successToast(t('done'));
  });

  const text = (
    field: TypedField,
    props: { type?: string; inputMode?: 'tel'; autoComplete?: string; placeholder?: string } = {},
  ) => (
    <Field name={field} label={t(`fields.${field}`)} required error={errors[field]} htmlFor={fieldDomId(field)}>
      <Input
        id={fieldDomId(field)}
        value={values[field]}
        maxLength={SETUP_LIMITS[field]}
        onChange={(value) => set(field, value)}
        autoComplete="off"
        {...props}
        {...invalidProps(field, errors[field])}
      />
    </Field>
  );
  const zoneLabel = (zone: string) => {
    const name = t(`zones.${zone}`, { defaultValue: zone.replace(/_/g, ' ') });
    const offset = offsetOf(zone, lang);
    return offset ? `${name} (${offset})` : name;
  };

  return (
    <form
      id={SETUP_FORM_ID}
      className="setup-form"
      noValidate
      onSubmit={(event) => {
        checked.current = true;
        void submit(event);
      }}
    >
      <p className="muted setup-note">{t('intro')}</p>
      <section className="card form-section" aria-labelledby="setup-owner">
        <h2 className="card__title" id="setup-owner">
          {t('owner.title')}
        </h2>
        <p className="muted setup-note">{t('owner.hint')}</p>
        {text('owner_name', { autoComplete: 'name' })}
        {text('owner_mobile', { type: 'tel', inputMode: 'tel', autoComplete: 'username' })}
        <Field
          name="owner_password"
          label={t('fields.owner_password')}
          required
          error={errors.owner_password}
          htmlFor={fieldDomId('owner_password')}
          extra={
            <button
              type="button"
              className="icon-button"
              aria-label={t(showPassword ? 'hidePassword' : 'showPassword')}
              onClick={() => setShowPassword((shown) => !shown)}
            >
              {showPassword ? <EyeOutline /> : <EyeInvisibleOutline />}
            </button>
          }
        >
          <Input
            id={fieldDomId('owner_password')}
            value={values.owner_password}
            maxLength={SETUP_LIMITS.owner_password}
            onChange={(value) => set('owner_password', value)}
            type={showPassword ? 'text' : 'password'}
            autoComplete="new-password"
            placeholder={t('passwordPlaceholder', { min: PASSWORD_MIN_LENGTH })}
            {...invalidProps('owner_password', errors.owner_password)}
          />
        </Field>
      </section>

      <section className="card form-section" aria-labelledby="setup-shop">
        <h2 className="card__title" id="setup-shop">
          {t('shop.title')}
        </h2>
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
            maxLength={SETUP_LIMITS.shop_address}
            autoSize={{ minRows: 1, maxRows: 4 }}
            onChange={(value) => set('shop_address', value)}
            {...invalidProps('shop_address', errors.shop_address)}
          />
        </Field>
        {text('shop_phone', { type: 'tel', inputMode: 'tel' })}
        <Field
          name="shop_licence_no"
          label={t('fields.shop_licence_no')}
          required
          error={errors.shop_licence_no}
          htmlFor={fieldDomId('shop_licence_no')}
          hint={t('licenceHint')}
          stacked
        >
          <Input
            id={fieldDomId('shop_licence_no')}
            value={values.shop_licence_no}
            maxLength={SETUP_LIMITS.shop_licence_no}
            onChange={(value) => set('shop_licence_no', value)}
            autoComplete="off"
            {...invalidProps('shop_licence_no', errors.shop_licence_no)}
          />
        </Field>
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
            options={timeZoneChoices(ownZone).map((zone) => ({ value: zone, label: zoneLabel(zone) }))}
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
              languagesChosen.current = true;
              set('shop_languages', chosen);
            }}
          />
        </Field>
      </section>
    </form>
  );
}
