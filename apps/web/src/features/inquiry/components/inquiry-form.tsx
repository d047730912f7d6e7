import type { InquiryInput } from '@jewel/contract/inquiry';
import { PRIORITY } from '@jewel/contract/values/commodity';
import { TEXT_MAX } from '@jewel/contract/values/limits';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Field, fieldDomId, invalidProps } from '../../../components/form/field.tsx';
import { PickerField } from '../../../components/form/picker-field.tsx';
import { useForm } from '../../../components/form/use-form.ts';
import { Page } from '../../../components/page.tsx';
import { PhotoUploadField } from '../../../components/photos/photo-upload-field.tsx';
import { Button } from '../../../lib/antd-mobile.ts';
import { isTransportFailure } from '../../../lib/api-error.ts';
import { brandChoices, brandProductsOptions, brandsOptions } from '../../../lib/catalog.ts';
import { useDictionaryOptions } from '../../../lib/dictionary.ts';
import { Input } from '../../../lib/input.ts';
import { queue, removeEntry } from '../../../lib/outbox.ts';
import type { Refusal } from '../../../lib/outbox-store.ts';
import { resolveEntries } from '../../../lib/photos/photo-uploads.ts';
import { Selector } from '../../../lib/selector.tsx';
import { Switch } from '../../../lib/switch.tsx';
import { TextArea } from '../../../lib/text-area.ts';
import { toast } from '../../../lib/toast.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { uuid } from '../../../lib/uuid.ts';
import { useNetworkStore } from '../../../stores/network-store.ts';
import { inquiryKeys, useCreateInquiry } from '../api/inquiry-queries.ts';

export interface InquiryDraft {
  customer_name: string;
  contact: string;
  brand_id: number | null;
  product_id: number | null;
  product_name: string;
  photos: string[];
  source: string;
  urgent: boolean;
  remark: string;
}

const EMPTY: InquiryDraft = {
  customer_name: '',
  contact: '',
  brand_id: null,
  product_id: null,
  product_name: '',
  photos: [],
  source: '',
  urgent: false,
  remark: '',
};
const REQUIRED = ['customer_name', 'contact', 'product_name', 'source'] as const;

/** The submit's body; photos not yet uploaded stay `local:` entries (the outbox resolves them). */
function inquiryBody(values: InquiryDraft, key: string, photos: string[]): InquiryInput {
  return {
    customer_name: values.customer_name,
    contact: values.contact,
    brand_id: values.brand_id,
    product_id: values.product_id,
    product_name: values.product_name,
    photos,
    source: values.source,
    priority: values.urgent ? PRIORITY.urgent : PRIORITY.normal,
    remark: values.remark,
    idempotency_key: key,
  };
}

/**
 * The register page's form: the customer, what they have, photos, where they asked and how
 * urgent. Without network (or when the network fails the submit) it goes to the outbox with its
 * key; one from the outbox comes back here (`initial`): refused, to be fixed, or still waiting,
 * to be changed and saved again in its place.
 */
