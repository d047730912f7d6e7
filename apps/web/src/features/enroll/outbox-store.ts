import { create } from 'zustand';
import type { EnrollDraftState } from './enroll-draft-store.ts';

/** How long a sent registration stays in the outbox, marked sent, before it leaves the list. */
const SENT_SHOWN_MS = 6000;

export interface SentRegistration {
  items: number;
  product: string;
  queuedAt: number;
}

interface OutboxState {
  /** A submit is on its way to the server now. */
  sending: boolean;
  /** The last queued registration the server accepted, shown a moment as sent. */
  sent: SentRegistration | null;
  showSent(draft: Pick<EnrollDraftState, 'commodities' | 'queuedAt'>, items: number): void;
}

let sentTimer: ReturnType<typeof setTimeout> | undefined;

/** What the outbox shows besides the draft itself (this session only: the draft is what persists). */
export const useOutbox = create<OutboxState>()((set) => ({
  sending: false,
  sent: null,
  showSent(draft, items) {
    clearTimeout(sentTimer);
    set({ sent: { items, product: draft.commodities[0]?.product_name ?? '', queuedAt: draft.queuedAt ?? Date.now() } });
    sentTimer = setTimeout(() => set({ sent: null }), SENT_SHOWN_MS);
  },
}));

/** How many registrations wait in the outbox (the draft is one; refused counts until fixed). */
export function outboxCount(state: Pick<EnrollDraftState, 'pending' | 'refusal'>): number {
  return state.pending || state.refusal ? 1 : 0;
}
