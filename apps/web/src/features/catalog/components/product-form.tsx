import { useQuery } from '@tanstack/react-query';
import { Field, fieldDomId, invalidProps } from '../../../components/form/field.tsx';
import { PickerField } from '../../../components/form/picker-field.tsx';
import { useForm } from '../../../components/form/use-form.ts';
import { Button } from '../../../lib/antd-mobile.ts';
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
import { Input } from '../../../lib/input.ts';
import { successToast } from '../../../lib/toast.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useRetireProduct, useSaveProduct } from '../api/catalog-queries.ts';
import { missingFields, PRODUCT_LIMITS, type ProductValues, toProductInput } from '../product-model.ts';
import { NamesFields } from './names-fields.tsx';

/**
 * A product's form (issue 28 item 5): its brand and line, category and material, the maker's
 * name and each language's, its code. A product already in the catalog can be retired (items that
 * name it keep it) or brought back. `onDone` closes the sheet.
 */
export function ProductForm({
  id,
  initial,
  retired,
  onDone,
}: {
  id: number | null;
  initial: ProductValues;
  retired: boolean;
  onDone: () => void;
}) {
  const { t } = useTranslation('catalog');
  const save = useSaveProduct();
  const retire = useRetireProduct();
  const { values, set, errors, handleSubmit } = useForm({
    initial,
    check: (entered: ProductValues) =>
      Object.fromEntries(
        missingFields(entered).map((field) => [field, field === 'name' ? t('errors:cannotBeEmpty') : t('form.choose')]),
      ),
  });
  const brands = useQuery(brandsOptions());
  const types = useQuery(brandTypesOptions(values.brand_id));
  const categories = useQuery(categoriesOptions());
  const materials = useQuery(materialsOptions());
  // A product whose brand, line, category or material was retired since keeps it, shown and marked.
  const brandList = useOfferedKeeping(brands.data, values.brand_id, brandsOptions(true));
  const typeList = useOfferedKeeping(types.data, values.type_id, brandTypesOptions(values.brand_id, true));
  const categoryList = useOfferedKeeping(categories.data, values.category_id, categoriesOptions(true));
  const materialList = useOfferedKeeping(materials.data, values.material_id, materialsOptions(true));
  const named = (entry: { name: string; retired: boolean }) =>
    entry.retired ? t('form.retiredChoice', { name: entry.name }) : entry.name;

  const submit = handleSubmit(async (entered) => {
    const body = toProductInput(entered);
    if (!body) return;
    await save.mutateAsync({ id, body });
    successToast(t('form.saved'));
    onDone();
  });
  const toggleRetired = async () => {
    if (id === null) return;
    // A refusal is toasted by the API client.
    const answer = await retire.mutateAsync({ id, retired: !retired }).catch(() => undefined);
    if (!answer) return;
    successToast(t(answer.retired ? 'form.retiredToast' : 'form.restoredToast'));
    onDone();
  };

  const text = (name: 'name' | 'code', label: string, max: number, hint?: string, required = false) => (
    <Field name={name} label={label} required={required} error={errors[name]} htmlFor={fieldDomId(name)} hint={hint}>
      <Input
        id={fieldDomId(name)}
        value={values[name]}
        maxLength={max}
        placeholder={t(`form.${name}Placeholder`)}
        autoComplete="off"
        onChange={(value) => set(name, value)}
        {...invalidProps(name, errors[name])}
      />
    </Field>
  );

  return (
    <form
      className="form-boxed product-form"
      noValidate
      onSubmit={(event) => {
        void submit(event);
      }}
    >
      {retired ? <p className="product-form__retired">{t('form.retiredHint')}</p> : null}
      <Field name="brand_id" label={t('form.brand')} required error={errors.brand_id} htmlFor={fieldDomId('brand_id')}>
        <PickerField
          id={fieldDomId('brand_id')}
          label={t('form.brand')}
          value={values.brand_id}
          options={brandChoices(brandList, (brand) => named({ ...brand, name: brandLabel(brand) }))}
          loading={brands.isPending}
          failed={brands.isError}
          onRetry={() => void brands.refetch()}
          searchable
          invalid={Boolean(errors.brand_id)}
          // Another brand's line is none of this one's.
          onChange={(brand) => {
            set('brand_id', brand);
            set('type_id', null);
          }}
        />
      </Field>
      <Field name="type_id" label={t('form.type')} htmlFor={fieldDomId('type_id')}>
        <PickerField
          id={fieldDomId('type_id')}
          label={t('form.type')}
          value={values.type_id}
          options={idOptions(typeList, named)}
          noneLabel={t('form.noType')}
          disabled={values.brand_id === null}
          loading={types.isLoading}
          searchable
          onChange={(type) => set('type_id', type)}
        />
      </Field>
      <Field
        name="category_id"
        label={t('form.category')}
        required
        error={errors.category_id}
        htmlFor={fieldDomId('category_id')}
      >
        <PickerField
          id={fieldDomId('category_id')}
          label={t('form.category')}
          value={values.category_id}
          options={idOptions(categoryList, named)}
          loading={categories.isPending}
          failed={categories.isError}
          onRetry={() => void categories.refetch()}
          searchable
          invalid={Boolean(errors.category_id)}
          onChange={(category) => set('category_id', category)}
        />
      </Field>
      <Field name="material_id" label={t('form.material')} htmlFor={fieldDomId('material_id')}>
        <PickerField
          id={fieldDomId('material_id')}
          label={t('form.material')}
          value={values.material_id}
          options={idOptions(materialList, named)}
          noneLabel={t('form.noMaterial')}
          loading={materials.isPending}
          searchable
          onChange={(material) => set('material_id', material)}
        />
      </Field>
      {text('name', t('form.name'), PRODUCT_LIMITS.name, t('form.nameHint'), true)}
      <NamesFields
        path="names"
        names={values.names}
        maxLength={PRODUCT_LIMITS.name}
        // Left empty, the maker's name shows in that language.
        placeholder={values.name}
        onChange={(names) => set('names', names)}
      />
      {text('code', t('form.code'), PRODUCT_LIMITS.code, t('form.codeHint'))}
      <div className="product-form__actions">
        {id === null ? null : (
          <Button type="button" size="large" loading={retire.isPending} onClick={() => void toggleRetired()}>
            {t(retired ? 'form.restore' : 'form.retire')}
          </Button>
        )}
        <Button type="submit" color="primary" size="large" loading={save.isPending}>
          {t('form.save')}
        </Button>
      </div>
    </form>
  );
}
