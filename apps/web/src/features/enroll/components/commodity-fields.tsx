import { NO_ACCESSORIES, type PhotoField, PRIORITY, REQUIRED_PHOTOS } from '@jewel/contract/values/commodity';
import { SIZE_UNITS } from '@jewel/contract/values/dictionary';
import { useQuery } from '@tanstack/react-query';
import { DeleteOutline } from 'antd-mobile-icons';
import { errorDomId, Field, fieldDomId } from '../../../components/form/field.tsx';
import { PickerField } from '../../../components/form/picker-field.tsx';
import { PhotoUploadField } from '../../../components/photos/photo-upload-field.tsx';
import {
  brandsOptions,
  brandTypesOptions,
  categoriesOptions,
  materialsOptions,
  valuersOptions,
} from '../../../lib/catalog.ts';
import { useDictionaryOptions } from '../../../lib/dictionary.ts';
import { Input } from '../../../lib/input.ts';
import { Selector } from '../../../lib/selector.tsx';
import { Switch } from '../../../lib/switch.tsx';
import { TextArea } from '../../../lib/text-area.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { type CommodityDraft, type FieldErrors, type SizeUnit, TEXT_LIMITS } from '../enroll-model.ts';
import { confirmPhotoQuality } from '../photo-check.ts';
import { GuidedProductPhotos } from './product-photos.tsx';
import { useErrorText } from './use-error-text.ts';

interface CommodityFieldsProps {
  value: CommodityDraft;
  onChange: (patch: Partial<CommodityDraft>) => void;
  errors: FieldErrors;
  /** The commodity's path in the body: `commodities.0.` when registering, '' when updating. */
  prefix: string;
  /** Its number in the enrollment (1-based), shown in the title. */
  index: number;
  /** The valuer is chosen at enrollment only (later: distribute). */
  showValuer?: boolean;
  /** Offered when the enrollment has more than one commodity. */
  onRemove?: () => void;
  disabled?: boolean;
}

