import type { Passkey } from '@jewel/contract/passkey';
import type { SignInBinding, SignInProvider } from '@jewel/contract/sign-in';
import type { Lang } from '@jewel/contract/values/i18n';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { passkeys, signInBindings, staffChanges } from '../db/schema.ts';
import { TEXTS, translate } from '../i18n/messages.ts';
import type { ServiceDeps } from './service-deps.ts';

/*
 * A member's sign-in methods as the member (features/auth, the personal center) and a manager
 * (features/staff, the staff page) see and remove them (docs/adr/0103). Each removal is on the
 * audit trail with whoever made it.
 */

/** The providers configured here, WeChat first, each named in the caller's language. */
export function configuredProviders({ config }: Pick<ServiceDeps, 'config'>, lang: Lang): SignInProvider[] {
  const wechat = config.wechat ? [{ key: 'wechat', name: translate(TEXTS.wechat, lang) }] : [];
  return [...wechat, ...config.oidcProviders.map((provider) => ({ key: provider.key, name: provider.names[lang] }))];
}

/** A provider's name in the caller's language; its key when it is no longer configured. */
export function providerName(deps: Pick<ServiceDeps, 'config'>, lang: Lang, key: string) {
  return configuredProviders(deps, lang).find((provider) => provider.key === key)?.name ?? key;
}

/** The member's bindings, by provider (no subject: the member needs only to know which are bound). */
export async function listBindings(db: Db, userId: number) {
  return db
    .select({
      provider: signInBindings.provider,
      createdAt: signInBindings.createdAt,
      lastUsedAt: signInBindings.lastUsedAt,
    })
    .from(signInBindings)
    .where(eq(signInBindings.userId, userId))
    .orderBy(asc(signInBindings.provider));
}

export function presentBinding(
  deps: Pick<ServiceDeps, 'config'>,
  lang: Lang,
  row: Awaited<ReturnType<typeof listBindings>>[number],
): SignInBinding {
  return {
    provider: row.provider,
    name: providerName(deps, lang, row.provider),
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
  };
}

/** Unbinds the member's account at the provider, by the member or a manager; false when none was bound. */
export async function deleteBinding(db: Db, userId: number, provider: string, changedBy: number) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .delete(signInBindings)
      .where(and(eq(signInBindings.userId, userId), eq(signInBindings.provider, provider)))
      .returning({ id: signInBindings.id });
    if (!row) return false;
    await tx
      .insert(staffChanges)
      .values({ memberId: userId, change: 'provider_unbound', oldValue: provider, newValue: null, changedBy });
    return true;
  });
}

/** What a passkey shows: never its key or credential id. */
export const passkeySummary = {
  id: passkeys.id,
  name: passkeys.name,
  createdAt: passkeys.createdAt,
  lastUsedAt: passkeys.lastUsedAt,
  backedUp: passkeys.backedUp,
  deviceType: passkeys.deviceType,
};
export interface PasskeySummaryRow {
  id: number;
  name: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  backedUp: boolean;
  deviceType: string;
}

export function presentPasskey(row: PasskeySummaryRow): Passkey {
  return {
    id: row.id,
    name: row.name,
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
    backed_up: row.backedUp,
    device_type: row.deviceType === 'multiDevice' ? 'multiDevice' : 'singleDevice',
  };
}

export async function listPasskeys(db: Db, userId: number): Promise<PasskeySummaryRow[]> {
  return db.select(passkeySummary).from(passkeys).where(eq(passkeys.userId, userId)).orderBy(asc(passkeys.id));
}

/** Removes one of the member's passkeys, by the member or a manager; false when not theirs. */
export async function deletePasskey(db: Db, userId: number, id: number, changedBy: number) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .delete(passkeys)
      .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
      .returning({ name: passkeys.name });
    if (!row) return false;
    await tx
      .insert(staffChanges)
      .values({ memberId: userId, change: 'passkey_removed', oldValue: row.name, newValue: null, changedBy });
    return true;
  });
}
