import type { UserInfo } from '@jewel/contract/user';
import type { Lang } from '@jewel/contract/values/i18n';
import type { RoleCode } from '@jewel/contract/values/roles';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { branches, sessions, temporaryLinks, users } from '../db/schema.ts';
import { TEXTS, translate } from '../i18n/messages.ts';
import { AppError } from '../lib/app-error.ts';
import { type BranchRow, branchChoices, branchName, openBranchesOf } from './branches.ts';
import { readsOnly } from './sessions.ts';
import { readShop, rulesOf, type ShopDefaults, type ShopRow } from './shop.ts';

type UserRow = typeof users.$inferSelect;

const roleNames = { recorder: TEXTS.roleRecorder, valuers: TEXTS.roleValuers };

/**
 * The user as every call answers it (SPEC.md §3 "User info"), with their shop's clock: `role_code`
 * is the role the session acts as, `roles` the counter roles held (ADR 0104).
 */
function presentUser(
  { user, linkExpiresAt, actingRole, branch }: UserWithSession,
  held: BranchRow[],
  shop: ShopRow | undefined,
  lang: Lang,
  timeZone: string,
): UserInfo {
  return {
    id: user.id,
    name: user.name,
    mobile: user.mobile,
    avatar: user.avatar,
    gender: user.gender,
    is_enabled: user.isEnabled ? 1 : 0,
    role: { code: actingRole, name: translate(roleNames[actingRole], lang) },
    role_code: actingRole,
    roles: user.roles,
    read_only: readsOnly(user.roles, actingRole) ? 1 : 0,
    country: user.country,
    knowledge_show: user.knowledgeShow ? 1 : 0,
    is_tmp: user.isTmp ? 1 : 0,
    is_manager: user.manager ? 1 : 0,
    tmp_expires_at: linkExpiresAt?.toISOString() ?? null,
    time_zone: timeZone,
    branch: user.isTmp ? null : { id: branch.id, name: branchName(branch, shop, lang) },
    branches: branchChoices(held, shop, lang),
  };
}

interface UserWithSession {
  user: UserRow;
  linkExpiresAt: Date | null;
  actingRole: RoleCode;
  branch: BranchRow;
}

/**
 * The user as every call answers it (the auth and user features), with when a guest's link runs
 * out, the role and branch their session acts as and works at, and the branches they work at.
 */
export async function userInfo(
  db: Db,
  defaults: ShopDefaults,
  userId: number,
  sessionId: string,
  lang: Lang,
): Promise<UserInfo> {
  const [row] = await db
    .select({ user: users, linkExpiresAt: temporaryLinks.expiresAt, actingRole: sessions.actingRole, branch: branches })
    .from(users)
    .innerJoin(sessions, and(eq(sessions.userId, users.id), eq(sessions.id, sessionId)))
    .innerJoin(branches, eq(branches.id, sessions.branchId))
    .leftJoin(temporaryLinks, eq(temporaryLinks.id, users.temporaryLinkId))
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) throw new AppError('unauthorized');
  const [held, shop] = await Promise.all([openBranchesOf(db, userId), readShop(db)]);
  return presentUser(row, held, shop, lang, rulesOf(shop, defaults).timeZone);
}
