import { MAX_COMMODITIES_PER_ENROLLMENT } from '@jewel/contract/values/limits';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { uuid } from '../../lib/uuid.ts';
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
 */
/** What the form holds: what the outbox keeps of a queued registration, to give it back. */
export interface EnrollForm {
  customer: CustomerDraft;
  /** The returning customer picked on the form: the enrollment links to this record. */
  customerLink: CustomerLink | null;
  commodities: CommodityDraft[];
}

export interface EnrollDraftState extends EnrollForm {
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
  /** The form takes back what the outbox kept (the server refused it), under a new key. */
  restore(form: EnrollForm): void;
}

function fresh() {
  return {
    idempotencyKey: uuid(),
    customer: emptyCustomer(),
    customerLink: null,
    commodities: [emptyCommodity(uuid())],
    updatedAt: Date.now(),
  };
}

export const useEnrollDraft = create<EnrollDraftState>()(
  persist(
    (set, get) => ({
      ...fresh(),
      setCustomer: (patch) => set((state) => ({ customer: { ...state.customer, ...patch }, updatedAt: Date.now() })),
      setCustomerLink: (customerLink) => set({ customerLink, updatedAt: Date.now() }),
      setCommodity: (key, patch) =>
        set((state) => ({
          commodities: state.commodities.map((commodity) =>
            commodity.key === key ? { ...commodity, ...patch } : commodity,
          ),
          updatedAt: Date.now(),
        })),
      addCommodity: () => {
        if (get().commodities.length >= MAX_COMMODITIES_PER_ENROLLMENT) return false;
        set((state) => ({ commodities: [...state.commodities, emptyCommodity(uuid())], updatedAt: Date.now() }));
        return true;
      },
      removeCommodity: (key) =>
        set((state) => ({
          commodities: state.commodities.filter((commodity) => commodity.key !== key),
          updatedAt: Date.now(),
        })),
      reset: () => set(fresh()),
      restore: (form) => set({ ...fresh(), ...form }),
    }),
    {
      name: 'jewel-commodity',
      version: 1,
      storage: createJSONStorage(() => localStorage),
      partialize: ({ idempotencyKey, customer, customerLink, commodities, updatedAt }) => ({
        idempotencyKey,
        customer,
        customerLink,
        commodities,
        updatedAt,
      }),
      // A draft from an older shape keeps what still fits.
      merge: (persisted, current) => {
        const saved = (persisted ?? {}) as Partial<EnrollDraftState>;
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
