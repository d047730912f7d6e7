import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../../../stores/auth-store.ts';
import { signInWithPassword } from './session.ts';

/**
 * The phone knows whose its draft is (issue 27 item 11) before the app leaves the sign-in page:
 * a session that ends by itself then gives the owner their draft back. A record written after
 * the session started could be lost with the page the app leaves at once (a CI run lost it).
 */

const OWNER_KEY = 'jewel-phone-user';
const USER = { id: 41, name: 'Recorder A', is_tmp: 0 };

afterEach(() => {
  vi.unstubAllGlobals();
  useAuthStore.getState().clear();
  localStorage.clear();
});

describe('signing in', () => {
  it('records the phone’s user before the session starts', async () => {
    const tokens = { token: 't41', refresh_token: 'r41', expires_in: 900, user: USER };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => ({ status: 200, ok: true, json: async () => ({ code: 0, msg: 'ok', data: tokens }) })),
    );
    const ownerWhenTheSessionStarted: (string | null)[] = [];
    const unsubscribe = useAuthStore.subscribe((state, before) => {
      if (state.user && !before.user) ownerWhenTheSessionStarted.push(localStorage.getItem(OWNER_KEY));
    });
    await signInWithPassword({ mobile: '13800000001', password: 'secret1' });
    unsubscribe();
    expect(ownerWhenTheSessionStarted).toEqual(['41']);
    expect(useAuthStore.getState().user?.id).toBe(41);
  });
});
