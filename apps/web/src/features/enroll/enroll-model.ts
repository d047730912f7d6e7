import type { CommodityDetail, CommodityInput, EnrollInput } from '@jewel/contract/commodity';
import { PHOTO_FIELDS, type PhotoField, PRIORITY, REQUIRED_PHOTOS } from '@jewel/contract/values/commodity';
import { SIZE_UNITS } from '@jewel/contract/values/dictionary';
import { ERRORS } from '@jewel/contract/values/error-codes';
import { MAX_COMMODITIES_PER_ENROLLMENT, MEASURE_MAX, TEXT_MAX } from '@jewel/contract/values/limits';
import { CUSTOMER_PHONE_PATTERN, PHONE_MAX_LENGTH } from '@jewel/contract/values/patterns';

/**
 * The register form as the device keeps it: plain values (numbers as typed), photos as
 * entries (stored paths or `local:<id>`, see lib/photos/photo-uploads.ts). Pure
 * functions turn it into the contract's body and check it with the contract's rules.
 */

export type SizeUnit = (typeof SIZE_UNITS)[number];

export interface CommodityDraft extends Record<PhotoField, string[]> {
  /** The row's own id on this device (React key), never sent. */
  key: string;
  brand_id: number | null;
  type_id: number | null;
  category_id: number | null;
  product_id: number | null;
  product_name: string;
  product_code: string;
  material_id: number | null;
  length: string;
  width: string;
  size_unit: SizeUnit;
  weight: string;
  weight_unit: 'g';
  product_status: number | null;
  accessories: string[];
  serial_no: string;
  engraving: string;
  remark: string;
  priority: number;
  valuer_id: number | null;
  /** The photo guide's shot of each product photo, by position ('' for an extra photo); see `picShots`. */
  product_pic_shots: string[];
}

export interface CustomerDraft {
  customer_name: string;
  customer_phone: string;
  customer_address: string;
}

/** A returning customer's record, as the register form shows it linked ("returning customer · 3 visits"). */
export interface CustomerLink {
  id: number;
  name: string;
  visits: number;
}

export const emptyCustomer = (): CustomerDraft => ({ customer_name: '', customer_phone: '', customer_address: '' });

export function emptyCommodity(key: string): CommodityDraft {
  return {
    key,
    brand_id: null,
    type_id: null,
    category_id: null,
    product_id: null,
    product_name: '',
    product_code: '',
    material_id: null,
    length: '',
    width: '',
    size_unit: 'mm',
    weight: '',
    weight_unit: 'g',
    product_status: null,
    accessories: [],
    serial_no: '',
    engraving: '',
    remark: '',
    priority: PRIORITY.normal,
    valuer_id: null,
    size_pics: [],
    weight_pics: [],
    product_pics: [],
    accessory_pics: [],
    engraving_pics: [],
    inlay_pics: [],
    material_pics: [],
    product_pic_shots: [],
  };
}

/** The form of one stored commodity (the update page). */
export function draftFromDetail(
  detail: CommodityDetail,
  key: string,
): { customer: CustomerDraft; commodity: CommodityDraft } {
  const numberText = (value: number | null) => (value === null ? '' : String(value));
  return {
    customer: {
      customer_name: detail.enrollment.customer_name,
      customer_phone: detail.enrollment.customer_phone,
      customer_address: detail.enrollment.customer_address,
    },
    commodity: {
      key,
      brand_id: detail.brand.id,
      type_id: detail.type?.id ?? null,
      category_id: detail.category.id,
      product_id: detail.product?.id ?? null,
      product_name: detail.product_name,
      product_code: detail.product_code,
      material_id: detail.material?.id ?? null,
      length: numberText(detail.length),
      width: numberText(detail.width),
      size_unit: (SIZE_UNITS as readonly string[]).includes(detail.size_unit) ? (detail.size_unit as SizeUnit) : 'mm',
      weight: numberText(detail.weight),
      weight_unit: 'g',
      product_status: detail.product_status,
      accessories: [...detail.accessories],
      serial_no: detail.serial_no,
      engraving: detail.engraving,
      remark: detail.remark,
      priority: detail.priority,
      valuer_id: detail.valuer?.id ?? null,
      size_pics: [...detail.size_pics],
      weight_pics: [...detail.weight_pics],
      product_pics: [...detail.product_pics],
      accessory_pics: [...detail.accessory_pics],
      engraving_pics: [...detail.engraving_pics],
      inlay_pics: [...detail.inlay_pics],
      material_pics: [...detail.material_pics],
      product_pic_shots:
        detail.product_pic_shots.length === detail.product_pics.length
          ? [...detail.product_pic_shots]
          : detail.product_pics.map(() => ''),
    },
  };
}

