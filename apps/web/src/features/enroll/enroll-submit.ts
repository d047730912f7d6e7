import {
  forgetEntries,
  resolveEntries,
  resumeUploads,
  uploadSummary,
  usePhotoUploads,
} from '../../components/photos/photo-uploads.ts';
import type { CallResult } from '../../lib/api-client.ts';
import { call } from '../../lib/api-client.ts';
import { ApiError, TRANSPORT_ERRORS } from '../../lib/api-error.ts';
import { refreshCommodityOverviews } from '../../lib/commodity-cache.ts';
import { i18next } from '../../lib/i18n.ts';
import { routes } from '../../lib/routes.ts';
import { successToast } from '../../lib/toast.ts';
import { useNetworkStore } from '../../stores/network-store.ts';
import { useEnrollDraft } from './enroll-draft-store.ts';
import { enrollBody, photoEntriesOf } from './enroll-model.ts';
import { useOutbox } from './outbox-store.ts';

export type EnrollResult = CallResult<typeof routes.commodityEnroll>;

export type SubmitOutcome =
  | { kind: 'done'; result: EnrollResult }
  /** Offline or the network failed: kept, sent when the network returns. */
  | { kind: 'pending' }
  /** Photos still on their way (or failed): nothing sent. */
  | { kind: 'photos'; pending: number; failed: number }
  /** The server said no; the draft stays as it is. */
  | { kind: 'refused'; error: ApiError };

/** A submit the network never answered: worth sending again with the same key. */
export function isTransportFailure(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    error.status === 0 &&
    (error.code === TRANSPORT_ERRORS.network || error.code === TRANSPORT_ERRORS.timeout)
  );
}

const RETRY_WHILE_PENDING_MS = 15_000;
/** Registration with many photos may take longer than an ordinary call on a slow line. */
const ENROLL_TIMEOUT_MS = 30_000;

type Listener = (outcome: SubmitOutcome, automatic: boolean) => void;
const listeners = new Set<Listener>();
let sending: Promise<SubmitOutcome> | null = null;
let retryTimer: ReturnType<typeof setTimeout> | undefined;

/** Tells `listener` about every finished submit (the page navigates; elsewhere a toast is enough). */
export function onSubmitOutcome(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function scheduleRetry() {
  clearTimeout(retryTimer);
  retryTimer = setTimeout(() => {
    if (useEnrollDraft.getState().pending && navigator.onLine) void submitEnrollment({ automatic: true });
  }, RETRY_WHILE_PENDING_MS);
}

let waitingForPhotos: (() => void) | null = null;

/** A pending draft whose photos are still going up is sent as soon as the last one arrives. */
function sendWhenPhotosArrive(entries: string[]) {
  if (waitingForPhotos) return;
  resumeUploads(entries, { failed: true });
  waitingForPhotos = usePhotoUploads.subscribe(() => {
    const summary = uploadSummary(entries);
    if (summary.pending > 0) return;
    waitingForPhotos?.();
    waitingForPhotos = null;
    if (summary.failed === 0) void submitEnrollment({ automatic: true });
    else scheduleRetry();
  });
}

async function attempt(automatic: boolean): Promise<SubmitOutcome> {
  const draft = useEnrollDraft.getState();
  const entries = photoEntriesOf(draft.commodities);
  const summary = uploadSummary(entries);
  const offline = typeof navigator !== 'undefined' && navigator.onLine === false;
  if (offline) {
    // Kept as it is: photos and submit go out when the network returns.
    draft.setPending(true);
    return { kind: 'pending' };
  }
  if (summary.pending > 0 || summary.failed > 0) {
    if (draft.pending || automatic) {
      sendWhenPhotosArrive(entries);
      return { kind: 'pending' };
    }
    resumeUploads(entries);
    return { kind: 'photos', ...summary };
  }
  const body = enrollBody(draft, (list) => resolveEntries(list) ?? []);
  try {
    const result = await call(routes.commodityEnroll, { body }, { hideErrorToast: true, timeout: ENROLL_TIMEOUT_MS });
    // Forget the draft only if it is still the one sent (the key is what the server saw).
    if (useEnrollDraft.getState().idempotencyKey === body.idempotency_key) {
      forgetEntries(entries);
      useEnrollDraft.getState().reset();
    }
    void refreshCommodityOverviews();
    if (draft.queuedAt !== null) useOutbox.getState().showSent(draft, result.commodities.length);
    return { kind: 'done', result };
  } catch (error) {
    if (isTransportFailure(error)) {
      useEnrollDraft.getState().setPending(true);
      scheduleRetry();
      return { kind: 'pending' };
    }
    useEnrollDraft.getState().setPending(false);
    if (error instanceof ApiError) {
      // Kept with the reason until fixed and sent again: the outbox shows it (issue 17).
      if (useEnrollDraft.getState().queuedAt !== null)
        useEnrollDraft.getState().setRefusal({ code: error.code, message: error.message });
      return { kind: 'refused', error };
    }
    throw error;
  }
}

/**
 * Sends the draft with its idempotency key; one at a time (a second call shares the first).
 * Offline, the draft is marked pending and goes out when the network returns.
 */
export function submitEnrollment({ automatic = false } = {}): Promise<SubmitOutcome> {
  if (!sending) useOutbox.setState({ sending: true });
  sending ??= attempt(automatic)
    .then((outcome) => {
      for (const listener of listeners) listener(outcome, automatic);
      // Sent in the background after the recorder left the page: still say so.
      if (listeners.size === 0 && outcome.kind === 'done') successToast(i18next.t('enroll:status.enrolled'));
      return outcome;
    })
    .finally(() => {
      sending = null;
      useOutbox.setState({ sending: false });
    });
  return sending;
}

/** Sends a pending draft now if the network is there (the page opens, the network returns). */
export function flushPendingEnrollment() {
  const draft = useEnrollDraft.getState();
  if (!draft.pending) return;
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return;
  void submitEnrollment({ automatic: true });
}

if (typeof window !== 'undefined') {
  window.addEventListener('online', flushPendingEnrollment);
  // The server is back after calls failed with the interface up (no `online` event): send too.
  useNetworkStore.subscribe((state, before) => {
    if (state.online && !before.online) flushPendingEnrollment();
  });
}
