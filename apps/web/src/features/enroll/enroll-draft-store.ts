import { MAX_COMMODITIES_PER_ENROLLMENT } from '@jewel/contract/values/limits';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { forgetEntries, localEntriesIn } from '../../lib/photos/photo-uploads.ts';
import { onForget } from '../../lib/shared-phone.ts';
import { uuid } from '../../lib/uuid.ts';
import { useAuthStore } from '../../stores/auth-store.ts';
import {
  type CommodityDraft,
  type CustomerDraft,
  type CustomerLink,
  emptyCommodity,
  emptyCustomer,
} from './enroll-model.ts';

/**
 * The register draft, kept on the device (SPEC.md §3 "locally persisted: the commodity store"):
 * every change is written to localStorage at once, so a reload, a crash or a dead battery loses
 * nothing. Its photos not yet uploaded wait in IndexedDB (components/photos).
 *
 * It belongs to the user who typed it, like the outbox's entries (issue 27): another user signed
 * in on the phone, a guest too, never gets it; their form starts empty and the draft is erased.
 * Signing out erases it (`lib/shared-phone.ts`); a session that merely expired keeps it for its
 * owner's next sign-in.
 */
/** What the form holds: what the outbox keeps of a queued registration, to give it back. */
export interface EnrollForm {
  customer: CustomerDraft;
  /** The returning customer picked on the form: the enrollment links to this record. */
  customerLink: CustomerLink | null;
  commodities: CommodityDraft[];
}

export interface EnrollDraftState extends EnrollForm {
  /** Whose draft it is: the user signed in when it was started or last changed. */
  userId: number | null;
  /** Made when the draft starts; every submit of this draft carries it, so a retry never enrolls twice. */
  idempotencyKey: string;
  /** When something was last changed (ms). */
  updatedAt: number;
  setCustomer(patch: Partial<CustomerDraft>): void;
  /** Links (or, with null, unlinks) the customer record. */
  setCustomerLink(link: CustomerLink | null): void;
  setCommodity(key: string, patch: Partial<CommodityDraft>): void;
  /** False when the enrollment already has the most commodities allowed. */
  addCommodity(): boolean;
  removeCommodity(key: string): void;
  /** A new, empty draft with a new key (after success, when queued, or when the recorder clears it). */
  reset(): void;
  /**
   * The form takes back what the outbox kept: under a new key when the server refused it, under
   * its own (`key`) when it still waits (the server may have it already: it must not register twice).
   */
  restore(form: EnrollForm, key?: string): void;
}

const signedInUser = () => useAuthStore.getState().user?.id ?? null;

function fresh() {
  return {
    userId: signedInUser(),
    idempotencyKey: uuid(),
    customer: emptyCustomer(),
    customerLink: null,
    commodities: [emptyCommodity(uuid())],
    updatedAt: Date.now(),
  };
}

/** The stored draft's photos when it was someone else's: it is erased, photos too, once the store exists. */
let notTaken: string[] | null = null;

export const useEnrollDraft = create<EnrollDraftState>()(
  persist(
    (set, get) => ({
      ...fresh(),
      setCustomer: (patch) => set((state) => ({ customer: { ...state.customer, ...patch }, ...touched() })),
      setCustomerLink: (customerLink) => set({ customerLink, ...touched() }),
      setCommodity: (key, patch) =>
        set((state) => ({
          commodities: state.commodities.map((commodity) =>
            commodity.key === key ? { ...commodity, ...patch } : commodity,
          ),
          ...touched(),
        })),
      addCommodity: () => {
        if (get().commodities.length >= MAX_COMMODITIES_PER_ENROLLMENT) return false;
        set((state) => ({ commodities: [...state.commodities, emptyCommodity(uuid())], ...touched() }));
        return true;
      },
      removeCommodity: (key) =>
        set((state) => ({
          commodities: state.commodities.filter((commodity) => commodity.key !== key),
          ...touched(),
        })),
      reset: () => set(fresh()),
      restore: (form, key) => set({ ...fresh(), ...form, ...(key ? { idempotencyKey: key } : {}) }),
    }),
    {
      name: 'jewel-commodity',
      version: 1,
      storage: createJSONStorage(() => localStorage),
      partialize: ({ userId, idempotencyKey, customer, customerLink, commodities, updatedAt }) => ({
        userId,
        idempotencyKey,
        customer,
        customerLink,
        commodities,
        updatedAt,
      }),
      // A draft from an older shape keeps what still fits. Someone else's, or one nobody owns
      // (kept before drafts had owners), is not taken: the form starts empty.
      merge: (persisted, current) => {
        const saved = (persisted ?? {}) as Partial<EnrollDraftState>;
        if (!ownedBy(saved.userId, signedInUser())) {
          notTaken = localEntriesIn(saved);
          return current;
        }
        const commodities = Array.isArray(saved.commodities)
          ? saved.commodities.map((commodity) => ({ ...emptyCommodity(uuid()), ...commodity }))
          : current.commodities;
        return {
          ...current,
          ...saved,
          idempotencyKey: typeof saved.idempotencyKey === 'string' ? saved.idempotencyKey : current.idempotencyKey,
          customer: { ...emptyCustomer(), ...saved.customer },
          customerLink: saved.customerLink && typeof saved.customerLink.id === 'number' ? saved.customerLink : null,
          commodities: commodities.length > 0 ? commodities : current.commodities,
        };
      },
    },
  ),
);

/**
 * Whether a draft of `owner` may be shown to the user signed in: only to its owner. With nobody
 * signed in (a session that expired) it is kept as it is until someone signs in.
 */
function ownedBy(owner: number | null | undefined, user: number | null): boolean {
  return typeof owner === 'number' && (user === null || owner === user);
}

function touched(): Pick<EnrollDraftState, 'userId' | 'updatedAt'> {
  return { userId: signedInUser() ?? useEnrollDraft.getState().userId, updatedAt: Date.now() };
}

/** Erases the draft and the photos it holds on the device. */
function discard(photos = localEntriesIn(useEnrollDraft.getState().commodities)) {
  forgetEntries(photos);
  useEnrollDraft.getState().reset();
}

if (notTaken) discard(notTaken);

// Someone else signs in: the draft is not theirs. Signing out (or another user) erases it.
useAuthStore.subscribe((state) => {
  const user = state.user?.id ?? null;
  if (user !== null && useEnrollDraft.getState().userId !== user) discard();
});
onForget(() => discard());

/** Whether the draft holds anything the recorder entered. */
export function draftHasContent(state: Pick<EnrollDraftState, 'customer' | 'commodities'>): boolean {
  const blank = emptyCommodity('');
  const customerTouched = Object.values(state.customer).some((value) => value.trim() !== '');
  const commodityTouched = state.commodities.some((commodity) =>
    Object.entries(commodity).some(
      ([field, value]) =>
        field !== 'key' && JSON.stringify(value) !== JSON.stringify(blank[field as keyof CommodityDraft]),
    ),
  );
  return customerTouched || commodityTouched || state.commodities.length > 1;
}
