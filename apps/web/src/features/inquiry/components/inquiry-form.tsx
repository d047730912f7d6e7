import type { InquiryInput } from '@jewel/contract/inquiry';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Page } from '../../../components/page.tsx';
import { PhotoUploadField } from '../../../components/photos/photo-upload-field.tsx';
import { resolveEntries } from '../../../components/photos/photo-uploads.ts';
import { Button, Input, Selector, Switch, TextArea } from '../../../lib/antd-mobile.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { brandProductsOptions, brandsOptions } from '../../../lib/catalog.ts';
import { useDictionaryOptions } from '../../../lib/dictionary.ts';
import { toast } from '../../../lib/toast.ts';
import { FormField, fieldDomId } from '../../enroll/components/form-field.tsx';
import { PickerField } from '../../enroll/components/picker-field.tsx';
import { useCreateInquiry } from '../api/inquiry-queries.ts';
import '../../enroll/enroll.css';

interface Draft {
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

const EMPTY: Draft = {
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

/** The register page's form: the customer, what they have, photos, where they asked and how urgent. */
export function InquiryForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation('inquiry');
  const [draft, setDraft] = useState(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<keyof Draft, string>>>({});
  const brands = useQuery(brandsOptions());
  const products = useQuery(brandProductsOptions(draft.brand_id));
  const sources = useDictionaryOptions('inquiry.source');
  const create = useCreateInquiry();

  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => {
    setDraft((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: undefined }));
  };

  const submit = () => {
    const missing = REQUIRED.filter((key) => !draft[key].trim());
    if (missing.length > 0) {
      setErrors(Object.fromEntries(missing.map((key) => [key, t('form.required', { field: t(`fields.${key}`) })])));
      document.getElementById(fieldDomId(missing[0] ?? ''))?.scrollIntoView({ block: 'center' });
      return;
    }
    const photos = resolveEntries(draft.photos);
    if (!photos) {
      toast(t('form.photosUploading'));
      return;
    }
    const body: InquiryInput = {
      customer_name: draft.customer_name,
      contact: draft.contact,
      brand_id: draft.brand_id,
      product_id: draft.product_id,
      product_name: draft.product_name,
      photos,
      source: draft.source,
      priority: draft.urgent ? 2 : 1,
      remark: draft.remark,
    };
    create.mutate(body, {
      onSuccess: onDone,
      onError: (error) => {
        const field = error instanceof ApiError ? (error.data as { field?: string } | null)?.field : undefined;
        const key = field?.split('.')[0] as keyof Draft | undefined;
        if (key && key in EMPTY) setErrors({ [key]: error.message });
        else toast(error.message);
      },
    });
  };

  return (
    <Page
      footer={
        <Button block color="primary" size="large" loading={create.isPending} onClick={submit}>
          {t('form.submit')}
        </Button>
      }
    >
      <section className="card enroll-section" aria-labelledby="inquiry-customer">
        <h2 className="card__title" id="inquiry-customer">
          {t('form.customer')}
        </h2>
        <FormField
          path="customer_name"
          label={t('fields.customer_name')}
          required
          error={errors.customer_name}
          htmlFor={fieldDomId('customer_name')}
        >
          <Input
            id={fieldDomId('customer_name')}
            value={draft.customer_name}
            maxLength={40}
            onChange={(v) => set('customer_name', v)}
            placeholder={t('form.customerNameHint')}
          />
        </FormField>
        <FormField
          path="contact"
          label={t('fields.contact')}
          required
          error={errors.contact}
          htmlFor={fieldDomId('contact')}
        >
          <Input
            id={fieldDomId('contact')}
            value={draft.contact}
            maxLength={60}
            onChange={(v) => set('contact', v)}
            placeholder={t('form.contactHint')}
          />
        </FormField>
        <FormField path="source" label={t('fields.source')} required error={errors.source} stacked>
          <Selector
            columns={3}
            value={draft.source ? [draft.source] : []}
            onChange={(value) => set('source', String(value[0] ?? ''))}
            options={sources.options.map((option) => ({ value: String(option.value), label: option.label }))}
          />
        </FormField>
      </section>

      <section className="card enroll-section" aria-labelledby="inquiry-item">
        <h2 className="card__title" id="inquiry-item">
          {t('form.item')}
        </h2>
        <FormField path="brand_id" label={t('fields.brand')} error={errors.brand_id}>
          <PickerField
            path="brand_id"
            label={t('fields.brand')}
            value={draft.brand_id}
            options={(brands.data ?? []).map((brand) => ({ value: brand.id, label: brand.name }))}
            noneLabel={t('form.unknown')}
            loading={brands.isPending}
            failed={brands.isError}
            onRetry={() => brands.refetch()}
            onChange={(value) => {
              setDraft((current) => ({
                ...current,
                brand_id: value === null ? null : Number(value),
                product_id: null,
              }));
            }}
          />
        </FormField>
        {draft.brand_id !== null ? (
          <FormField path="product_id" label={t('fields.product')} error={errors.product_id}>
            <PickerField
              path="product_id"
              label={t('fields.product')}
              value={draft.product_id}
              options={(products.data?.items ?? []).map((product) => ({ value: product.id, label: product.name }))}
              noneLabel={t('form.notInCatalog')}
              loading={products.isPending}
              failed={products.isError}
              onRetry={() => products.refetch()}
              onChange={(value) => {
                const product = products.data?.items.find((item) => item.id === Number(value));
                setDraft((current) => ({
                  ...current,
                  product_id: product?.id ?? null,
                  product_name: product?.name ?? current.product_name,
                }));
                setErrors((current) => ({ ...current, product_name: undefined }));
              }}
            />
          </FormField>
        ) : null}
        <FormField
          path="product_name"
          label={t('fields.product_name')}
          required
          error={errors.product_name}
          htmlFor={fieldDomId('product_name')}
          stacked
        >
          <TextArea
            id={fieldDomId('product_name')}
            value={draft.product_name}
            maxLength={120}
            autoSize={{ minRows: 1, maxRows: 3 }}
            onChange={(v) => set('product_name', v)}
            placeholder={t('form.productNameHint')}
          />
        </FormField>
        <FormField path="photos" label={t('fields.photos')} error={errors.photos} stacked>
          <PhotoUploadField
            label={t('fields.photos')}
            value={draft.photos}
            onChange={(photos) => set('photos', photos)}
          />
        </FormField>
        <FormField path="priority" label={t('fields.urgent')}>
          <Switch checked={draft.urgent} onChange={(urgent) => set('urgent', urgent)} aria-label={t('fields.urgent')} />
        </FormField>
        <FormField path="remark" label={t('fields.remark')} htmlFor={fieldDomId('remark')} stacked>
          <TextArea
            id={fieldDomId('remark')}
            value={draft.remark}
            maxLength={500}
            showCount
            autoSize={{ minRows: 2, maxRows: 5 }}
            onChange={(v) => set('remark', v)}
            placeholder={t('form.remarkHint')}
          />
        </FormField>
      </section>
    </Page>
  );
}
