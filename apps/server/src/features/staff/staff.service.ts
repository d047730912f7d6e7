import type { StaffChange, StaffInvite, StaffMember } from '@jewel/contract/staff';
import { ROLE_CODES, type RoleCode } from '@jewel/contract/values/roles';
import { and, asc, desc, eq, max, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sessions, shop, staffChanges, users } from '../../db/schema.ts';
import { revokeUserSessions } from '../../domain/sessions.ts';
import { AppError } from '../../lib/app-error.ts';
import { generatedPassword, hashPassword } from '../../lib/password.ts';

/*
 * The shop's staff, managed in the browser (issue 28 item 3): guests, who come and go by link,
 * are not staff. A change ends the person's sessions at once, on every instance (the sessions'
 * triggers signal them): their screens follow their new roles when they sign in again, and a
 * disabled account is out at its next call. The shop keeps an active manager.
 */

const lastSignIn = max(sessions.createdAt);

/** The counter roles in their one order (recorder, valuers), each once: a session acts as the first. */
const inOrder = (roles: readonly RoleCode[]): RoleCode[] => ROLE_CODES.filter((role) => roles.includes(role));

/** How the audit trail keeps a set of roles: `recorder,valuers`, with `manager` last when managing. */
const rolesText = (roles: readonly RoleCode[], manager = false) =>
  [...roles, ...(manager ? ['manager'] : [])].join(',');

async function members(db: Db, id?: number): Promise<StaffMember[]> {
  const rows = await db
    .select({
      id: users.id,
      name: users.name,
      mobile: users.mobile,
      roles: users.roles,
      manager: users.manager,
      isEnabled: users.isEnabled,
      createdAt: users.createdAt,
      lastSignInAt: lastSignIn,
      owner: sql<boolean>`${users.id} = (select ${shop.ownerId} from ${shop})`.mapWith(Boolean),
    })
    .from(users)
    .leftJoin(sessions, eq(sessions.userId, users.id))
    .where(and(eq(users.isTmp, false), id === undefined ? undefined : eq(users.id, id)))
    .groupBy(users.id)
    .orderBy(desc(users.manager), desc(users.isEnabled), asc(users.name), asc(users.id));
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    mobile: row.mobile,
    roles: inOrder(row.roles),
    manager: row.manager,
    owner: row.owner ?? false,
    is_enabled: row.isEnabled,
    last_sign_in_at: row.lastSignInAt ? new Date(row.lastSignInAt).toISOString() : null,
    created_at: row.createdAt.toISOString(),
  }));
}

export function listStaff(db: Db): Promise<StaffMember[]> {
  return members(db);
}

async function member(db: Db, id: number): Promise<StaffMember> {
  const [found] = await members(db, id);
  if (!found) throw new AppError('notFound');
  return found;
}

/** A new member with a generated first password, answered this once; the invitation is recorded. */
export async function inviteStaff(db: Db, managerId: number, invite: StaffInvite) {
  const password = generatedPassword();
  const passwordHash = await hashPassword(password);
  const id = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(users)
      .values({
        name: invite.name,
        mobile: invite.mobile,
        roles: inOrder(invite.roles),
        manager: invite.manager,
        passwordHash,
      })
      .onConflictDoNothing()
      .returning({ id: users.id });
    if (!created) throw new AppError('mobileTaken');
    await tx.insert(staffChanges).values({
      memberId: created.id,
      change: 'invited',
      newValue: rolesText(inOrder(invite.roles), invite.manager),
      changedBy: managerId,
    });
    return created.id;
  });
  return { member: await member(db, id), password };
}

/**
 * One change to a member. Never to one's own account (another manager does it), and never one
 * that would leave the shop without an active manager: the enabled managers are locked while the
 * change is checked, so that two managers demoting each other at once leave one.
 */
export async function changeStaff(db: Db, managerId: number, id: number, change: StaffChange) {
  if (id === managerId) throw new AppError('staffSelf');
  await db.transaction(async (tx) => {
    const activeManagers = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.manager, true), eq(users.isEnabled, true), eq(users.isTmp, false)))
      .orderBy(asc(users.id))
      .for('update');
    const [target] = await tx
      .select({ isTmp: users.isTmp, roles: users.roles, manager: users.manager, isEnabled: users.isEnabled })
      .from(users)
      .where(eq(users.id, id))
      .for('update');
    if (!target || target.isTmp) throw new AppError('notFound');
    const losesManaging = ('manager' in change && !change.manager) || ('is_enabled' in change && !change.is_enabled);
    const others = activeManagers.filter((row) => row.id !== id);
    if (losesManaging && activeManagers.some((row) => row.id === id) && others.length === 0)
      throw new AppError('lastManager');
    const roles = 'roles' in change ? inOrder(change.roles) : target.roles;
    const manager = 'manager' in change ? change.manager : target.manager;
    // Nobody holds no role at all (ADR 0104): taking managing from a manager only is a change of roles.
    if (roles.length === 0 && !manager) throw new AppError('validation', { data: { field: 'roles' } });
    const changes: { field: string; before: string; after: string }[] = [];
    if (rolesText(roles) !== rolesText(target.roles))
      changes.push({ field: 'role_code', before: rolesText(target.roles), after: rolesText(roles) });
    if (manager !== target.manager)
      changes.push({ field: 'manager', before: String(target.manager), after: String(manager) });
    if ('is_enabled' in change && change.is_enabled !== target.isEnabled)
      changes.push({ field: 'is_enabled', before: String(target.isEnabled), after: String(change.is_enabled) });
    await tx
      .update(users)
      .set({
        roles,
        manager,
        ...('is_enabled' in change ? { isEnabled: change.is_enabled } : {}),
        updatedAt: sql`now()`,
      })
      .where(and(eq(users.id, id), ne(users.isTmp, true)));
    for (const { field, before, after } of changes) {
      await tx.insert(staffChanges).values({
        memberId: id,
        change: field,
        oldValue: before,
        newValue: after,
        changedBy: managerId,
      });
    }
    await revokeUserSessions(tx, id, 'is_enabled' in change && !change.is_enabled ? 'disabled' : 'roles-changed');
  });
  return member(db, id);
}

/** A new generated password for a member, answered once; their sessions end. */
export async function resetStaffPassword(db: Db, managerId: number, id: number) {
  if (id === managerId) throw new AppError('staffSelf');
  const target = await member(db, id);
  const password = generatedPassword();
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ passwordHash: await hashPassword(password), updatedAt: sql`now()` })
      .where(eq(users.id, target.id));
    await revokeUserSessions(tx, target.id, 'password-reset');
    await tx.insert(staffChanges).values({ memberId: target.id, change: 'password', changedBy: managerId });
  });
  return { member: target, password };
}
