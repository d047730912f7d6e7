/**
 * The session as the web app keeps it in localStorage (its zustand `persist` auth store), shared by
 * the journeys' fixtures and bench:web. The storage key and version are read from the store's
 * source, so that the two stay in step when it moves or is renamed.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SessionTokens } from '@jewel/contract/auth';

const srcDir = fileURLToPath(new URL('../src', import.meta.url));
/** Where the auth store lives (or will): `features/auth/stores/`, then the app-wide `stores/`. */
const storeDirs = ['features/auth/stores', 'stores'];

function findAuthStore(): { key: string; version: number } | undefined {
  for (const dir of storeDirs) {
    const full = path.join(srcDir, dir);
    if (!existsSync(full)) continue;
    for (const file of readdirSync(full).filter((f) => /auth.*\.tsx?$/.test(f) && !f.includes('.test.'))) {
      const source = readFileSync(path.join(full, file), 'utf8');
      if (!source.includes('persist(')) continue;
      const key = /\bname:\s*['"`]([^'"`]+)['"`]/.exec(source)?.[1];
      if (!key) continue;
      const version = Number(/\bversion:\s*(\d+)/.exec(source)?.[1] ?? 0);
      return { key, version };
    }
  }
  return undefined;
}

const found = findAuthStore();
/** The localStorage key of the persisted auth store. */
export const AUTH_STORAGE_KEY = found?.key ?? 'jewel-auth';
/** zustand `persist`'s version of that entry (0 unless the store sets one). */
export const AUTH_STORAGE_VERSION = found?.version ?? 0;

/** The localStorage value the app writes after a sign-in with these tokens. */
export function persistedSession(session: SessionTokens): string {
  return JSON.stringify({
    state: { token: session.token, refreshToken: session.refresh_token, user: session.user },
    version: AUTH_STORAGE_VERSION,
  });
}

export type { SessionTokens };
