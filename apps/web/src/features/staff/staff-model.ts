/**
 * The "add a member" form's values and their checks, mirroring the contract's `staffInviteSchema`
 * (packages/contract/src/staff.ts) without loading zod in the browser: the same name limit, the
 * same mobile pattern, the same refused characters (values/text.ts), lengths counted as zod counts
 * them (by characters: an emoji is one). staff-model.test.ts proves that what these checks let
 * through, the schema accepts.
 */
import type { StaffInvite, StaffMember } from '@jewel/contract/staff';
import { TEXT_MAX } from '@jewel/contract/values/limits';
import { MOBILE_PATTERN, PHONE_MAX_LENGTH } from '@jewel/contract/values/patterns';
import { ROLE_CODES, type RoleCode } from '@jewel/contract/values/roles';
import { isCleanText } from '@jewel/contract/values/text';

/** A role a member may hold (ADR 0104): a counter role, or managing. */
export type StaffRole = RoleCode | 'manager';
export const STAFF_ROLES: readonly StaffRole[] = [...ROLE_CODES, 'manager'];

export interface StaffValues {
  name: string;
  mobile: string;
  /** The roles checked: any of recorder, valuer, manager; at least one. */
  roles: StaffRole[];
}
export type StaffField = keyof StaffValues;

/** The form's fields in their order on screen: the first one in error takes the focus. */
export const STAFF_FIELDS: readonly StaffField[] = ['name', 'mobile', 'roles'];

/** The longest text each typed field takes. */
export const STAFF_LIMITS = { name: TEXT_MAX.personName, mobile: PHONE_MAX_LENGTH } as const;

/** A new member as the form opens: a recorder, not a manager. */
export function emptyStaff(initial?: Partial<StaffValues>): StaffValues {
  return { name: '', mobile: '', roles: ['recorder'], ...initial };
}

/** The counter roles of a set of roles, in their one order, and whether it manages: as the API takes them. */
export function splitRoles(roles: readonly StaffRole[]): { roles: RoleCode[]; manager: boolean } {
  return { roles: ROLE_CODES.filter((role) => roles.includes(role)), manager: roles.includes('manager') };
}

/** A member's roles as one set: their counter roles, then managing. */
export function rolesOf(member: Pick<StaffMember, 'roles' | 'manager'>): StaffRole[] {
  return [...member.roles, ...(member.manager ? (['manager'] as const) : [])];
}

/** The request as the API takes it: texts trimmed. */
export function toStaffInvite(values: StaffValues): StaffInvite {
  return { name: values.name.trim(), mobile: values.mobile.trim(), ...splitRoles(values.roles) };
}

/** Why a field is wrong: empty, too long, not a mobile number, or holding characters the API refuses. */
export type StaffProblem = 'required' | 'tooLong' | 'invalid' | 'characters';
export type StaffProblems = Partial<Record<StaffField, StaffProblem>>;

/** A text's problem: refused characters (as typed), empty or too long once trimmed (by characters, as zod counts). */
function textProblem(raw: string, max: number): StaffProblem | undefined {
  if (!isCleanText(raw)) return 'characters';
  const value = raw.trim();
  if (value.length === 0) return 'required';
  if ([...value].length > max) return 'tooLong';
  return undefined;
}

/** What the contract would refuse, field by field in the order of the form. */
export function checkStaff(values: StaffValues): StaffProblems {
  const problems: StaffProblems = {
    name: textProblem(values.name, STAFF_LIMITS.name),
    mobile:
      textProblem(values.mobile, STAFF_LIMITS.mobile) ??
      (MOBILE_PATTERN.test(values.mobile.trim()) ? undefined : 'invalid'),
    roles:
      values.roles.length === 0
        ? 'required'
        : values.roles.every((role) => STAFF_ROLES.includes(role))
          ? undefined
          : 'invalid',
  };
  return Object.fromEntries(Object.entries(problems).filter(([, problem]) => problem)) as StaffProblems;
}

/** The member's roles with `role` given or taken away. */
export function toggledRoles(member: Pick<StaffMember, 'roles' | 'manager'>, role: StaffRole): StaffRole[] {
  const held = rolesOf(member);
  return held.includes(role) ? held.filter((each) => each !== role) : [...held, role];
}

/**
 * What a manager may do to a member from their card; nothing on their own (the server refuses:
 * `staffSelf`). Each role is given or taken alone; the last role a member holds is not taken.
 */
export type StaffAction = StaffRole | 'enabled' | 'password';

export function actionsFor(member: StaffMember, selfId: number | undefined): StaffAction[] {
  if (member.id === selfId) return [];
  const held = rolesOf(member);
  const roles = STAFF_ROLES.filter((role) => !(held.length === 1 && held[0] === role));
  return [...roles, 'enabled', 'password'];
}
