import type { ProductInput, ProductRecord } from '@jewel/contract/catalog-admin';
import { PRODUCT_CODE_MAX, PRODUCT_NAME_MAX } from '@jewel/contract/values/catalog-files';
import { LANGS } from '@jewel/contract/values/i18n';

/** A product's form as entered (issue 28 item 5): the contract's input, pickers empty until chosen. */
export interface ProductValues extends Omit<ProductInput, 'brand_id' | 'category_id'> {
  brand_id: number | null;
  category_id: number | null;
}

export const PRODUCT_LIMITS = { name: PRODUCT_NAME_MAX, code: PRODUCT_CODE_MAX };

export const emptyProduct = (): ProductValues => ({
  brand_id: null,
  type_id: null,
  category_id: null,
  material_id: null,
  name: '',
  names: { 'zh-Hans': '', 'zh-Hant': '', en: '', ja: '' },
  code: '',
});

export const productValues = ({ id: _id, retired: _retired, ...entered }: ProductRecord): ProductValues => entered;

/** What is missing, field by field, in the form's order (the contract checks lengths and letters again). */
export function missingFields(values: ProductValues): ('brand_id' | 'category_id' | 'name')[] {
  return [
    ...(values.brand_id === null ? (['brand_id'] as const) : []),
    ...(values.category_id === null ? (['category_id'] as const) : []),
    ...(values.name.trim() ? [] : (['name'] as const)),
  ];
}

/** The call's body; null while a required field is empty. */
export function toProductInput(values: ProductValues): ProductInput | null {
  if (values.brand_id === null || values.category_id === null || !values.name.trim()) return null;
  return {
    ...values,
    brand_id: values.brand_id,
    category_id: values.category_id,
    name: values.name.trim(),
    names: Object.fromEntries(LANGS.map((lang) => [lang, values.names[lang].trim()])) as ProductInput['names'],
    code: values.code.trim(),
  };
}
