/**
 * A branch's details as its form takes them (issue 32, docs/adr/0105), and their checks,
 * mirroring the contract's `branchInputSchema` (packages/contract/src/branches.ts) without loading
 * zod in the browser: the same limits, the same refused characters. Each detail may be left empty:
 * the branch then takes the shop's.
 */
import type { Branch, BranchInput } from '@jewel/contract/branches';
import { CURRENCIES, type Currency } from '@jewel/contract/values/dictionary';
import { TEXT_MAX } from '@jewel/contract/values/limits';
import { isCleanText } from '@jewel/contract/values/text';

/** The form's values: texts as typed (empty: the shop's), the pickers' choice or null (the shop's). */
export interface BranchValues {
  name: string;
  address: string;
  phone: string;
  licence_no: string;
  time_zone: string | null;
  currency: Currency | null;
}
export type BranchTextField = 'name' | 'address' | 'phone' | 'licence_no';
export type BranchField = keyof BranchValues;

/** The fields in their order on screen: the first one in error takes the focus. */
export const BRANCH_FIELDS: readonly BranchField[] = [
  'name',
  'address',
  'phone',
  'licence_no',
  'currency',
  'time_zone',
];
export const BRANCH_TEXT_FIELDS: readonly BranchTextField[] = ['name', 'address', 'phone', 'licence_no'];

/** The contract's `SHOP_TEXT_MAX` and `TEXT_MAX.address`, written again (branch-model.test.ts compares them). */
export const BRANCH_LIMITS: Record<BranchTextField, number> = {
  name: 60,
  address: TEXT_MAX.address,
  phone: 30,
  licence_no: 40,
};

/** The time zones offered: the shop details page's short list; the shop's own and the branch's join it. */
export const BRANCH_TIME_ZONES = ['Asia/Shanghai', 'Asia/Hong_Kong', 'Asia/Taipei', 'Asia/Tokyo'] as const;

export { CURRENCIES };

export type BranchProblem = 'characters' | 'tooLong';

/** Each text's problem, if it has one; an empty text has none (it is the shop's). */
export function checkBranch(values: BranchValues): Partial<Record<BranchTextField, BranchProblem>> {
  const problems: Partial<Record<BranchTextField, BranchProblem>> = {};
  for (const field of BRANCH_TEXT_FIELDS) {
    const value = values[field].trim();
    if (value === '') continue;
    if (!isCleanText(value)) problems[field] = 'characters';
    else if (value.length > BRANCH_LIMITS[field]) problems[field] = 'tooLong';
  }
  return problems;
}

/** A new branch's form: every detail the shop's. */
export function emptyBranch(): BranchValues {
  return { name: '', address: '', phone: '', licence_no: '', time_zone: null, currency: null };
}

/** A branch's own details, as its form opens with them. */
export function fromBranch(branch: Pick<Branch, 'own'>): BranchValues {
  const { own } = branch;
  return {
    name: own.name ?? '',
    address: own.address ?? '',
    phone: own.phone ?? '',
    licence_no: own.licence_no ?? '',
    time_zone: own.time_zone,
    currency: own.currency,
  };
}

/** The body of the call: texts trimmed, an empty one null (the shop's). */
export function toBranchInput(values: BranchValues): BranchInput {
  const text = (value: string) => (value.trim() === '' ? null : value.trim());
  return {
    name: text(values.name),
    address: text(values.address),
    phone: text(values.phone),
    licence_no: text(values.licence_no),
    time_zone: values.time_zone,
    currency: values.currency,
  };
}

/** Whether the form holds what the branch already has. */
export function sameInput(a: BranchInput, b: BranchInput): boolean {
  return (Object.keys(a) as (keyof BranchInput)[]).every((key) => a[key] === b[key]);
}

/**
 * The shop's own details, as the branches show them: each from a branch that takes it from the
 * shop (its own detail null, its effective one the shop's), branch 1 first; undefined where every
 * branch names its own.
 */
export function shopDetailsOf(branches: readonly Branch[]): Partial<Branch['details']> {
  const shop: Partial<Record<keyof Branch['details'], string>> = {};
  const byId = [...branches].sort((a, b) => a.id - b.id);
  for (const key of ['name', 'address', 'phone', 'licence_no', 'time_zone', 'currency'] as const) {
    const taking = byId.find((branch) => branch.own[key] === null);
    if (taking) shop[key] = taking.details[key];
  }
  return shop as Partial<Branch['details']>;
}

/** The zones the picker offers: the short list, then the shop's and the branch's own when not on it. */
export function branchZones(...others: (string | null | undefined)[]): string[] {
  const zones: string[] = [...BRANCH_TIME_ZONES];
  for (const zone of others) if (zone && !zones.includes(zone)) zones.push(zone);
  return zones;
}

/** Open branches first, then closed ones; each group in the server's order. */
export function openFirst(branches: readonly Branch[]): Branch[] {
  return [...branches.filter((branch) => !branch.closed_at), ...branches.filter((branch) => branch.closed_at)];
}
