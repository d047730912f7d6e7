import type { UserInfo } from '@jewel/contract/user';
import type { Lang } from '@jewel/contract/values/i18n';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { temporaryLinks, users } from '../db/schema.ts';
import { TEXTS, translate } from '../i18n/messages.ts';

type UserRow = typeof users.$inferSelect;

const roleNames = { recorder: TEXTS.roleRecorder, valuers: TEXTS.roleValuers };

/** The user as every call answers it (SPEC.md §3 "User info"), with their shop's clock. */
export function presentUser(
  { user, linkExpiresAt }: { user: UserRow; linkExpiresAt: Date | null },
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
    role: { code: user.roleCode, name: translate(roleNames[user.roleCode], lang) },
    role_code: user.roleCode,
    country: user.country,
    knowledge_show: user.knowledgeShow ? 1 : 0,
    is_tmp: user.isTmp ? 1 : 0,
    is_manager: user.manager ? 1 : 0,
    tmp_expires_at: linkExpiresAt?.toISOString() ?? null,
    time_zone: timeZone,
  };
}

/** The user with when a guest's link runs out, as `presentUser` takes them (the auth and user features). */
export async function findUserWithLink(db: Db, userId: number) {
  const [row] = await db
    .select({ user: users, linkExpiresAt: temporaryLinks.expiresAt })
    .from(users)
    .leftJoin(temporaryLinks, eq(temporaryLinks.id, users.temporaryLinkId))
    .where(eq(users.id, userId))
    .limit(1);
  return row ?? null;
}
