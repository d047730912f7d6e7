/**
 * The setup form's values and their checks, mirroring the contract's `shopSetupSchema`
 * (packages/contract/src/setup.ts) without loading zod in the browser: the same limits, the same
 * mobile pattern, the same refused characters (values/text.ts), the same time zone test.
 * setup-model.test.ts proves that what these checks let through, the schema accepts.
 */
import type { ShopSetup } from '@jewel/contract/setup';
import { CURRENCIES, type Currency } from '@jewel/contract/values/dictionary';
import { LANGS, type Lang } from '@jewel/contract/values/i18n';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, TEXT_MAX } from '@jewel/contract/values/limits';
import { MOBILE_PATTERN, PHONE_MAX_LENGTH } from '@jewel/contract/values/patterns';
import { isCleanText } from '@jewel/contract/values/text';

/** The form's values, flat: `owner_name` is the body's `owner.name`. */
export interface SetupValues {
  owner_name: string;
  owner_mobile: string;
  owner_password: string;
  shop_name: string;
  shop_address: string;
  shop_phone: string;
  shop_licence_no: string;
  shop_currency: Currency;
  shop_time_zone: string;
  /** In the order chosen: the first is the shop's main language. */
  shop_languages: Lang[];
}
export type SetupField = keyof SetupValues;

/** The form's fields in their order on screen: the first one in error is brought into view. */
export const SETUP_FIELDS: readonly SetupField[] = [
  'owner_name',
  'owner_mobile',
  'owner_password',
  'shop_name',
  'shop_address',
  'shop_phone',
  'shop_licence_no',
  'shop_currency',
  'shop_time_zone',
  'shop_languages',
];

/**
 * The contract's `SHOP_TEXT_MAX` (setup.ts), written again: that module builds zod schemas, which
 * the browser does not load. setup-model.test.ts fails if the two differ.
 */
export const SHOP_LIMITS = { name: 60, phone: 30, licenceNo: 40 } as const;
/** The contract's time zone: an IANA name of at most 64 characters. */
const TIME_ZONE_MAX = 64;

/** The longest text each typed field takes. */
export const SETUP_LIMITS = {
  owner_name: TEXT_MAX.personName,
  owner_mobile: PHONE_MAX_LENGTH,
  owner_password: PASSWORD_MAX_LENGTH,
  shop_name: SHOP_LIMITS.name,
  shop_address: TEXT_MAX.address,
  shop_phone: SHOP_LIMITS.phone,
  shop_licence_no: SHOP_LIMITS.licenceNo,
} as const satisfies Partial<Record<SetupField, number>>;

/** The time zones offered; the browser's own joins them when it is another. */
export const SHOP_TIME_ZONES = ['Asia/Shanghai', 'Asia/Hong_Kong', 'Asia/Taipei', 'Asia/Tokyo'] as const;

/** A time zone this runtime knows, as the contract tests it. */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The browser's time zone; Shanghai when it names none the contract would take. */
export function browserTimeZone(): string {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zone && zone.length <= TIME_ZONE_MAX && isTimeZone(zone) ? zone : SHOP_TIME_ZONES[0];
}

/** The short list, and the browser's zone after it when it is not on it. */
export function timeZoneChoices(own: string): string[] {
  return (SHOP_TIME_ZONES as readonly string[]).includes(own) ? [...SHOP_TIME_ZONES] : [...SHOP_TIME_ZONES, own];
}

/** A first guess of the shop's currency: yen in Japan, yuan elsewhere. */
export function defaultCurrency(zone: string): Currency {
  return zone === 'Asia/Tokyo' ? 'JPY' : 'CNY';
}

/** The form as it opens: the browser's time zone, the interface language. */
export function emptySetup(lang: Lang, zone: string, initial?: Partial<SetupValues>): SetupValues {
  return {
    owner_name: '',
    owner_mobile: '',
    owner_password: '',
    shop_name: '',
    shop_address: '',
    shop_phone: '',
    shop_licence_no: '',
    shop_currency: defaultCurrency(zone),
    shop_time_zone: zone,
    shop_languages: [lang],
    ...initial,
  };
}

