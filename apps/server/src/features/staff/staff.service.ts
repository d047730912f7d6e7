import type { StaffChange, StaffInvite, StaffMember, StaffSignIn } from '@jewel/contract/staff';
import type { Lang } from '@jewel/contract/values/i18n';
import { ROLE_CODES, type RoleCode } from '@jewel/contract/values/roles';
import { and, asc, desc, eq, max, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sessions, shop, staffBranches, staffChanges, users } from '../../db/schema.ts';
import { addToBranches } from '../../domain/branches.ts';
import type { ServiceDeps } from '../../domain/service-deps.ts';
import { type AuthContext, revokeUserSessions } from '../../domain/sessions.ts';
import {
  deleteBinding,
  deletePasskey,
  listBindings,
  listPasskeys,
  presentBinding,
  presentPasskey,
} from '../../domain/sign-in-methods.ts';
import { AppError } from '../../lib/app-error.ts';
import { generatedPassword, hashPassword } from '../../lib/password.ts';
import { isUniqueViolation } from '../../lib/unique-violation.ts';

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
  // The branches each works at (issue 32), open or closed, in the order they were opened.
  const worksAt = new Map<number, number[]>();
  const placed = await db
    .select({ userId: staffBranches.userId, branchId: staffBranches.branchId })
    .from(staffBranches)
    .where(id === undefined ? undefined : eq(staffBranches.userId, id))
    .orderBy(asc(staffBranches.branchId));
  for (const row of placed) worksAt.set(row.userId, [...(worksAt.get(row.userId) ?? []), row.branchId]);
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
    branch_ids: worksAt.get(row.id) ?? [],
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

/**
 * A new member with a generated first password, answered this once; the invitation is recorded.
 * They work at the branch the inviting manager works at (issue 32); the staff page gives them others.
 */
export async function inviteStaff(
  db: Db,
  { userId: managerId, branchId }: Pick<AuthContext, 'userId' | 'branchId'>,
  invite: StaffInvite,
) {
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
    await addToBranches(tx, created.id, [branchId]);
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

/*
 * How a member signs in (docs/adr/0103 "Bindings"): a manager reads it for anyone on the staff,
 * their own included, and changes it for others only (`staffSelf`, as every staff change). None of
 * these changes ends the member's sessions: they remove a way in, not the person.
 */

type SignInDeps = Pick<ServiceDeps, 'db' | 'config'>;

/** A member of the staff's id and e-mail; a guest or an unknown id is not found. */
async function staffEmailOf(db: Db, id: number) {
  const [row] = await db
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.id, id), eq(users.isTmp, false)));
  if (!row) throw new AppError('notFound');
  return row.email;
}

export async function staffSignIn(deps: SignInDeps, lang: Lang, id: number): Promise<StaffSignIn> {
  const email = await staffEmailOf(deps.db, id);
  const [passkeys, bindings] = await Promise.all([listPasskeys(deps.db, id), listBindings(deps.db, id)]);
  return {
    email,
    passkeys: passkeys.map(presentPasskey),
    bindings: bindings.map((row) => presentBinding(deps, lang, row)),
  };
}

/** Sets or clears a member's work e-mail (lowercased by the contract); one e-mail, one member. */
export async function setStaffEmail(deps: SignInDeps, lang: Lang, managerId: number, id: number, email: string | null) {
  if (id === managerId) throw new AppError('staffSelf');
  await deps.db.transaction(async (tx) => {
    const [target] = await tx
      .select({ email: users.email, isTmp: users.isTmp })
      .from(users)
      .where(eq(users.id, id))
      .for('update');
    if (!target || target.isTmp) throw new AppError('notFound');
    if (target.email === email) return;
    const [holder] = email
      ? await tx
          .select({ id: users.id })
          .from(users)
          .where(and(eq(users.email, email), ne(users.id, id)))
      : [];
    if (holder) throw new AppError('emailTaken');
    // Two managers giving one e-mail to two members at once: the unique index refuses the second.
    const [updated] = await tx
      .update(users)
      .set({ email, updatedAt: sql`now()` })
      .where(eq(users.id, id))
      .returning({ id: users.id })
      .catch((error: unknown) => {
        if (isUniqueViolation(error, 'users_email_unique')) throw new AppError('emailTaken');
        throw error;
      });
    if (!updated) throw new AppError('notFound');
    await tx
      .insert(staffChanges)
      .values({ memberId: id, change: 'email', oldValue: target.email, newValue: email, changedBy: managerId });
  });
  return staffSignIn(deps, lang, id);
}

/** A manager unbinds a member's provider account (a lost or leaving account); unbound is not found. */
export async function unbindStaffProvider(
  deps: SignInDeps,
  lang: Lang,
  managerId: number,
  id: number,
  provider: string,
) {
  if (id === managerId) throw new AppError('staffSelf');
  await staffEmailOf(deps.db, id);
  if (!(await deleteBinding(deps.db, id, provider, managerId))) throw new AppError('notFound');
  return staffSignIn(deps, lang, id);
}

/** A manager removes a member's passkey (a lost phone); another member's passkey is not found. */
export async function removeStaffPasskey(
  deps: SignInDeps,
  lang: Lang,
  managerId: number,
  id: number,
  passkeyId: number,
) {
  if (id === managerId) throw new AppError('staffSelf');
  await staffEmailOf(deps.db, id);
  if (!(await deletePasskey(deps.db, id, passkeyId, managerId))) throw new AppError('notFound');
  return staffSignIn(deps, lang, id);
}
