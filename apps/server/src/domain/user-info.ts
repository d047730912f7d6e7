import type { UserInfo } from '@jewel/contract/user';
import type { Lang } from '@jewel/contract/values/i18n';
import type { RoleCode } from '@jewel/contract/values/roles';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { sessions, temporaryLinks, users } from '../db/schema.ts';
import { TEXTS, translate } from '../i18n/messages.ts';
import { readsOnly } from './sessions.ts';

type UserRow = typeof users.$inferSelect;

const roleNames = { recorder: TEXTS.roleRecorder, valuers: TEXTS.roleValuers };

/**
 * The user as every call answers it (SPEC.md §3 "User info"), with their shop's clock: `role_code`
 * is the role the session acts as, `roles` the counter roles held (ADR 0104).
 */
export function presentUser(
  { user, linkExpiresAt, actingRole }: { user: UserRow; linkExpiresAt: Date | null; actingRole: RoleCode },
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
  };
}

/**
 * The user with when a guest's link runs out and the role their session acts as, as `presentUser`
 * takes them (the auth and user features).
 */
export async function findUserWithLink(db: Db, userId: number, sessionId: string) {
  const [row] = await db
    .select({ user: users, linkExpiresAt: temporaryLinks.expiresAt, actingRole: sessions.actingRole })
    .from(users)
    .innerJoin(sessions, and(eq(sessions.userId, users.id), eq(sessions.id, sessionId)))
    .leftJoin(temporaryLinks, eq(temporaryLinks.id, users.temporaryLinkId))
    .where(eq(users.id, userId))
    .limit(1);
  return row ?? null;
}