/** The request as the API takes it: texts trimmed, the password as typed. */
export function toShopSetup(values: SetupValues): ShopSetup {
  return {
    owner: {
      name: values.owner_name.trim(),
      mobile: values.owner_mobile.trim(),
      password: values.owner_password,
    },
    shop: {
      name: values.shop_name.trim(),
      address: values.shop_address.trim(),
      phone: values.shop_phone.trim(),
      licence_no: values.shop_licence_no.trim(),
      currency: values.shop_currency,
      time_zone: values.shop_time_zone.trim(),
      languages: values.shop_languages,
    },
  };
}

/**
 * Why a field is wrong: empty, too short (the password), too long, not of its kind (a mobile
 * number, a time zone, a language), or holding characters the API refuses.
 */
export type SetupProblem = 'required' | 'tooShort' | 'tooLong' | 'invalid' | 'characters';
export type SetupProblems = Partial<Record<SetupField, SetupProblem>>;

/** A text's problem: refused characters (as typed), empty or out of its lengths (trimmed unless a password). */
function textProblem(raw: string, max: number, { trim = true, min = 1 } = {}): SetupProblem | undefined {
  if (!isCleanText(raw)) return 'characters';
  const value = trim ? raw.trim() : raw;
  if (value.length === 0) return 'required';
  // As the contract counts a minimum (zod): by characters, an emoji one, not two.
  if ([...value].length < min) return 'tooShort';
  if (value.length > max) return 'tooLong';
  return undefined;
}

/** What the contract would refuse, field by field in the order of the form. */
export function checkSetup(values: SetupValues): SetupProblems {
  const problems: SetupProblems = {
    owner_name: textProblem(values.owner_name, SETUP_LIMITS.owner_name),
    owner_mobile:
      textProblem(values.owner_mobile, SETUP_LIMITS.owner_mobile) ??
      (MOBILE_PATTERN.test(values.owner_mobile.trim()) ? undefined : 'invalid'),
    owner_password: textProblem(values.owner_password, SETUP_LIMITS.owner_password, {
      trim: false,
      min: PASSWORD_MIN_LENGTH,
    }),
    shop_name: textProblem(values.shop_name, SETUP_LIMITS.shop_name),
    shop_address: textProblem(values.shop_address, SETUP_LIMITS.shop_address),
    shop_phone: textProblem(values.shop_phone, SETUP_LIMITS.shop_phone),
    shop_licence_no: textProblem(values.shop_licence_no, SETUP_LIMITS.shop_licence_no),
    shop_currency: (CURRENCIES as readonly string[]).includes(values.shop_currency) ? undefined : 'invalid',
    shop_time_zone:
      textProblem(values.shop_time_zone, TIME_ZONE_MAX) ??
      (isTimeZone(values.shop_time_zone.trim()) ? undefined : 'invalid'),
    shop_languages:
      values.shop_languages.length === 0
        ? 'required'
        : values.shop_languages.every((lang) => (LANGS as readonly string[]).includes(lang)) &&
            new Set(values.shop_languages).size === values.shop_languages.length
          ? undefined
          : 'invalid',
  };
  return Object.fromEntries(Object.entries(problems).filter(([, problem]) => problem)) as SetupProblems;
}

/**
 * The form's field a refusal of the server names: `owner.mobile` → `owner_mobile`,
 * `shop.languages.1` → `shop_languages`; undefined for any other.
 */
export function fieldOfRefusal(field: string): SetupField | undefined {
  const name = field.split('.').slice(0, 2).join('_');
  return (SETUP_FIELDS as readonly string[]).includes(name) ? (name as SetupField) : undefined;
}
