import { NO_ACCESSORIES } from '@jewel/contract/values/commodity';
import { useQuery } from '@tanstack/react-query';
import { errorDomId, Field, fieldDomId } from '../../../components/form/field.tsx';
import { PickerField } from '../../../components/form/picker-field.tsx';
import {
  brandChoices,
  brandLabel,
  brandsOptions,
  brandTypesOptions,
  categoriesOptions,
  idOptions,
  materialsOptions,
  useOfferedKeeping,
} from '../../../lib/catalog.ts';
import { useDictionaryOptions } from '../../../lib/dictionary.ts';
import { Input } from '../../../lib/input.ts';
import { Selector } from '../../../lib/selector.tsx';
import { useTranslation } from '../../../lib/use-translation.ts';
import { TEXT_LIMITS } from '../enroll-model.ts';
import { asId, type FieldGroupProps, PhotoField, useFieldPaths } from './commodity-field-parts.tsx';
import { GuidedProductPhotos } from './product-photos.tsx';

/** The product: brand, type, category, name, code, material, condition, accessories and their photos. */
export function ProductFields(props: FieldGroupProps) {
  const { value, onChange, errors, prefix, disabled } = props;
  const { t } = useTranslation('enroll');
  const { at, error } = useFieldPaths(prefix, errors);
  const brands = useQuery(brandsOptions());
  const types = useQuery(brandTypesOptions(value.brand_id));
  const categories = useQuery(categoriesOptions());
  const materials = useQuery(materialsOptions());
  // An item edited after its brand, line, category or material was retired keeps it, shown and marked.
  const brandList = useOfferedKeeping(brands.data, value.brand_id, brandsOptions(true));
  const typeList = useOfferedKeeping(types.data, value.type_id, brandTypesOptions(value.brand_id, true));
  const categoryList = useOfferedKeeping(categories.data, value.category_id, categoriesOptions(true));
  const materialList = useOfferedKeeping(materials.data, value.material_id, materialsOptions(true));
  const named = (entry: { name: string; retired: boolean }) =>
    entry.retired ? t('fields.retiredChoice', { name: entry.name }) : entry.name;
  const statuses = useDictionaryOptions('identify_product.product_status');
  const accessories = useDictionaryOptions('identify_product.product_accessories');

  const textInput = (field: 'product_name' | 'product_code', placeholder: string) => (
    <Input
      id={fieldDomId(at(field))}
      value={value[field]}
      onChange={(next) => onChange({ [field]: next })}
      placeholder={placeholder}
      maxLength={TEXT_LIMITS[field]}
      aria-invalid={errors[at(field)] ? true : undefined}
      aria-describedby={errors[at(field)] ? errorDomId(at(field)) : undefined}
      disabled={disabled}
      autoComplete="off"
      clearable
    />
  );

  // The category's photo guide turns the product photos into its shot list (docs/decisions.md "The photo guide").
  const shots = categoryList?.find((category) => category.id === value.category_id)?.shots ?? [];

  return (
    <>
      <h3 className="enroll-section__subtitle">{t('sections.product')}</h3>
      <Field
        name={at('brand_id')}
        htmlFor={fieldDomId(at('brand_id'))}
        label={t('fields.brand')}
        required
        error={error('brand_id')}
      >
        <PickerField
          id={fieldDomId(at('brand_id'))}
          errorId={errorDomId(at('brand_id'))}
          label={t('fields.brand')}
          searchable
          value={value.brand_id}
          options={brandChoices(brandList, (brand) => named({ ...brand, name: brandLabel(brand) }))}
          loading={brands.isPending}
          failed={brands.isError}
          onRetry={() => brands.refetch()}
          invalid={Boolean(errors[at('brand_id')])}
          disabled={disabled}
          onChange={(picked) => {
            const brand = asId(picked);
            if (brand !== value.brand_id) onChange({ brand_id: brand, type_id: null });
          }}
        />
      </Field>
      <Field name={at('type_id')} htmlFor={fieldDomId(at('type_id'))} label={t('fields.type')} error={error('type_id')}>
        <PickerField
          id={fieldDomId(at('type_id'))}
          errorId={errorDomId(at('type_id'))}
          label={t('fields.type')}
          value={value.type_id}
          options={idOptions(typeList, named)}
          loading={value.brand_id !== null && types.isPending}
          failed={types.isError}
          onRetry={() => types.refetch()}
          placeholder={
            value.brand_id === null
              ? t('placeholders.chooseBrandFirst')
              : types.data && types.data.length === 0
                ? t('placeholders.noTypes')
                : t('placeholders.optional')
          }
          disabled={disabled || value.brand_id === null || types.data?.length === 0}
          onChange={(picked) => onChange({ type_id: asId(picked) })}
        />
      </Field>
      <Field
        name={at('category_id')}
        htmlFor={fieldDomId(at('category_id'))}
        label={t('fields.category')}
        required
        error={error('category_id')}
      >
        <PickerField
          id={fieldDomId(at('category_id'))}
          errorId={errorDomId(at('category_id'))}
          label={t('fields.category')}
          searchable
          value={value.category_id}
          options={idOptions(categoryList, named)}
          loading={categories.isPending}
          failed={categories.isError}
          onRetry={() => categories.refetch()}
          invalid={Boolean(errors[at('category_id')])}
          disabled={disabled}
          onChange={(picked) => {
            const category = asId(picked);
            if (category === value.category_id) return;
            // Another category has other shots: the photos taken so far stay, as extra photos.
            onChange({ category_id: category, product_pic_shots: value.product_pics.map(() => '') });
          }}
        />
      </Field>
      <Field
        name={at('product_name')}
        htmlFor={fieldDomId(at('product_name'))}
        label={t('fields.product_name')}
        required
        error={error('product_name')}
      >
        {textInput('product_name', t('placeholders.product_name'))}
      </Field>
      <Field
        name={at('product_code')}
        htmlFor={fieldDomId(at('product_code'))}
        label={t('fields.product_code')}
        error={error('product_code')}
      >
        {textInput('product_code', t('placeholders.optional'))}
      </Field>
      <Field
        name={at('material_id')}
        htmlFor={fieldDomId(at('material_id'))}
        label={t('fields.material')}
        error={error('material_id')}
      >
        <PickerField
          id={fieldDomId(at('material_id'))}
          errorId={errorDomId(at('material_id'))}
          label={t('fields.material')}
          searchable
          value={value.material_id}
          options={idOptions(materialList, named)}
          loading={materials.isPending}
          failed={materials.isError}
          onRetry={() => materials.refetch()}
          placeholder={t('placeholders.optional')}
          disabled={disabled}
          onChange={(picked) => onChange({ material_id: asId(picked) })}
        />
      </Field>
      <Field
        name={at('product_status')}
        htmlFor={fieldDomId(at('product_status'))}
        label={t('fields.product_status')}
        required
        error={error('product_status')}
      >
        <PickerField
          id={fieldDomId(at('product_status'))}
          errorId={errorDomId(at('product_status'))}
          label={t('fields.product_status')}
          value={value.product_status}
          options={statuses.options}
          loading={statuses.isPending}
          failed={statuses.isError}
          onRetry={() => statuses.refetch()}
          invalid={Boolean(errors[at('product_status')])}
          disabled={disabled}
          onChange={(picked) => onChange({ product_status: asId(picked) })}
        />
      </Field>
      <Field name={at('accessories')} label={t('fields.accessories')} error={error('accessories')} stacked>
        <fieldset id={fieldDomId(at('accessories'))} className="enroll-group" aria-label={t('fields.accessories')}>
          <Selector
            multiple
            showCheckMark
            disabled={disabled}
            options={accessories.options.map((option) => ({ value: String(option.value), label: option.label }))}
            value={value.accessories}
            onChange={(next) => {
              // "No accessories" excludes the others: the latest choice wins.
              const none = next.includes(NO_ACCESSORIES) && !value.accessories.includes(NO_ACCESSORIES);
              onChange({ accessories: none ? [NO_ACCESSORIES] : next.filter((item) => item !== NO_ACCESSORIES) });
            }}
          />
        </fieldset>
      </Field>
      <PhotoField {...props} field="product_pics">
        {shots.length === 0 ? null : (
          <GuidedProductPhotos
            shots={shots}
            value={value}
            onChange={onChange}
            label={t('fields.product_pics')}
            invalid={Boolean(errors[at('product_pics')])}
            errorId={errors[at('product_pics')] ? errorDomId(at('product_pics')) : undefined}
            disabled={disabled}
          />
        )}
      </PhotoField>
      <PhotoField
        {...props}
        field="accessory_pics"
        hint={value.accessories.includes(NO_ACCESSORIES) ? t('hints.noAccessories') : undefined}
      />
    </>
  );
}
