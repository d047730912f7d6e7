/**
 * A shared phone keeps nothing of the last user (issue 27, docs/decisions.md "A shared phone
 * keeps nothing of the last user"). What a user typed or saw and the phone kept (the register
 * draft and its photos, appraisal drafts, the last-seen copy of lists and details, recent
 * knowledge searches) is erased when they sign out, and when anyone else signs in on the phone
 * (after an expired or revoked session nobody signed out of). Their own unsent outbox entries
 * stay, hidden from every other user, and go out when they sign in again (`outbox-store.ts`).
 * Loaded with the forms that keep drafts and, after a sign-in or sign-out, by auth/api/session.ts and auth-mutations.ts:
 * never with a first page.
 */

// Static: the outbox store is in every first load already; a dynamic import of it would add a
// module namespace object to that first load.
import { useOutbox } from './outbox-store.ts';

/** Who the phone's kept data belongs to: the last user signed in (kept when a session expires). */
const OWNER_KEY = 'jewel-phone-user';
/** localStorage entries holding what a user entered or saw. */
const PERSONAL_KEYS = ['jewel-commodity', 'jewel-query-cache', 'jewel-knowledge-searches'];
const PERSONAL_PREFIXES = ['jewel-appraisal-draft:'];
/** The register draft's key: its photos waiting on the device go with it. */
const DRAFT_KEY = 'jewel-commodity';

const forgetters = new Set<() => void>();

/**
 * A store loaded in this page empties itself in memory when the phone forgets its user (its
 * storage is removed here in any case, loaded or not).
 */
export function onForget(forget: () => void): () => void {
  forgetters.add(forget);
  return () => forgetters.delete(forget);
}

function storage(kind: 'localStorage' | 'sessionStorage'): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window[kind];
  } catch {
    return null;
  }
}

/** Every `local:` photo entry in a kept value (walked here so that the photo module loads only when needed). */
function localEntries(value: unknown): string[] {
  if (typeof value === 'string') return value.startsWith('local:') ? [value] : [];
  if (Array.isArray(value)) return value.flatMap(localEntries);
  if (value && typeof value === 'object') return Object.values(value).flatMap(localEntries);
  return [];
}

function keysOf(store: Storage): string[] {
  return Array.from({ length: store.length }, (_, index) => store.key(index) ?? '');
}

function draftPhotos(local: Storage | null): string[] {
  try {
    return localEntries(JSON.parse(local?.getItem(DRAFT_KEY) ?? 'null'));
  } catch {
    return [];
  }
}

/**
 * Erases what the phone keeps of its user, except the outbox (and the photos its entries need).
 * Resolves when the photos are gone too.
 */
export async function forgetPersonalData(): Promise<void> {
  const local = storage('localStorage');
  const photos = draftPhotos(local);
  for (const forget of forgetters) forget();
  if (local) {
    for (const key of keysOf(local)) {
      if (PERSONAL_KEYS.includes(key) || PERSONAL_PREFIXES.some((prefix) => key.startsWith(prefix)))
        local.removeItem(key);
    }
  }
  // The app keeps nothing of the user there (only when it last reloaded for a missing chunk,
  // app-updates.ts); whatever of its own a later version would keep goes too.
  const session = storage('sessionStorage');
  if (session) for (const key of keysOf(session)) if (key.startsWith('jewel-')) session.removeItem(key);
  const uploads = await import('./photos/photo-uploads.ts');
  uploads.forgetEntries(photos);
  const keep = useOutbox.getState().entries.flatMap((entry) => uploads.localEntriesIn(entry.body));
  await uploads.forgetAllExcept(keep);
}

function owner(): number | null {
  const value = Number(storage('localStorage')?.getItem(OWNER_KEY) ?? Number.NaN);
  return Number.isInteger(value) ? value : null;
}

function setOwner(id: number | null) {
  const local = storage('localStorage');
  try {
    if (id === null) local?.removeItem(OWNER_KEY);
    else local?.setItem(OWNER_KEY, String(id));
  } catch {
    // No storage: nothing is kept either.
  }
}

/** A sign-out the user chose (logout, a password change): nothing of theirs stays but the outbox. */
export function signedOut(): Promise<void> {
  setOwner(null);
  return forgetPersonalData();
}

/**
 * Someone signed in (the login form, a guest link): what another user left is erased before they
 * see any of it. The same user after an expired session finds their work again.
 */
export function signedIn(id: number): Promise<void> {
  if (owner() === id) return Promise.resolve();
  setOwner(id);
  return forgetPersonalData();
}
