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

export interface StaffValues {
  name: string;
  mobile: string;
  role_code: RoleCode;
  /** Also manages the shop (its staff). */
  manager: boolean;
}
export type StaffField = keyof StaffValues;

/** The form's fields in their order on screen: the first one in error takes the focus. */
export const STAFF_FIELDS: readonly StaffField[] = ['name', 'mobile', 'role_code', 'manager'];

/** The longest text each typed field takes. */
export const STAFF_LIMITS = { name: TEXT_MAX.personName, mobile: PHONE_MAX_LENGTH } as const;

/** A new member as the form opens: a recorder, not a manager. */
export function emptyStaff(initial?: Partial<StaffValues>): StaffValues {
  return { name: '', mobile: '', role_code: 'recorder', manager: false, ...initial };
}

/** The request as the API takes it: texts trimmed. */
export function toStaffInvite(values: StaffValues): StaffInvite {
  return {
    name: values.name.trim(),
    mobile: values.mobile.trim(),
    role_code: values.role_code,
    manager: values.manager,
  };
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
    role_code: (ROLE_CODES as readonly string[]).includes(values.role_code) ? undefined : 'invalid',
    manager: typeof values.manager === 'boolean' ? undefined : 'invalid',
  };
  return Object.fromEntries(Object.entries(problems).filter(([, problem]) => problem)) as StaffProblems;
}

/** The other counter role: what "change the counter role" turns a member into. */
export function otherRole(role: RoleCode): RoleCode {
  return role === 'recorder' ? 'valuers' : 'recorder';
}

/** What a manager may do to a member from their card; nothing on their own (the server refuses: `staffSelf`). */
export type StaffAction = 'role' | 'manager' | 'enabled' | 'password';

export function actionsFor(member: StaffMember, selfId: number | undefined): StaffAction[] {
  if (member.id === selfId) return [];
  return ['role', 'manager', 'enabled', 'password'];
}
