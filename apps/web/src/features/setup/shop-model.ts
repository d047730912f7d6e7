/**
 * The shop's details as a form takes them, and their checks, mirroring the contract's
 * `shopDetailsSchema` (packages/contract/src/shop.ts, the `shop` of `shopSetupSchema`) without
 * loading zod in the browser: the same limits, the same refused characters (values/text.ts), the
 * same time zone test. Two pages fill them: the setup page (with the owner, setup-model.ts) and the
 * managers' shop details page. setup-model.test.ts proves that what these checks let through, the
 * schema accepts, for both.
 */
import type { ShopDetails } from '@jewel/contract/shop';
import { CURRENCIES, type Currency } from '@jewel/contract/values/dictionary';
import { LANGS, type Lang } from '@jewel/contract/values/i18n';
import { TEXT_MAX } from '@jewel/contract/values/limits';
import { isCleanText } from '@jewel/contract/values/text';

/** The form's values, flat and named as on the setup page: `shop_name` is the body's `shop.name`. */
export interface ShopValues {
  shop_name: string;
  shop_address: string;
  shop_phone: string;
  shop_licence_no: string;
  shop_currency: Currency;
  shop_time_zone: string;
  /** In the order chosen: the first is the shop's main language. */
  shop_languages: Lang[];
}
export type ShopField = keyof ShopValues;

/** The shop's fields in their order on screen: the first one in error is brought into view. */
export const SHOP_FIELDS: readonly ShopField[] = [
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

/** The longest text each typed field of the shop takes. */
export const SHOP_FIELD_LIMITS = {
  shop_name: SHOP_LIMITS.name,
  shop_address: TEXT_MAX.address,
  shop_phone: SHOP_LIMITS.phone,
  shop_licence_no: SHOP_LIMITS.licenceNo,
} as const satisfies Partial<Record<ShopField, number>>;

/** The time zones offered; the browser's own (or the shop's current one) joins them when it is another. */
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

/** The short list, and `own` (the browser's zone, the shop's current one) after it when it is not on it. */
export function timeZoneChoices(own: string): string[] {
  return !own || (SHOP_TIME_ZONES as readonly string[]).includes(own)
    ? [...SHOP_TIME_ZONES]
    : [...SHOP_TIME_ZONES, own];
}

/** A first guess of the shop's currency: yen in Japan, yuan elsewhere. */
export function defaultCurrency(zone: string): Currency {
  return zone === 'Asia/Tokyo' ? 'JPY' : 'CNY';
}

/** A new shop's details as the setup form opens: the browser's time zone, the interface language. */
export function emptyShop(lang: Lang, zone: string): ShopValues {
  return {
    shop_name: '',
    shop_address: '',
    shop_phone: '',
    shop_licence_no: '',
    shop_currency: defaultCurrency(zone),
    shop_time_zone: zone,
    shop_languages: [lang],
  };
}

/** The details the server keeps, as the shop details page opens with them. */
export function fromShopDetails(details: ShopDetails): ShopValues {
  return {
    shop_name: details.name,
    shop_address: details.address,
    shop_phone: details.phone,
    shop_licence_no: details.licence_no,
    shop_currency: details.currency,
    shop_time_zone: details.time_zone,
    shop_languages: [...details.languages],
  };
}

/** The details as the API takes them (the setup's `shop`, the body of PUT /api/shop): texts trimmed. */
export function toShopDetails(values: ShopValues): ShopDetails {
  return {
    name: values.shop_name.trim(),
    address: values.shop_address.trim(),
    phone: values.shop_phone.trim(),
    licence_no: values.shop_licence_no.trim(),
    currency: values.shop_currency,
    time_zone: values.shop_time_zone.trim(),
    languages: values.shop_languages,
  };
}

/**
 * Why a field is wrong: empty, too short (the owner's password), too long, not of its kind (a
 * mobile number, a time zone, a language), or holding characters the API refuses.
 */
export type FieldProblem = 'required' | 'tooShort' | 'tooLong' | 'invalid' | 'characters';
export type ShopProblems = Partial<Record<ShopField, FieldProblem>>;

/** A text's problem: refused characters (as typed), empty or out of its lengths (trimmed unless a password). */
export function textProblem(raw: string, max: number, { trim = true, min = 1 } = {}): FieldProblem | undefined {
  if (!isCleanText(raw)) return 'characters';
  const value = trim ? raw.trim() : raw;
  if (value.length === 0) return 'required';
  // As the contract counts a minimum (zod): by characters, an emoji one, not two.
  if ([...value].length < min) return 'tooShort';
  if (value.length > max) return 'tooLong';
  return undefined;
}

/** Only the fields that have a problem. */
export function withProblems<P extends Partial<Record<string, FieldProblem | undefined>>>(problems: P): P {
  return Object.fromEntries(Object.entries(problems).filter(([, problem]) => problem)) as P;
}

/** What the contract would refuse of the shop's details, field by field in the order of the form. */
export function checkShop(values: ShopValues): ShopProblems {
  return withProblems({
    shop_name: textProblem(values.shop_name, SHOP_FIELD_LIMITS.shop_name),
    shop_address: textProblem(values.shop_address, SHOP_FIELD_LIMITS.shop_address),
    shop_phone: textProblem(values.shop_phone, SHOP_FIELD_LIMITS.shop_phone),
    shop_licence_no: textProblem(values.shop_licence_no, SHOP_FIELD_LIMITS.shop_licence_no),
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
  });
}

/**
 * The form's field a refusal of PUT /api/shop names (its body is the details themselves):
 * `languages.1` → `shop_languages`; undefined for any other.
 */
export function shopFieldOfRefusal(field: string): ShopField | undefined {
  const name = `shop_${field.split('.')[0]}`;
  return (SHOP_FIELDS as readonly string[]).includes(name) ? (name as ShopField) : undefined;
}

/** The public address as the contract takes it: an http(s) address, no query or fragment, at most 200 characters. */
export function publicUrlAccepted(value: string): boolean {
  const entered = value.trim();
  if (entered === '') return true;
  if ([...entered].length > 200) return false;
  try {
    const url = new URL(entered);
    return (url.protocol === 'https:' || url.protocol === 'http:') && !url.search && !url.hash;
  } catch {
    return false;
  }
}