/** Every field of one commodity (SPEC.md §3), grouped in titled sections. */
export function CommodityFields({
  value,
  onChange,
  errors,
  prefix,
  index,
  showValuer,
  onRemove,
  disabled,
}: CommodityFieldsProps) {
  const { t } = useTranslation('enroll');
  const errorText = useErrorText();
  const brands = useQuery(brandsOptions());
  const types = useQuery(brandTypesOptions(value.brand_id));
  const categories = useQuery(categoriesOptions());
  const materials = useQuery(materialsOptions());
  const valuers = useQuery({ ...valuersOptions(), enabled: Boolean(showValuer) });
  const statuses = useDictionaryOptions('identify_product.product_status');
  const accessories = useDictionaryOptions('identify_product.product_accessories');

  const at = (field: string) => `${prefix}${field}`;
  const error = (field: string) => errorText(errors[at(field)]);
  const titleId = `${fieldDomId(at('title'))}`;

  const idOptions = (list: { id: number; name: string }[] | undefined) =>
    (list ?? []).map((item) => ({ value: item.id, label: item.name }));
  const asId = (picked: number | string | null) => (picked === null ? null : Number(picked));

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

  const measureInput = (field: 'length' | 'width' | 'weight') => (
    <Input
      id={fieldDomId(at(field))}
      value={value[field]}
      onChange={(next) => onChange({ [field]: next })}
      placeholder={t('placeholders.optional')}
      inputMode="decimal"
      maxLength={12}
      aria-invalid={errors[at(field)] ? true : undefined}
      aria-describedby={errors[at(field)] ? errorDomId(at(field)) : undefined}
      disabled={disabled}
      autoComplete="off"
    />
  );

  const photoField = (field: PhotoField, hint?: string) => {
    const required = field in REQUIRED_PHOTOS;
    return (
      <Field name={at(field)} label={t(`fields.${field}`)} required={required} error={error(field)} hint={hint} stacked>
        <div id={fieldDomId(at(field))}>
          <PhotoUploadField
            label={t(`fields.${field}`)}
            value={value[field]}
            onChange={(next) => onChange({ [field]: next })}
            invalid={Boolean(errors[at(field)])}
            errorId={errors[at(field)] ? errorDomId(at(field)) : undefined}
            disabled={disabled}
            check={field === 'product_pics' ? confirmPhotoQuality : undefined}
          />
        </div>
      </Field>
    );
  };

  // The category's photo guide turns the product photos into its shot list (docs/decisions.md "The photo guide").
  const shots = categories.data?.find((category) => category.id === value.category_id)?.shots ?? [];
  const productPhotos = () => {
    if (shots.length === 0) return photoField('product_pics');
    const field = 'product_pics';
    return (
      <Field name={at(field)} label={t(`fields.${field}`)} required error={error(field)} stacked>
        <div id={fieldDomId(at(field))}>
          <GuidedProductPhotos
            shots={shots}
            value={value}
            onChange={onChange}
            label={t(`fields.${field}`)}
            invalid={Boolean(errors[at(field)])}
            errorId={errors[at(field)] ? errorDomId(at(field)) : undefined}
            disabled={disabled}
          />
        </div>
      </Field>
    );
  };

  return (
    <section className="card form-section enroll-commodity" aria-labelledby={titleId}>
      <div className="enroll-section__head">
        <h2 id={titleId} className="enroll-section__title">
          {t('sections.commodity', { index })}
        </h2>
        {onRemove && !disabled ? (
          <button type="button" className="enroll-section__remove" onClick={onRemove}>
            <DeleteOutline aria-hidden />
            <span>{t('actions.removeCommodity', { index })}</span>
          </button>
        ) : null}
      </div>

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
          options={idOptions(brands.data)}
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
          options={idOptions(types.data)}
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
          options={idOptions(categories.data)}
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
          options={idOptions(materials.data)}
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
      {productPhotos()}
      {photoField('accessory_pics', value.accessories.includes(NO_ACCESSORIES) ? t('hints.noAccessories') : undefined)}

      <h3 className="enroll-section__subtitle">{t('sections.measure')}</h3>
      <Field
        name={at('length')}
        htmlFor={fieldDomId(at('length'))}
        label={t('fields.length')}
        error={error('length')}
        extra={<span className="enroll-unit">{value.size_unit}</span>}
      >
        {measureInput('length')}
      </Field>
      <Field
        name={at('width')}
        htmlFor={fieldDomId(at('width'))}
        label={t('fields.width')}
        error={error('width')}
        extra={<span className="enroll-unit">{value.size_unit}</span>}
      >
        {measureInput('width')}
      </Field>
      <Field name={at('size_unit')} label={t('fields.size_unit')} error={error('size_unit')}>
        <fieldset aria-label={t('fields.size_unit')} className="enroll-group enroll-units">
          <Selector
            columns={3}
            disabled={disabled}
            options={SIZE_UNITS.map((unit) => ({ value: unit, label: unit }))}
            value={[value.size_unit]}
            onChange={(next) => {
              const unit = next[0] as SizeUnit | undefined;
              if (unit) onChange({ size_unit: unit });
            }}
          />
        </fieldset>
      </Field>
      {photoField('size_pics')}
      <Field
        name={at('weight')}
        htmlFor={fieldDomId(at('weight'))}
        label={t('fields.weight')}
        error={error('weight')}
        extra={<span className="enroll-unit">{value.weight_unit}</span>}
      >
        {measureInput('weight')}
      </Field>
      {photoField('weight_pics')}

      <h3 className="enroll-section__subtitle">{t('sections.photos')}</h3>
      <Field
        name={at('serial_no')}
        htmlFor={fieldDomId(at('serial_no'))}
        label={t('fields.serial_no')}
        error={error('serial_no')}
      >
        <Input
          id={fieldDomId(at('serial_no'))}
          value={value.serial_no}
          onChange={(next) => onChange({ serial_no: next })}
          placeholder={t('placeholders.serial_no')}
          maxLength={TEXT_LIMITS.serial_no}
          disabled={disabled}
          autoComplete="off"
          clearable
        />
      </Field>
      <Field
        name={at('engraving')}
        htmlFor={fieldDomId(at('engraving'))}
        label={t('fields.engraving')}
        error={error('engraving')}
      >
        <Input
          id={fieldDomId(at('engraving'))}
          value={value.engraving}
          onChange={(next) => onChange({ engraving: next })}
          placeholder={t('placeholders.engraving')}
          maxLength={TEXT_LIMITS.engraving}
          disabled={disabled}
          autoComplete="off"
          clearable
        />
      </Field>
      {photoField('engraving_pics')}
      {photoField('inlay_pics')}
      {photoField('material_pics')}

      <h3 className="enroll-section__subtitle">{t('sections.other')}</h3>
      <Field
        name={at('remark')}
        htmlFor={fieldDomId(at('remark'))}
        label={t('fields.remark')}
        error={error('remark')}
        stacked
      >
        <TextArea
          id={fieldDomId(at('remark'))}
          value={value.remark}
          onChange={(next) => onChange({ remark: next })}
          placeholder={t('placeholders.remark')}
          maxLength={TEXT_LIMITS.remark}
          autoSize={{ minRows: 2, maxRows: 6 }}
          showCount
          disabled={disabled}
        />
      </Field>
      <Field name={at('priority')} label={t('fields.priority')} error={error('priority')}>
        <div className="enroll-switch">
          <span className="muted">{t('status.urgentHint')}</span>
          <Switch
            aria-label={t('fields.priority')}
            checked={value.priority === PRIORITY.urgent}
            disabled={disabled}
            onChange={(checked) => onChange({ priority: checked ? PRIORITY.urgent : PRIORITY.normal })}
          />
        </div>
      </Field>
      {showValuer ? (
        <Field
          name={at('valuer_id')}
          htmlFor={fieldDomId(at('valuer_id'))}
          label={t('fields.valuer')}
          error={error('valuer_id')}
        >
          <PickerField
            id={fieldDomId(at('valuer_id'))}
            errorId={errorDomId(at('valuer_id'))}
            label={t('fields.valuer')}
            value={value.valuer_id}
            options={idOptions(valuers.data)}
            loading={valuers.isPending}
            failed={valuers.isError}
            onRetry={() => valuers.refetch()}
            noneLabel={t('placeholders.noValuer')}
            disabled={disabled}
            onChange={(picked) => onChange({ valuer_id: asId(picked) })}
          />
        </Field>
      ) : null}
    </section>
  );
}
