import { useAuthStore } from '../stores/auth-store.ts';
import { useNetworkStore } from '../stores/network-store.ts';
import { call } from './api-client.ts';
import { ApiError, isTransportFailure } from './api-error.ts';
import { t } from './i18n.ts';
import {
  currentUser,
  findEntry,
  findOwnEntry,
  type OutboxEntry,
  ownEntries,
  type SentEntry,
  useOutbox,
} from './outbox-store.ts';
import {
  forgetEntries,
  localEntriesIn,
  localId,
  pinEntries,
  resumeUploads,
  uploadSummary,
  usePhotoUploads,
  withStoredPaths,
} from './photos/photo-uploads.ts';
import { queryClient } from './query-client.ts';
import { routes } from './routes.ts';
import { successToast, toast } from './toast.ts';

/**
 * The outbox's sender (issue 17): submits made without network, kept on the device
 * (`outbox-store.ts`) until the server answers. Each entry is a call with its idempotency key, so sending it again after a lost
 * answer registers nothing twice. Entries go out in the order they were queued, when the
 * network returns, after their photos; a refusal stays with its reason until the recorder
 * opens it to fix it (the form takes it back) or discards it. A waiting entry opens in its form
 * too, held back meanwhile (`holdEntry`). docs/decisions.md "The outbox".
 */

/** How long a sent entry stays listed, marked sent. */
const SENT_SHOWN_MS = 6000;
/** How soon to try again after the network failed a send, or photos failed to upload. */
const RETRY_MS = 15_000;
/** A registration with many photos may take longer than an ordinary call on a slow line. */
const SEND_TIMEOUT_MS = 30_000;

/** Every photo the queued entries still need on this device (kept when old drafts are cleaned). */
export function outboxPhotoEntries(): string[] {
  return useOutbox.getState().entries.flatMap((entry) => localEntriesIn(entry.body));
}

/** Queues a submit (or replaces the entry with its key, saved again from its form), then tries to send what waits. */
export function queue(entry: Omit<OutboxEntry, 'userId' | 'queuedAt' | 'refusal'>): void {
  const userId = currentUser();
  if (userId === null) return;
  const replaced = findEntry(entry.key);
  letGo(entry.key);
  useOutbox.setState((state) => ({
    entries: [
      ...state.entries.filter((other) => other.key !== entry.key),
      { ...entry, userId, queuedAt: Date.now(), refusal: null },
    ],
  }));
  // Saved again from its form: the photos the form dropped leave the phone now.
  const kept = new Set(localEntriesIn(entry.body));
  if (replaced) forgetEntries(localEntriesIn(replaced.body).filter((photo) => !kept.has(photo)));
  void sendOutbox();
}

/**
 * A waiting entry opens in its form (issue 29 item 13): it is not sent while the form has it, and
 * its photos stay on the phone even when the form drops them, so that leaving the form without
 * saving leaves it waiting as it was. Saving it again (`queue` with its key) or sending it from
 * the form (`removeEntry`) lets it go, as does `releaseEntry`. False, saying so, when it is on
 * its way already: then the server answers it.
 */
export function holdEntry(key: string): boolean {
  const entry = findOwnEntry(key);
  if (!entry) return false;
  if (useOutbox.getState().sending === key) {
    toast(t('offline:outbox.beingSent'));
    return false;
  }
  useOutbox.setState({ editing: key });
  pinEntries(localEntriesIn(entry.body));
  return true;
}

function letGo(key: string): boolean {
  if (useOutbox.getState().editing !== key) return false;
  useOutbox.setState({ editing: null });
  pinEntries([]);
  return true;
}

/** The form left without saving: the entry waits as before and goes out with the others. */
export function releaseEntry(key: string): void {
  // After this task: a form that takes it again at once (React's strict mode remounts) keeps it.
  if (letGo(key)) setTimeout(() => void sendOutbox(), 0);
}

/** Takes an entry out without sending it: the form took it back or sent it, or the recorder discarded it. */
export function removeEntry(key: string, { keepPhotos = false } = {}): void {
  const entry = findEntry(key);
  if (!entry) return;
  letGo(key);
  useOutbox.setState((state) => ({ entries: state.entries.filter((other) => other.key !== key) }));
  if (!keepPhotos) forgetEntries(localEntriesIn(entry.body));
}

function update(key: string, patch: Partial<OutboxEntry>) {
  useOutbox.setState((state) => ({
    entries: state.entries.map((entry) => (entry.key === key ? { ...entry, ...patch } : entry)),
  }));
}

