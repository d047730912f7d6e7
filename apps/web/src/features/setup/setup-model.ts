/**
 * The setup form's values and their checks, mirroring the contract's `shopSetupSchema`
 * (packages/contract/src/setup.ts) without loading zod in the browser: the owner's here, the
 * shop's in shop-model.ts (which the shop details page shares). The same limits, the same mobile
 * pattern, the same refused characters (values/text.ts). setup-model.test.ts proves that what
 * these checks let through, the schema accepts.
 */
import type { ShopSetup } from '@jewel/contract/setup';
import type { Lang } from '@jewel/contract/values/i18n';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, TEXT_MAX } from '@jewel/contract/values/limits';
import { MOBILE_PATTERN, PHONE_MAX_LENGTH } from '@jewel/contract/values/patterns';
import {
  checkShop,
  emptyShop,
  type FieldProblem,
  SHOP_FIELD_LIMITS,
  SHOP_FIELDS,
  type ShopValues,
  textProblem,
  toShopDetails,
  withProblems,
} from './shop-model.ts';

/** The form's values, flat: `owner_name` is the body's `owner.name`, `shop_name` its `shop.name`. */
export interface SetupValues extends ShopValues {
  owner_name: string;
  owner_mobile: string;
  owner_password: string;
}
export type SetupField = keyof SetupValues;

/** The form's fields in their order on screen: the first one in error is brought into view. */
export const SETUP_FIELDS: readonly SetupField[] = ['owner_name', 'owner_mobile', 'owner_password', ...SHOP_FIELDS];

/** The longest text each typed field takes. */
export const SETUP_LIMITS = {
  owner_name: TEXT_MAX.personName,
  owner_mobile: PHONE_MAX_LENGTH,
  owner_password: PASSWORD_MAX_LENGTH,
  ...SHOP_FIELD_LIMITS,
} as const satisfies Partial<Record<SetupField, number>>;

/** The form as it opens: the browser's time zone, the interface language. */
export function emptySetup(lang: Lang, zone: string, initial?: Partial<SetupValues>): SetupValues {
  return {
    owner_name: '',
    owner_mobile: '',
    owner_password: '',
    ...emptyShop(lang, zone),
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
    shop: toShopDetails(values),
  };
}

export type SetupProblem = FieldProblem;
export type SetupProblems = Partial<Record<SetupField, SetupProblem>>;

/** What the contract would refuse, field by field in the order of the form. */
export function checkSetup(values: SetupValues): SetupProblems {
  const owner: SetupProblems = withProblems({
    owner_name: textProblem(values.owner_name, SETUP_LIMITS.owner_name),
    owner_mobile:
      textProblem(values.owner_mobile, SETUP_LIMITS.owner_mobile) ??
      (MOBILE_PATTERN.test(values.owner_mobile.trim()) ? undefined : 'invalid'),
    owner_password: textProblem(values.owner_password, SETUP_LIMITS.owner_password, {
      trim: false,
      min: PASSWORD_MIN_LENGTH,
    }),
  });
  return { ...owner, ...checkShop(values) };
}

/**
 * The form's field a refusal of the server names: `owner.mobile` → `owner_mobile`,
 * `shop.languages.1` → `shop_languages`; undefined for any other.
 */
export function fieldOfRefusal(field: string): SetupField | undefined {
  const name = field.split('.').slice(0, 2).join('_');
  return (SETUP_FIELDS as readonly string[]).includes(name) ? (name as SetupField) : undefined;
}
