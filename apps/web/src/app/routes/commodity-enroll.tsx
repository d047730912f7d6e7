import { ERRORS } from '@jewel/contract/values/error-codes';
import { MAX_COMMODITIES_PER_ENROLLMENT } from '@jewel/contract/values/limits';
import { paths, withQuery } from '@jewel/contract/values/web-paths';
import { AddOutline } from 'antd-mobile-icons';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { fieldDomId } from '../../components/form/field.tsx';
import { Page } from '../../components/page.tsx';
import { ReturningCustomer } from '../../features/customer/components/returning-customer.tsx';
import { CommodityFields } from '../../features/enroll/components/commodity-fields.tsx';
import { CommoditySummary } from '../../features/enroll/components/commodity-summary.tsx';
import { CustomerFields } from '../../features/enroll/components/customer-fields.tsx';
import { SubmitBar } from '../../features/enroll/components/submit-bar.tsx';
import { draftHasContent, type EnrollForm, useEnrollDraft } from '../../features/enroll/enroll-draft-store.ts';
import {
  type CommodityDraft,
  type CustomerDraft,
  commoditiesWithErrors,
  commodityFinished,
  type FieldErrors,
  fieldErrorFromServer,
  photoEntriesOf,
  validateEnrollment,
} from '../../features/enroll/enroll-model.ts';
import { submitEnrollment } from '../../features/enroll/enroll-submit.ts';
import { focusFirstError, withoutErrors } from '../../features/enroll/form-errors.ts';
import { Dialog } from '../../lib/dialog.ts';
import { holdEntry, outboxPhotoEntries, releaseEntry, removeEntry } from '../../lib/outbox.ts';
import { findOwnEntry } from '../../lib/outbox-store.ts';
import { forgetAllExcept, forgetEntries, resumeUploads } from '../../lib/photos/photo-uploads.ts';
import { successToast, toast } from '../../lib/toast.ts';
import { useTranslation } from '../../lib/use-translation.ts';
import '../../features/enroll/enroll.css';

/** The folded commodities less those that some errors name: their errors must be seen and fixed. */
function unfoldErrors(folded: ReadonlySet<string>, found: FieldErrors): ReadonlySet<string> {
  const keys = commoditiesWithErrors(useEnrollDraft.getState().commodities, found);
  return keys.length === 0 ? folded : new Set([...folded].filter((key) => !keys.includes(key)));
}

/**
 * Register a customer's items (SPEC.md `commodityEnroll`): 1 to 5 commodities with their photos.
 * The draft lives on the device and survives reloads; a submit without network waits and goes
 * out by itself, once, when the network returns.
 */