function showSent(entry: OutboxEntry) {
  const sent: SentEntry = {
    key: entry.key,
    route: entry.route,
    title: entry.title,
    items: entry.items,
    queuedAt: entry.queuedAt,
  };
  useOutbox.setState((state) => ({ sent: [...state.sent, sent] }));
  setTimeout(
    () => useOutbox.setState((state) => ({ sent: state.sent.filter((other) => other.key !== entry.key) })),
    SENT_SHOWN_MS,
  );
  successToast(t('offline:outbox.sentToast', { title: entry.title || t('offline:outbox.unnamed') }));
}

const isOnline = () => useNetworkStore.getState().online && (typeof navigator === 'undefined' || navigator.onLine);

let retryTimer: ReturnType<typeof setTimeout> | undefined;
function retryLater() {
  clearTimeout(retryTimer);
  retryTimer = setTimeout(() => void sendOutbox(), RETRY_MS);
}

/** Entries whose photos are uploading: the outbox looks again when they are done. */
const awaitingPhotos = new Set<string>();
/** When each entry's failed photos were last tried again, so a broken upload is not hammered. */
const photosRetriedAt = new Map<string, number>();

type Outcome = 'sent' | 'refused' | 'later' | 'offline';

async function sendOne(entry: OutboxEntry): Promise<Outcome> {
  const photos = localEntriesIn(entry.body);
  const summary = uploadSummary(photos);
  const missing = photos.some((photo) => usePhotoUploads.getState().states[localId(photo)] === 'missing');
  if (missing) {
    // The device lost a photo (storage cleared): only the recorder can take it again.
    update(entry.key, { refusal: { code: 0, message: t('offline:outbox.photosMissing'), data: null } });
    return 'refused';
  }
  if (summary.pending > 0 || summary.failed > 0) {
    if (summary.failed > 0 && summary.pending === 0) {
      const last = photosRetriedAt.get(entry.key) ?? 0;
      if (Date.now() - last < RETRY_MS) {
        retryLater();
        return 'later';
      }
      photosRetriedAt.set(entry.key, Date.now());
    }
    awaitingPhotos.add(entry.key);
    resumeUploads(photos, { failed: true });
    return 'later';
  }
  useOutbox.setState({ sending: entry.key });
  try {
    const body = withStoredPaths(entry.body);
    await call(routes[entry.route], { body } as never, { hideErrorToast: true, timeout: SEND_TIMEOUT_MS });
    useOutbox.setState((state) => ({ entries: state.entries.filter((other) => other.key !== entry.key) }));
    forgetEntries(photos);
    photosRetriedAt.delete(entry.key);
    for (const queryKey of entry.refresh) void queryClient.invalidateQueries({ queryKey });
    showSent(entry);
    return 'sent';
  } catch (error) {
    if (isTransportFailure(error)) return 'offline';
    if (!(error instanceof ApiError)) throw error;
    update(entry.key, { refusal: { code: error.code, message: error.message, data: error.data } });
    return 'refused';
  } finally {
    useOutbox.setState({ sending: null });
  }
}

async function drain(): Promise<void> {
  for (let progressed = true; progressed; ) {
    progressed = false;
    for (const { key } of ownEntries(useOutbox.getState())) {
      const entry = findEntry(key);
      if (!entry || entry.refusal || awaitingPhotos.has(key) || useOutbox.getState().editing === key) continue;
      if (!isOnline()) return;
      const outcome = await sendOne(entry);
      if (outcome === 'offline') {
        retryLater();
        return;
      }
      if (outcome === 'sent' || outcome === 'refused') progressed = true;
    }
  }
}

let draining: Promise<void> | null = null;

/** Sends what waits, one entry at a time, while the network is there; one run at a time. */
export function sendOutbox(): Promise<void> {
  if (ownEntries(useOutbox.getState()).length === 0) return Promise.resolve();
  draining ??= drain().finally(() => {
    draining = null;
  });
  return draining;
}

if (typeof window !== 'undefined') {
  // The network came back (the browser says so, or a call got through again): send.
  useNetworkStore.subscribe((state, before) => {
    if (state.online && !before.online) void sendOutbox();
  });
  window.addEventListener('online', () => void sendOutbox());
  // A waiting entry's last photo finished (uploaded or failed): look at it again.
  usePhotoUploads.subscribe((state) => {
    let ready = false;
    for (const key of awaitingPhotos) {
      const entry = findEntry(key);
      if (!entry || uploadSummary(localEntriesIn(entry.body), state).pending === 0) {
        awaitingPhotos.delete(key);
        ready = true;
      }
    }
    if (ready) void sendOutbox();
  });
  // Someone signs in: their entries go out.
  useAuthStore.subscribe((state, before) => {
    if (state.user?.id !== before.user?.id) void sendOutbox();
  });
  // What a reload or a closed tab left waiting goes out as soon as this module is loaded.
  void sendOutbox();
}
