/**
 * What the web app keeps in localStorage (its zustand `persist` stores), written the app's way by
 * the journeys' fixtures and bench:web. The keys and versions come from the stores themselves.
 */
import type { SessionTokens } from '@jewel/contract/auth';
import type { Lang } from '@jewel/contract/values/i18n';
import type { BrowserContext } from '@playwright/test';
import { AUTH_STORAGE } from '../src/stores/auth-store.ts';
import { LANGUAGE_STORAGE } from '../src/stores/language-store.ts';

/** The localStorage key of the persisted auth store. */
export const AUTH_STORAGE_KEY = AUTH_STORAGE.name;
/** The localStorage key of the persisted language store. */
export const LANGUAGE_STORAGE_KEY = LANGUAGE_STORAGE.name;

/** The localStorage value the app writes after a sign-in with these tokens. */
export function persistedSession(session: SessionTokens): string {
  return JSON.stringify({
    state: { token: session.token, refreshToken: session.refresh_token, user: session.user },
    version: AUTH_STORAGE.version,
  });
}

/** Every page of `context` opens signed in with `session`, as the app would have left it. */
export async function signedInContext(context: BrowserContext, session: SessionTokens): Promise<void> {
  await context.addInitScript(([key, value]) => localStorage.setItem(key, value), [
    AUTH_STORAGE_KEY,
    persistedSession(session),
  ] as const);
}

/** The localStorage value the app writes when `lang` is chosen. */
export function persistedLanguage(lang: Lang): string {
  return JSON.stringify({ state: { currentLang: lang }, version: LANGUAGE_STORAGE.version });
}

export type { SessionTokens };
