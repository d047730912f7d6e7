import { PASSWORD_MIN_LENGTH } from '@jewel/contract/values/limits';
import { EyeInvisibleOutline, EyeOutline } from 'antd-mobile-icons';
import { useEffect, useRef, useState } from 'react';
import { Field, fieldDomId, invalidProps } from '../../../components/form/field.tsx';
import { refusalField, useForm } from '../../../components/form/use-form.ts';
import { Input } from '../../../lib/input.ts';
import { successToast } from '../../../lib/toast.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useSetUpShop } from '../api/setup-queries.ts';
import {
  checkSetup,
  emptySetup,
  fieldOfRefusal,
  SETUP_FIELDS,
  SETUP_LIMITS,
  type SetupProblem,
  type SetupValues,
  toShopSetup,
} from '../setup-model.ts';
import { browserTimeZone, type ShopField, timeZoneChoices } from '../shop-model.ts';
import { useFocusFirstError } from './focus-first-error.ts';
import { ShopFields, shopProblemText, TextRow } from './shop-fields.tsx';
import '../setup.css';

/** The form's id, for its submit button in the page footer. */
export const SETUP_FORM_ID = 'setup-form';

type OwnerField = 'owner_name' | 'owner_mobile' | 'owner_password';

/**
 * "Set up your shop": the owner, who signs in with this mobile and password, and the shop's
 * details (the fields the shop details page shares, shop-fields.tsx), checked with the contract's
 * rules (setup-model.ts) before the server checks them again.
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
          field.startsWith('owner_')
            ? ownerMessage(field as OwnerField, problems[field] as SetupProblem)
            : shopProblemText(t, field as ShopField, problems[field] as SetupProblem),
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

  /** An owner's field's problem in words. */
  function ownerMessage(field: OwnerField, problem: SetupProblem): string {
    if (problem === 'characters') return t('problems.characters');
    if (problem === 'required') return t('errors:cannotBeEmpty');
    if (problem === 'invalid') return t('problems.mobile');
    if (problem === 'tooShort') return t('problems.tooShort', { min: PASSWORD_MIN_LENGTH });
    return t('problems.tooLong', { max: SETUP_LIMITS[field] });
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
  const checked = useFocusFirstError(SETUP_FIELDS, errors);

  // A refusal is toasted by the API client; one naming a field is shown under it too (useForm).
  // Once set up, the page leaves for login (setup-screen.tsx).
  const submit = handleSubmit(async (entered) => {
    await setUp.mutateAsync(toShopSetup(entered));
    successToast(t('done'));
  });

  const text = (
    field: 'owner_name' | 'owner_mobile',
    props: { type?: string; inputMode?: 'tel'; autoComplete?: string },
  ) => (
    <TextRow
      name={field}
      label={t(`fields.${field}`)}
      value={values[field]}
      maxLength={SETUP_LIMITS[field]}
      error={errors[field]}
      onChange={(value) => set(field, value)}
      {...props}
    />
  );

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
        <ShopFields
          values={values}
          set={set}
          errors={errors}
          zones={timeZoneChoices(ownZone)}
          onLanguagesChosen={() => {
            languagesChosen.current = true;
          }}
        />
      </section>
    </form>
  );
}
