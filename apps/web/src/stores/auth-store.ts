import type { SessionTokens } from '@jewel/contract/auth';
import type { UserInfo } from '@jewel/contract/user';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';

interface AuthState {
  token: string | null;
  refreshToken: string | null;
  user: UserInfo | null;
  /** The last session was a guest's and it ended: pages that need a session show the expire page. */
  guestEnded: boolean;
  /** Signed in just now: one who works at several branches is asked where today (issue 32). */
  askBranch?: boolean;
  signIn(tokens: SessionTokens): void;
  setUser(user: UserInfo): void;
  /** Logout or a 401: user info and tokens are gone (SPEC.md §4). */
  clear(options?: { guestEnded?: boolean }): void;
}

/** Where the session is kept in localStorage; the journeys and bench:web write it there too. */
export const AUTH_STORAGE = { name: 'jewel-auth', version: 0 } as const;

/** The login token and user, kept on the device (SPEC.md §3 "Locally persisted"). */
export const useAuthStore = create<AuthState>()(
  persist(
    (set) => ({
      token: null,
      refreshToken: null,
      user: null,
      guestEnded: false,
      signIn: (tokens) =>
        set({ token: tokens.token, refreshToken: tokens.refresh_token, user: tokens.user, guestEnded: false }),
      setUser: (user) => set({ user }),
      clear: (options) =>
        set({
          token: null,
          refreshToken: null,
          user: null,
          guestEnded: options?.guestEnded ?? false,
          askBranch: false,
        }),
    }),
    {
      ...AUTH_STORAGE,
      partialize: ({ token, refreshToken, user, guestEnded, askBranch }) => ({
        token,
        refreshToken,
        user,
        guestEnded,
        askBranch,
      }),
    },
  ),
);

/** Whether the signed-in user manages the shop (`is_manager` of their user info; never a guest). */
export function isManager(state: Pick<AuthState, 'user'>): boolean {
  return state.user?.is_manager === 1 && state.user.is_tmp !== 1;
}

/**
 * The session reads as a recorder without holding the role (a manager, ADR 0104): it sees what a
 * recorder sees and writes nothing of the counter, so no button offers to.
 */
export function readsOnly(state: Pick<AuthState, 'user'>): boolean {
  return state.user?.read_only === 1;
}

/** Signed in with a named user: SPEC.md §2's guard sends anyone else to login. */
export function hasSession(state: Pick<AuthState, 'token' | 'user'>): boolean {
  return Boolean(state.token && state.user?.name);
}