export default function CommodityEnrollRoute() {
  const { t } = useTranslation(['enroll', 'offline']);
  const navigate = useNavigate();
  const customer = useEnrollDraft((state) => state.customer);
  const customerLink = useEnrollDraft((state) => state.customerLink);
  const commodities = useEnrollDraft((state) => state.commodities);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitting, setSubmitting] = useState(false);
  const [maxReached, setMaxReached] = useState(false);
  // Finished commodities folded into summary cards (by key); on opening, all finished but the last.
  const [folded, setFolded] = useState<ReadonlySet<string>>(
    () =>
      new Set(
        commodities
          .slice(0, -1)
          .filter(commodityFinished)
          .map((commodity) => commodity.key),
      ),
  );
  // The commodity to bring into view with its first field focused, once it has rendered.
  const [reveal, setReveal] = useState<string | null>(null);

  useEffect(() => {
    if (reveal === null) return;
    setReveal(null);
    const index = commodities.findIndex((commodity) => commodity.key === reveal);
    if (index < 0) return;
    const title = document.getElementById(fieldDomId(`commodities.${index}.title`));
    title?.closest('section')?.scrollIntoView({ block: 'start', behavior: 'smooth' });
    document.getElementById(fieldDomId(`commodities.${index}.brand_id`))?.focus({ preventScroll: true });
  }, [reveal, commodities]);

  // Opened from the home screen's shortcut (`?camera=1`, issue 17): straight to the first photo's
  // camera (a browser that wants a tap first leaves the photo field in view and focused).
  const [search] = useSearchParams();
  useEffect(() => {
    if (search.get('camera') !== '1') return;
    const camera = document.querySelector<HTMLInputElement>('.photo-field input[data-source="camera"]');
    camera?.closest('fieldset')?.scrollIntoView({ block: 'center' });
    camera?.closest('fieldset')?.querySelector<HTMLButtonElement>('button')?.focus({ preventScroll: true });
    camera?.click();
  }, [search]);

  /** The server refused the registration (now, or while it waited in the outbox): point at why. */
  const showRefusal = (code: number, message: string, data: unknown) => {
    // The linked customer is gone (anonymized) or not the recorder's: unlink, the form keeps
    // the details, and the next submit finds or creates the customer by phone and name.
    const field = (data as { field?: string } | null)?.field;
    if (code === ERRORS.customerAnonymized.code || field === 'customer_id') {
      useEnrollDraft.getState().setCustomerLink(null);
      toast(message);
      return;
    }
    const mapped = fieldErrorFromServer(code, data, message);
    if (mapped) {
      setErrors((current) => ({ ...current, [mapped.path]: mapped.error }));
      setFolded((current) => unfoldErrors(current, { [mapped.path]: mapped.error }));
      focusFirstError();
    }
    toast(message);
  };

  // The page opens: a registration from the outbox comes back (when the form is free), a refused
  // one to be fixed, a waiting one to be changed; what a reload interrupted resumes, and photos no
  // draft or outbox entry needs go.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the page opens
  useEffect(() => {
    const fromOutbox = findOwnEntry(search.get('outbox') ?? '');
    let restored = false;
    let held: string | null = null;
    if (fromOutbox?.route === 'commodityEnroll') {
      // Reloaded while a waiting entry was open: the draft holds it, with its changes.
      const reopened = !fromOutbox.refusal && useEnrollDraft.getState().idempotencyKey === fromOutbox.key;
      if (!reopened && draftHasContent(useEnrollDraft.getState())) {
        void Dialog.alert({ content: t('offline:outbox.formBusy'), confirmText: t('common:confirm') });
      } else if (fromOutbox.refusal) {
        useEnrollDraft.getState().restore(fromOutbox.form as EnrollForm);
        removeEntry(fromOutbox.key, { keepPhotos: true });
        setFolded(new Set());
        showRefusal(fromOutbox.refusal.code, fromOutbox.refusal.message, fromOutbox.refusal.data);
        restored = true;
      } else if (holdEntry(fromOutbox.key)) {
        // It stays in the outbox, held, under its own key: saving replaces it, leaving keeps it.
        if (!reopened) useEnrollDraft.getState().restore(fromOutbox.form as EnrollForm, fromOutbox.key);
        setFolded(new Set());
        held = fromOutbox.key;
        restored = true;
      } else {
        navigate(paths.outbox, { replace: true });
        return;
      }
    }
    const draft = useEnrollDraft.getState();
    const entries = photoEntriesOf(draft.commodities);
    void forgetAllExcept([...entries, ...outboxPhotoEntries()]).then(() => resumeUploads(entries));
    if (!restored && draftHasContent(draft)) toast(t('status.draftRestored'));
    if (held === null) return;
    const key = held;
    return () => {
      // Left without saving: the form is free again, and the entry waits in the outbox as it was.
      if (useEnrollDraft.getState().idempotencyKey === key) useEnrollDraft.getState().reset();
      releaseEntry(key);
    };
  }, []);

  const changeCustomer = (patch: Partial<CustomerDraft>) => {
    useEnrollDraft.getState().setCustomer(patch);
    setErrors((current) => withoutErrors(current, '', Object.keys(patch)));
  };

  const changeCommodity = (key: string, index: number) => (patch: Partial<CommodityDraft>) => {
    useEnrollDraft.getState().setCommodity(key, patch);
    setErrors((current) => withoutErrors(current, `commodities.${index}.`, Object.keys(patch)));
  };

  const addCommodity = () => {
    const before = useEnrollDraft.getState().commodities;
    if (!useEnrollDraft.getState().addCommodity()) {
      setMaxReached(true);
      toast(t('errors.max5', { max: MAX_COMMODITIES_PER_ENROLLMENT }));
      return;
    }
    setMaxReached(false);
    // The items done so far fold to their summaries; the new one comes into view, ready to fill.
    const done = before.filter(commodityFinished).map((commodity) => commodity.key);
    setFolded((current) => new Set([...current, ...done]));
    setReveal(useEnrollDraft.getState().commodities.at(-1)?.key ?? null);
  };

  const editCommodity = (key: string) => {
    setFolded((current) => new Set([...current].filter((folded) => folded !== key)));
    setReveal(key);
  };

  const removeCommodity = async (commodity: CommodityDraft, index: number) => {
    const confirmed = await Dialog.confirm({
      content: t('actions.removeConfirm', { index: index + 1 }),
      confirmText: t('common:confirm'),
      cancelText: t('common:cancel'),
    });
    if (!confirmed) return;
    useEnrollDraft.getState().removeCommodity(commodity.key);
    forgetEntries(photoEntriesOf([commodity]));
    setErrors({});
    setMaxReached(false);
  };

  const clearDraft = async () => {
    const confirmed = await Dialog.confirm({
      content: t('actions.clearConfirm'),
      confirmText: t('common:confirm'),
      cancelText: t('common:cancel'),
    });
    if (!confirmed) return;
    const entries = photoEntriesOf(useEnrollDraft.getState().commodities);
    // A new draft, with a new key: what waited for the network is given up.
    useEnrollDraft.getState().reset();
    forgetEntries(entries);
    setErrors({});
    setMaxReached(false);
  };

  const submit = async () => {
    const found = validateEnrollment(customer, commodities);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      setFolded((current) => unfoldErrors(current, found));
      toast(t('errors.fixFields'));
      focusFirstError();
      return;
    }
    setSubmitting(true);
    try {
      const outcome = await submitEnrollment();
      switch (outcome.kind) {
        case 'done': {
          setErrors({});
          successToast(t('status.enrolled'));
          // One item: its page (and its "Print tag"); several: the list, offering their tags.
          const items = outcome.result.commodities;
          const only = items.length === 1 ? items[0] : undefined;
          navigate(
            only
              ? withQuery(paths.commodityDetail, { id: only.id })
              : withQuery(paths.commodityList, { registered: items.map((item) => item.id).join(',') }),
            { replace: true },
          );
          return;
        }
        case 'queued':
          setErrors({});
          toast(t('status.queued'));
          navigate(paths.outbox);
          return;
        case 'photos':
          toast(t(outcome.failed > 0 ? 'errors.photosFailed' : 'errors.photosUploading'));
          return;
        case 'refused':
          showRefusal(outcome.error.code, outcome.error.message, outcome.error.data);
          return;
      }
    } finally {
      setSubmitting(false);
    }
  };

  const hasContent = draftHasContent({ customer, commodities });

  return (
    <Page
      right={
        hasContent ? (
          <button type="button" className="enroll-nav-action" onClick={clearDraft}>
            {t('actions.clearDraft')}
          </button>
        ) : null
      }
      footer={
        <SubmitBar label={t('actions.submit')} submitting={submitting} commodities={commodities} onSubmit={submit} />
      }
    >
      <CustomerFields
        value={customer}
        onChange={changeCustomer}
        errors={errors}
        afterPhone={
          <ReturningCustomer
            phone={customer.customer_phone}
            name={customer.customer_name}
            linked={customerLink}
            onPick={(picked) => {
              changeCustomer({
                customer_name: picked.name,
                customer_phone: picked.phone,
                ...(picked.address ? { customer_address: picked.address } : {}),
              });
              useEnrollDraft.getState().setCustomerLink({ id: picked.id, name: picked.name, visits: picked.visits });
            }}
            onUnlink={() => useEnrollDraft.getState().setCustomerLink(null)}
          />
        }
      />
      {commodities.map((commodity, index) =>
        folded.has(commodity.key) ? (
          <CommoditySummary
            key={commodity.key}
            value={commodity}
            index={index + 1}
            prefix={`commodities.${index}.`}
            onEdit={() => editCommodity(commodity.key)}
          />
        ) : (
          <CommodityFields
            key={commodity.key}
            value={commodity}
            index={index + 1}
            prefix={`commodities.${index}.`}
            errors={errors}
            onChange={changeCommodity(commodity.key, index)}
            onRemove={commodities.length > 1 ? () => removeCommodity(commodity, index) : undefined}
            showValuer
          />
        ),
      )}
      <div className="enroll-add">
        <button type="button" className="enroll-add__button" onClick={addCommodity}>
          <AddOutline aria-hidden />
          <span>{t('actions.addCommodity')}</span>
          <span className="muted figure">
            {t('actions.commodityCount', { count: commodities.length, max: MAX_COMMODITIES_PER_ENROLLMENT })}
          </span>
        </button>
        {maxReached || errors.commodities ? (
          <p className="field-error" role="alert">
            {t('errors.max5', { max: MAX_COMMODITIES_PER_ENROLLMENT })}
          </p>
        ) : null}
      </div>
    </Page>
  );
}
