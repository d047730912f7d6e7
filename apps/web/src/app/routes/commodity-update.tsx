import type { CommodityDetail } from '@jewel/contract/commodity';
import { parseId } from '@jewel/contract/values/ids';
import { paths, withQuery } from '@jewel/contract/values/web-paths';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Page } from '../../components/page.tsx';
import { LoadError, LoadingRows } from '../../components/state-views.tsx';
import { commodityDetailOptions } from '../../features/commodity/api/commodity-queries.ts';
import { CommodityFields } from '../../features/enroll/components/commodity-fields.tsx';
import { CustomerFields } from '../../features/enroll/components/customer-fields.tsx';
import { SubmitBar } from '../../features/enroll/components/submit-bar.tsx';
import {
  type CommodityDraft,
  type CustomerDraft,
  commodityBody,
  customerBody,
  draftFromDetail,
  type FieldErrors,
  fieldErrorFromServer,
  photoEntriesOf,
  validateCommodity,
  validateCustomer,
} from '../../features/enroll/enroll-model.ts';
import { focusFirstError, withoutErrors } from '../../features/enroll/form-errors.ts';
import { call } from '../../lib/api-client.ts';
import { ApiError } from '../../lib/api-error.ts';
import { commodityChanged } from '../../lib/commodity-cache.ts';
import { resolveEntries, resumeUploads, uploadSummary } from '../../lib/photos/photo-uploads.ts';
import { routes } from '../../lib/routes.ts';
import { successToast, toast } from '../../lib/toast.ts';
import { useTranslation } from '../../lib/use-translation.ts';
import '../../features/enroll/enroll.css';

/** Update one commodity and its customer (SPEC.md `commodityUpdate?id=`): the register form for one item. */
export default function CommodityUpdateRoute() {
  const [params] = useSearchParams();
  const id = parseId(params.get('id')) ?? 0;
  const detail = useQuery({ ...commodityDetailOptions(id), enabled: id > 0 });
  // The form edits the version it opened. A newer one arriving meanwhile (someone else saved, and
  // a live event refetched the detail) must not wipe what this user typed: their save is refused
  // as stale and tells them to refresh.
  const [opened, setOpened] = useState<CommodityDetail>();
  if (detail.data && opened?.id !== detail.data.id) setOpened(detail.data);
  if (detail.isError || !(id > 0)) {
    return (
      <Page>
        <LoadError onRetry={() => detail.refetch()} />
      </Page>
    );
  }
  if (!opened) {
    return (
      <Page>
        <LoadingRows rows={6} />
        <LoadingRows rows={6} />
      </Page>
    );
  }
  return <UpdateForm key={opened.id} detail={opened} />;
}

function UpdateForm({ detail }: { detail: CommodityDetail }) {
  const { t } = useTranslation('enroll');
  const navigate = useNavigate();
  const [initial] = useState(() => draftFromDetail(detail, String(detail.id)));
  const [customer, setCustomer] = useState<CustomerDraft>(initial.customer);
  const [commodity, setCommodity] = useState<CommodityDraft>(initial.commodity);
  const [errors, setErrors] = useState<FieldErrors>({});
  const allowed = detail.allowed_actions.includes('update');

  const save = useMutation({
    mutationFn: (body: Parameters<typeof call<typeof routes.commodityUpdate>>[1]['body']) =>
      call(routes.commodityUpdate, { params: { id: detail.id }, body }, { hideErrorToast: true }),
    onSuccess: (saved) => commodityChanged(saved),
  });

  const submit = async () => {
    const found = validateCommodity(commodity, '', validateCustomer(customer));
    setErrors(found);
    if (Object.keys(found).length > 0) {
      toast(t('errors.fixFields'));
      focusFirstError();
      return;
    }
    const entries = photoEntriesOf([commodity]);
    const uploads = uploadSummary(entries);
    if (uploads.pending > 0 || uploads.failed > 0) {
      resumeUploads(entries);
      toast(t(uploads.failed > 0 ? 'errors.photosFailed' : 'errors.photosUploading'));
      return;
    }
    const { valuer_id: _valuer, ...fields } = commodityBody(commodity, (list) => resolveEntries(list) ?? []);
    try {
      await save.mutateAsync({ ...fields, ...customerBody(customer), version: detail.version });
    } catch (error) {
      if (error instanceof ApiError) {
        const mapped = fieldErrorFromServer(error.code, error.data, error.message);
        if (mapped) {
          setErrors((current) => ({ ...current, [mapped.path]: mapped.error }));
          focusFirstError();
        }
        toast(error.message);
      }
      return;
    }
    successToast(t('status.updated'));
    if ((window.history.state as { idx?: number } | null)?.idx) navigate(-1);
    else navigate(withQuery(paths.commodityDetail, { id: detail.id }), { replace: true });
  };

  return (
    <Page
      footer={
        <SubmitBar label={t('actions.save')} commodities={[commodity]} submitting={save.isPending} onSubmit={submit} />
      }
    >
      <p className="card enroll-update__number figure">{t('update.number', { no: detail.no })}</p>
      {detail.modification_reason ? (
        <p className="card enroll-update__notice" role="note">
          {t('update.returned', { reason: detail.modification_reason })}
        </p>
      ) : null}
      {allowed ? null : (
        <p className="card enroll-update__notice" role="note">
          {t('update.notAllowed')}
        </p>
      )}
      <CustomerFields
        value={customer}
        errors={errors}
        onChange={(patch) => {
          setCustomer((current) => ({ ...current, ...patch }));
          setErrors((current) => withoutErrors(current, '', Object.keys(patch)));
        }}
      />
      <CommodityFields
        value={commodity}
        index={1}
        prefix=""
        errors={errors}
        onChange={(patch) => {
          setCommodity((current) => ({ ...current, ...patch }));
          setErrors((current) => withoutErrors(current, '', Object.keys(patch)));
        }}
      />
    </Page>
  );
}