/** The shot of each product photo, as many as the photos (a draft from before the guide has none: ''). */
export function picShots(commodity: Pick<CommodityDraft, 'product_pics' | 'product_pic_shots'>): string[] {
  return commodity.product_pics.map((_, index) => commodity.product_pic_shots[index] ?? '');
}

/** Every photo entry of some commodities. */
export function photoEntriesOf(commodities: CommodityDraft[]): string[] {
  return commodities.flatMap((commodity) => PHOTO_FIELDS.flatMap((field) => commodity[field]));
}

/** A number as typed ("12.5", "12,5", full-width digits); '' → null; NaN when it is not one. */
export function parseMeasure(text: string): number | null {
  const normalized = text
    .trim()
    .replace(/[０-９．]/g, (char) => String.fromCharCode(char.charCodeAt(0) - 0xfee0))
    .replace(',', '.');
  if (normalized === '') return null;
  if (!/^\d+(\.\d+)?$|^\.\d+$/.test(normalized)) return Number.NaN;
  return Number(normalized);
}

/** What is wrong with a field: a text of `enroll:errors.*` with its values, or the server's own words. */
export type FieldError = { key: string; values?: Record<string, string | number> } | { text: string };
/** Field path (`customer_phone`, `commodities.0.size_pics`) → its error. */
export type FieldErrors = Record<string, FieldError>;

/** The longest text of each field, the contract's (values/limits.ts). */
export const TEXT_LIMITS = {
  customer_name: TEXT_MAX.personName,
  customer_phone: PHONE_MAX_LENGTH,
  customer_address: TEXT_MAX.address,
  product_name: TEXT_MAX.productName,
  product_code: TEXT_MAX.productCode,
  serial_no: TEXT_MAX.serialNo,
  engraving: TEXT_MAX.engraving,
  remark: TEXT_MAX.remark,
} as const;

export function validateCustomer(customer: CustomerDraft, errors: FieldErrors = {}): FieldErrors {
  const name = customer.customer_name.trim();
  if (!name) errors.customer_name = { key: 'required', values: { field: 'customer_name' } };
  else if (name.length > TEXT_LIMITS.customer_name)
    errors.customer_name = { key: 'tooLong', values: { max: TEXT_LIMITS.customer_name } };
  if (!customer.customer_phone.trim()) errors.customer_phone = { key: 'required', values: { field: 'customer_phone' } };
  else if (!CUSTOMER_PHONE_PATTERN.test(customer.customer_phone.trim())) errors.customer_phone = { key: 'phone' };
  if (customer.customer_address.trim().length > TEXT_LIMITS.customer_address) {
    errors.customer_address = { key: 'tooLong', values: { max: TEXT_LIMITS.customer_address } };
  }
  return errors;
}

/** Checks one commodity; `prefix` is its path in the body (`commodities.0.`, or '' on the update page). */
export function validateCommodity(commodity: CommodityDraft, prefix = '', errors: FieldErrors = {}): FieldErrors {
  const at = (field: string) => `${prefix}${field}`;
  if (commodity.brand_id === null) errors[at('brand_id')] = { key: 'choose', values: { field: 'brand' } };
  if (commodity.category_id === null) errors[at('category_id')] = { key: 'choose', values: { field: 'category' } };
  if (commodity.product_status === null) {
    errors[at('product_status')] = { key: 'choose', values: { field: 'product_status' } };
  }
  const productName = commodity.product_name.trim();
  if (!productName) errors[at('product_name')] = { key: 'required', values: { field: 'product_name' } };
  for (const field of ['product_name', 'product_code', 'serial_no', 'engraving', 'remark'] as const) {
    if (commodity[field].trim().length > TEXT_LIMITS[field]) {
      errors[at(field)] = { key: 'tooLong', values: { max: TEXT_LIMITS[field] } };
    }
  }
  for (const field of ['length', 'width', 'weight'] as const) {
    const value = parseMeasure(commodity[field]);
    if (value !== null && (Number.isNaN(value) || value > MEASURE_MAX)) errors[at(field)] = { key: 'number' };
  }
  for (const [field, message] of Object.entries(REQUIRED_PHOTOS)) {
    if (commodity[field as PhotoField].length === 0) errors[at(field)] = { key: message };
  }
  return errors;
}

/** A commodity with nothing left to fill in or fix: it may fold into its summary card. */
export function commodityFinished(commodity: CommodityDraft): boolean {
  return Object.keys(validateCommodity(commodity)).length === 0;
}

