import type { UserInfo } from '@jewel/contract/user';
import { ROLE_CODES, type RoleCode } from '@jewel/contract/values/roles';

/**
 * The counter roles a user may act as (ADR 0104): those they hold, and recorder (read-only) for a
 * manager; none for a guest, who holds their link's one role. A copy of the user kept from before
 * roles were sets has none: it offers nothing until the server's fresh copy comes.
 */
export function actingRolesOf(user: Pick<UserInfo, 'roles' | 'is_manager' | 'is_tmp'>): RoleCode[] {
  if (user.is_tmp === 1) return [];
  const held = user.roles ?? [];
  return ROLE_CODES.filter((role) => held.includes(role) || (role === 'recorder' && user.is_manager === 1));
}

/** Whether acting as `role` reads only: a recorder's role the user does not hold. */
export function readsOnlyAs(user: Pick<UserInfo, 'roles'>, role: RoleCode): boolean {
  return !(user.roles ?? []).includes(role);
}
