import type { SessionTokens } from '@jewel/contract/auth';
import type { UserInfo } from '@jewel/contract/user';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';

interface AuthState {
  token: string | null;
  refreshToken: string | null;
  user: UserInfo | null;
  signIn(tokens: SessionTokens): void;
  setUser(user: UserInfo): void;
  /** Logout or a 401: user info and tokens are gone (SPEC.md §4). */
  clear(): void;
}

/** The login token and user, kept on the device (SPEC.md §3 "Locally persisted"). */
export const useAuthStore = create<AuthState>()(
  persist(
    (set) => ({
      token: null,
      refreshToken: null,
      user: null,
      signIn: (tokens) => set({ token: tokens.token, refreshToken: tokens.refresh_token, user: tokens.user }),
      setUser: (user) => set({ user }),
      clear: () => set({ token: null, refreshToken: null, user: null }),
    }),
    { name: 'jewel-auth', partialize: ({ token, refreshToken, user }) => ({ token, refreshToken, user }) },
  ),
);

/** Signed in with a named user: SPEC.md §2's guard sends anyone else to login. */
export function hasSession(state: Pick<AuthState, 'token' | 'user'>): boolean {
  return Boolean(state.token && state.user?.name);
}