export function InquiryForm({
  initial,
  onDone,
  onQueued,
}: {
  initial?: { values: InquiryDraft; key: string; refusal: Refusal | null };
  onDone: () => void;
  onQueued: () => void;
}) {
  const { t } = useTranslation(['inquiry', 'offline']);
  // One key per inquiry, kept across tries; a refused one gets a new key (nothing was registered),
  // a waiting one keeps its own (the server may have it already: a repeat never registers twice).
  const [key] = useState(() => (initial && !initial.refusal ? initial.key : uuid()));
  const {
    values: draft,
    set,
    setValues,
    errors,
    setErrors,
    clearErrors,
    handleSubmit,
  } = useForm({
    initial: initial?.values ?? EMPTY,
    check: (values: InquiryDraft) =>
      Object.fromEntries(
        REQUIRED.filter((key) => !values[key].trim()).map((key) => [
          key,
          t('form.required', { field: t(`fields.${key}`) }),
        ]),
      ),
  });
  // Back from the outbox: say why the server refused it, at the field it names.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the form opens
  useEffect(() => {
    if (!initial?.refusal) return;
    const field = (initial.refusal.data as { field?: string } | null)?.field?.split('.')[0];
    if (field && field in EMPTY) setErrors({ [field]: initial.refusal.message });
    toast(initial.refusal.message);
  }, []);
  const brands = useQuery(brandsOptions());
  const products = useQuery(brandProductsOptions(draft.brand_id));
  const sources = useDictionaryOptions('inquiry.source');
  const create = useCreateInquiry();

  const toOutbox = (values: InquiryDraft) => {
    queue({
      key,
      route: 'inquiryCreate',
      body: inquiryBody(values, key, values.photos),
      form: values,
      title: values.product_name,
      items: 1,
      refresh: [inquiryKeys.all],
    });
    if (initial && initial.key !== key) removeEntry(initial.key, { keepPhotos: true });
    toast(t('form.queued'));
    onQueued();
  };

  const submit = handleSubmit(async (values) => {
    if (!navigator.onLine || !useNetworkStore.getState().online) {
      toOutbox(values);
      return;
    }
    const photos = resolveEntries(values.photos);
    if (!photos) {
      toast(t('form.photosUploading'));
      return;
    }
    try {
      await create.mutateAsync(inquiryBody(values, key, photos));
    } catch (error) {
      if (!isTransportFailure(error)) throw error;
      toOutbox(values);
      return;
    }
    if (initial) removeEntry(initial.key);
    onDone();
  });

  return (
    <Page
      footer={
        <Button block color="primary" size="large" loading={create.isPending} onClick={() => submit()}>
          {t('form.submit')}
        </Button>
      }
    >
      <section className="card form-section" aria-labelledby="inquiry-customer">
        <h2 className="card__title" id="inquiry-customer">
          {t('form.customer')}
        </h2>
        <Field
          name="customer_name"
          label={t('fields.customer_name')}
          required
          error={errors.customer_name}
          htmlFor={fieldDomId('customer_name')}
        >
          <Input
            id={fieldDomId('customer_name')}
            value={draft.customer_name}
            maxLength={TEXT_MAX.personName}
            onChange={(v) => set('customer_name', v)}
            {...invalidProps('customer_name', errors.customer_name)}
            placeholder={t('form.customerNameHint')}
          />
        </Field>
        <Field
          name="contact"
          label={t('fields.contact')}
          required
          error={errors.contact}
          htmlFor={fieldDomId('contact')}
        >
          <Input
            id={fieldDomId('contact')}
            value={draft.contact}
            maxLength={TEXT_MAX.contact}
            onChange={(v) => set('contact', v)}
            {...invalidProps('contact', errors.contact)}
            placeholder={t('form.contactHint')}
          />
        </Field>
        <Field name="source" label={t('fields.source')} required error={errors.source} stacked>
          <Selector
            columns={3}
            value={draft.source ? [draft.source] : []}
            onChange={(value) => set('source', String(value[0] ?? ''))}
            options={sources.options.map((option) => ({ value: String(option.value), label: option.label }))}
          />
        </Field>
      </section>

      <section className="card form-section" aria-labelledby="inquiry-item">
        <h2 className="card__title" id="inquiry-item">
          {t('form.item')}
        </h2>
        <Field name="brand_id" htmlFor={fieldDomId('brand_id')} label={t('fields.brand')} error={errors.brand_id}>
          <PickerField
            id={fieldDomId('brand_id')}
            label={t('fields.brand')}
            searchable
            value={draft.brand_id}
            options={brandChoices(brands.data)}
            noneLabel={t('form.unknown')}
            loading={brands.isPending}
            failed={brands.isError}
            onRetry={() => brands.refetch()}
            onChange={(value) => {
              setValues((current) => ({
                ...current,
                brand_id: value === null ? null : Number(value),
                product_id: null,
              }));
            }}
          />
        </Field>
        {draft.brand_id !== null ? (
          <Field
            name="product_id"
            htmlFor={fieldDomId('product_id')}
            label={t('fields.product')}
            error={errors.product_id}
          >
            <PickerField
              id={fieldDomId('product_id')}
              label={t('fields.product')}
              searchable
              value={draft.product_id}
              options={(products.data?.items ?? []).map((product) => ({ value: product.id, label: product.name }))}
              noneLabel={t('form.notInCatalog')}
              loading={products.isPending}
              failed={products.isError}
              onRetry={() => products.refetch()}
              onChange={(value) => {
                const product = products.data?.items.find((item) => item.id === Number(value));
                setValues((current) => ({
                  ...current,
                  product_id: product?.id ?? null,
                  product_name: product?.name ?? current.product_name,
                }));
                clearErrors('product_name');
              }}
            />
          </Field>
        ) : null}
        <Field
          name="product_name"
          label={t('fields.product_name')}
          required
          error={errors.product_name}
          htmlFor={fieldDomId('product_name')}
          stacked
        >
          <TextArea
            id={fieldDomId('product_name')}
            value={draft.product_name}
            maxLength={TEXT_MAX.productName}
            autoSize={{ minRows: 1, maxRows: 3 }}
            onChange={(v) => set('product_name', v)}
            {...invalidProps('product_name', errors.product_name)}
            placeholder={t('form.productNameHint')}
          />
        </Field>
        <Field name="photos" label={t('fields.photos')} error={errors.photos} stacked>
          <PhotoUploadField
            label={t('fields.photos')}
            value={draft.photos}
            onChange={(photos) => set('photos', photos)}
          />
        </Field>
        <Field name="priority" label={t('fields.urgent')}>
          <Switch checked={draft.urgent} onChange={(urgent) => set('urgent', urgent)} aria-label={t('fields.urgent')} />
        </Field>
        <Field name="remark" label={t('fields.remark')} htmlFor={fieldDomId('remark')} stacked>
          <TextArea
            id={fieldDomId('remark')}
            value={draft.remark}
            maxLength={TEXT_MAX.remark}
            showCount
            autoSize={{ minRows: 2, maxRows: 5 }}
            onChange={(v) => set('remark', v)}
            placeholder={t('form.remarkHint')}
          />
        </Field>
      </section>
    </Page>
  );
}
