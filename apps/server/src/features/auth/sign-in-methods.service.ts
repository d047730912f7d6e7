import type { SignInBinding, SignInProvider } from '@jewel/contract/sign-in';
import type { Lang } from '@jewel/contract/values/i18n';
import { TEXTS, translate } from '../../i18n/messages.ts';
import { AppError } from '../../lib/app-error.ts';
import type { AuthDeps } from './auth.service.ts';
import * as repo from './binding.repository.ts';

/** The providers configured here, WeChat first, each named in the caller's language. */
export function configuredProviders({ config }: Pick<AuthDeps, 'config'>, lang: Lang): SignInProvider[] {
  const wechat = config.wechat ? [{ key: 'wechat', name: translate(TEXTS.wechat, lang) }] : [];
  return [...wechat, ...config.oidcProviders.map((provider) => ({ key: provider.key, name: provider.names[lang] }))];
}

/** A provider's name in the caller's language; its key when it is no longer configured. */
export function providerName(deps: Pick<AuthDeps, 'config'>, lang: Lang, key: string) {
  return configuredProviders(deps, lang).find((provider) => provider.key === key)?.name ?? key;
}

export function presentBinding(
  deps: Pick<AuthDeps, 'config'>,
  lang: Lang,
  row: Awaited<ReturnType<typeof repo.listBindings>>[number],
): SignInBinding {
  return {
    provider: row.provider,
    name: providerName(deps, lang, row.provider),
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
  };
}

export async function listBindings(deps: AuthDeps, lang: Lang, userId: number): Promise<SignInBinding[]> {
  return (await repo.listBindings(deps.db, userId)).map((row) => presentBinding(deps, lang, row));
}

/** The member's own unbinding (a manager's is on the staff page); an unbound provider is not found. */
export async function unbind(deps: AuthDeps, userId: number, provider: string, changedBy: number) {
  if (!(await repo.deleteBinding(deps.db, userId, provider, changedBy))) throw new AppError('notFound');
}