/** The keys of the commodities that some errors name (`commodities.<index>.…`). */
export function commoditiesWithErrors(commodities: CommodityDraft[], errors: FieldErrors): string[] {
  const paths = Object.keys(errors);
  return commodities
    .filter((_, index) => paths.some((path) => path.startsWith(`commodities.${index}.`)))
    .map((commodity) => commodity.key);
}

export function validateEnrollment(customer: CustomerDraft, commodities: CommodityDraft[]): FieldErrors {
  const errors = validateCustomer(customer);
  if (commodities.length > MAX_COMMODITIES_PER_ENROLLMENT) {
    errors.commodities = { key: 'max5', values: { max: MAX_COMMODITIES_PER_ENROLLMENT } };
  }
  commodities.forEach((commodity, index) => {
    validateCommodity(commodity, `commodities.${index}.`, errors);
  });
  return errors;
}

/** The contract's body for one commodity; `resolve` turns photo entries into stored paths. */
export function commodityBody(commodity: CommodityDraft, resolve: (entries: string[]) => string[]): CommodityInput {
  const photos = Object.fromEntries(PHOTO_FIELDS.map((field) => [field, resolve(commodity[field])])) as Record<
    PhotoField,
    string[]
  >;
  return {
    // `key` stays on the device.
    brand_id: commodity.brand_id ?? 0,
    type_id: commodity.type_id,
    category_id: commodity.category_id ?? 0,
    product_id: commodity.product_id,
    product_name: commodity.product_name.trim(),
    product_code: commodity.product_code.trim(),
    material_id: commodity.material_id,
    length: parseMeasure(commodity.length),
    width: parseMeasure(commodity.width),
    size_unit: commodity.size_unit,
    weight: parseMeasure(commodity.weight),
    weight_unit: commodity.weight_unit,
    product_status: commodity.product_status ?? 0,
    accessories: commodity.accessories,
    serial_no: commodity.serial_no.trim(),
    engraving: commodity.engraving.trim(),
    remark: commodity.remark.trim(),
    priority: commodity.priority,
    valuer_id: commodity.valuer_id,
    ...photos,
    // Only when some photo is a guided shot: otherwise the body is the one sent before the guide.
    ...(picShots(commodity).some(Boolean) ? { product_pic_shots: picShots(commodity) } : {}),
  };
}

export function customerBody(customer: CustomerDraft): CustomerDraft {
  return {
    customer_name: customer.customer_name.trim(),
    customer_phone: customer.customer_phone.trim(),
    customer_address: customer.customer_address.trim(),
  };
}

export function enrollBody(
  draft: {
    idempotencyKey: string;
    customer: CustomerDraft;
    customerLink?: CustomerLink | null;
    commodities: CommodityDraft[];
  },
  resolve: (entries: string[]) => string[],
): EnrollInput {
  return {
    ...customerBody(draft.customer),
    // Sent only when linked: without it the body is the one earlier submits hashed.
    ...(draft.customerLink ? { customer_id: draft.customerLink.id } : {}),
    idempotency_key: draft.idempotencyKey,
    commodities: draft.commodities.map((commodity) => commodityBody(commodity, resolve)),
  };
}

/** Error codes the server answers for a field, shown in our words (`enroll:errors.*`). */
const SERVER_FIELD_MESSAGES = new Map<number, string>([
  [ERRORS.sizePhotoRequired.code, 'sizePhotoRequired'],
  [ERRORS.productPhotoRequired.code, 'productPhotoRequired'],
  [ERRORS.accessoryPhotoRequired.code, 'accessoryPhotoRequired'],
  [ERRORS.enrollmentTooMany.code, 'max5'],
]);

/**
 * A refusal of the server put back on its field: `data.field` names it (`commodities.0.size_pics`);
 * `prefix` is added on the update page, whose body has no `commodities`. Null when no field is named.
 */
export function fieldErrorFromServer(
  code: number,
  data: unknown,
  message: string,
): { path: string; error: FieldError } | null {
  if (!data || typeof data !== 'object') return null;
  const field = (data as { field?: unknown }).field;
  if (typeof field !== 'string' || !field) return null;
  const key = SERVER_FIELD_MESSAGES.get(code);
  // A photo named by its position (`size_pics.2`) belongs to its field.
  const path = field.replace(/(_pics|accessories)\.\d+$/, '$1');
  return {
    path,
    error: key ? { key, values: { max: MAX_COMMODITIES_PER_ENROLLMENT } } : { text: message },
  };
}

/** The first field with an error, in the order of the form. */
export function firstErrorPath(errors: FieldErrors, order: string[]): string | undefined {
  return order.find((path) => errors[path]) ?? Object.keys(errors)[0];
}
