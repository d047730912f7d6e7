import type { CallResult } from '../../lib/api-client.ts';
import { call } from '../../lib/api-client.ts';
import { ApiError, isTransportFailure } from '../../lib/api-error.ts';
import { refreshCommodityOverviews } from '../../lib/commodity-cache.ts';
import { queue, removeEntry } from '../../lib/outbox.ts';
import { forgetEntries, resolveEntries, resumeUploads, uploadSummary } from '../../lib/photos/photo-uploads.ts';
import { commodityKeys, statisticsKey } from '../../lib/query-keys.ts';
import { routes } from '../../lib/routes.ts';
import { useNetworkStore } from '../../stores/network-store.ts';
import { type EnrollDraftState, type EnrollForm, useEnrollDraft } from './enroll-draft-store.ts';
import { enrollBody, photoEntriesOf } from './enroll-model.ts';

export type EnrollResult = CallResult<typeof routes.commodityEnroll>;

export type SubmitOutcome =
  | { kind: 'done'; result: EnrollResult }
  /** Offline or the network failed: in the outbox, sent when the network returns; the form is new. */
  | { kind: 'queued' }
  /** Photos still on their way (or failed) while online: nothing sent. */
  | { kind: 'photos'; pending: number; failed: number }
  /** The server said no; the draft stays as it is. */
  | { kind: 'refused'; error: ApiError };

/** A registration with many photos may take longer than an ordinary call on a slow line. */
const ENROLL_TIMEOUT_MS = 30_000;

const offline = () =>
  (typeof navigator !== 'undefined' && navigator.onLine === false) || !useNetworkStore.getState().online;

/**
 * The draft goes to the outbox with its key and photos (the body keeps their `local:` entries
 * until they are up), and the form starts anew for the next customer.
 */
function queueDraft(draft: EnrollDraftState) {
  const form: EnrollForm = {
    customer: draft.customer,
    customerLink: draft.customerLink,
    commodities: draft.commodities,
  };
  queue({
    key: draft.idempotencyKey,
    route: 'commodityEnroll',
    body: enrollBody(draft, (entries) => entries),
    form,
    title: draft.commodities[0]?.product_name ?? '',
    items: draft.commodities.length,
    refresh: [commodityKeys.lists(), commodityKeys.reconsiderations(), statisticsKey()],
  });
  if (useEnrollDraft.getState().idempotencyKey === draft.idempotencyKey) useEnrollDraft.getState().reset();
}

let sending: Promise<SubmitOutcome> | null = null;

async function attempt(): Promise<SubmitOutcome> {
  const draft = useEnrollDraft.getState();
  const entries = photoEntriesOf(draft.commodities);
  if (offline()) {
    queueDraft(draft);
    return { kind: 'queued' };
  }
  const summary = uploadSummary(entries);
  if (summary.pending > 0 || summary.failed > 0) {
    resumeUploads(entries);
    return { kind: 'photos', ...summary };
  }
  const body = enrollBody(draft, (list) => resolveEntries(list) ?? []);
  try {
    const result = await call(routes.commodityEnroll, { body }, { hideErrorToast: true, timeout: ENROLL_TIMEOUT_MS });
    // Opened from the outbox while it waited: sent now, it leaves the outbox.
    removeEntry(body.idempotency_key);
    // Forget the draft only if it is still the one sent (the key is what the server saw).
    if (useEnrollDraft.getState().idempotencyKey === body.idempotency_key) {
      forgetEntries(entries);
      useEnrollDraft.getState().reset();
    }
    void refreshCommodityOverviews();
    return { kind: 'done', result };
  } catch (error) {
    // No answer: the server may or may not have it. The outbox sends it again with the same key.
    if (isTransportFailure(error)) {
      queueDraft(draft);
      return { kind: 'queued' };
    }
    if (error instanceof ApiError) return { kind: 'refused', error };
    throw error;
  }
}

/** Sends the draft with its idempotency key; one at a time (a second call shares the first). */
export function submitEnrollment(): Promise<SubmitOutcome> {
  sending ??= attempt().finally(() => {
    sending = null;
  });
  return sending;
}
