import type { QueryKey } from '@tanstack/react-query';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { useAuthStore } from '../stores/auth-store.ts';

/**
 * The outbox's entries (issue 17), kept on the device: what the pages that only show them (the
 * home page's outbox link, the offline banner) need. Sending them is `outbox.ts`, with the photo
 * uploads it needs: it loads with the forms that queue and the outbox page, and at start-up when
 * entries wait (`offline-start.ts`), so that what a reload or a closed tab left goes out
 * (docs/decisions.md "The outbox", "First load under 150 KiB").
 */

/** The calls that may wait: each takes an idempotency key and answers the first submit's result again. */
export type QueuedRoute = 'commodityEnroll' | 'inquiryCreate';

export interface Refusal {
  code: number;
  message: string;
  /** The server's details (the field it names), for the form to point at. */
  data: unknown;
}

export interface OutboxEntry {
  /** The submit's idempotency key: the entry's identity here and on the server. */
  key: string;
  route: QueuedRoute;
  /** The body as the form made it, `local:` photos included (replaced by stored paths when sent). */
  body: Record<string, unknown>;
  /** What the form held, for the form to take back when the server refuses the entry. */
  form: unknown;
  /** What the row shows: the first item's name, never the customer (the phone is shared). */
  title: string;
  items: number;
  /** Who queued it: only their session sends it, and only they see it. */
  userId: number;
  queuedAt: number;
  /** Query keys whose data the sent entry changes. */
  refresh: QueryKey[];
  refusal: Refusal | null;
}

export interface SentEntry extends Pick<OutboxEntry, 'key' | 'route' | 'title' | 'items' | 'queuedAt'> {}

interface OutboxState {
  entries: OutboxEntry[];
  /** The entry on its way now (this session only). */
  sending: string | null;
  /** The waiting entry open in its form (this session only): not sent until the form lets it go. */
  editing: string | null;
  /** Entries the server just accepted, shown a moment as sent (this session only). */
  sent: SentEntry[];
}

export const useOutbox = create<OutboxState>()(
  persist(() => ({ entries: [], sending: null, editing: null, sent: [] }) as OutboxState, {
    name: 'jewel-outbox',
    version: 1,
    partialize: ({ entries }) => ({ entries }),
  }),
);

export const currentUser = () => useAuthStore.getState().user?.id ?? null;

/** The entries the signed-in user queued. */
export function ownEntries(state: Pick<OutboxState, 'entries'>, userId = currentUser()): OutboxEntry[] {
  return state.entries.filter((entry) => entry.userId === userId);
}

/** How many of the signed-in user's entries wait (refused ones count until fixed or discarded). */
export function outboxCount(state: Pick<OutboxState, 'entries'>): number {
  return ownEntries(state).length;
}

export function findEntry(key: string): OutboxEntry | undefined {
  return useOutbox.getState().entries.find((entry) => entry.key === key);
}

/** An entry of the signed-in user's, for a form to take back: another user's is never opened. */
export function findOwnEntry(key: string): OutboxEntry | undefined {
  return ownEntries(useOutbox.getState()).find((entry) => entry.key === key);
}
