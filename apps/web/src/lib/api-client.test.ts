import { routes } from '@jewel/contract/routes';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { call, connectSession, type SessionBridge } from './api-client.ts';
import { ApiError } from './api-error.ts';

/**
 * The silent refresh under parallel 401s (SPEC.md §4): a refresh token is good once, so the
 * calls that meet an expired token at the same moment share one refresh and are each retried
 * once with the new token; when the refresh fails the session ends once.
 */

interface Sent {
  url: string;
  token: string | null;
}

const answer = (status: number, body: unknown) => ({
  status,
  ok: status >= 200 && status < 300,
  json: async () => body,
});
const EXPIRED = answer(401, { code: 401, msg: 'expired', data: null });
const NEW_TOKENS = { token: 'new-token', refresh_token: 'new-refresh', user: null };

/** A server behind `fetch`: the refresh answers `refreshAnswer` after a tick, every call with the old token a 401. */
function fakeServer(refreshAnswer: ReturnType<typeof answer>) {
  const sent: Sent[] = [];
  let releaseRefresh = () => {};
  const refreshed = new Promise<void>((resolve) => {
    releaseRefresh = resolve;
  });
  const fetch = vi.fn(async (url: string, init: RequestInit) => {
    const headers = (init.headers ?? {}) as Record<string, string>;
    const token = headers.Authorization?.replace('Bearer ', '') ?? null;
    sent.push({ url, token });
    if (url === routes.authRefresh.path) {
      await refreshed;
      return refreshAnswer;
    }
    if (token !== 'new-token') return EXPIRED;
    return answer(200, { code: 0, msg: 'ok', data: { url } });
  });
  return { fetch, sent, releaseRefresh };
}

/** The app's session as the client sees it; `end` records each sign-out. */
function fakeSession() {
  let token = 'old-token';
  const end = vi.fn();
  const bridge: SessionBridge = {
    token: () => token,
    refreshToken: () => 'old-refresh',
    isTemporary: () => false,
    saveTokens: (tokens) => {
      token = tokens.token;
    },
    end,
  };
  connectSession(bridge);
  return { ended: end };
}

const CALLS = [
  () => call(routes.userInfo, {}, { hideErrorToast: true }),
  () => call(routes.userStatistics, {}, { hideErrorToast: true }),
  () => call(routes.userBanners, {}, { hideErrorToast: true }),
  () => call(routes.workflows, {}, { hideErrorToast: true }),
];

describe('the API client under parallel 401s', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('refreshes once and retries every call once with the new token', async () => {
    const server = fakeServer(answer(200, { code: 0, msg: 'ok', data: NEW_TOKENS }));
    vi.stubGlobal('fetch', server.fetch);
    const session = fakeSession();

    const pending = Promise.all(CALLS.map((send) => send()));
    // Every call has met its 401 before the refresh answers.
    await vi.waitFor(() => expect(server.sent.filter((s) => s.token === 'old-token')).toHaveLength(5));
    server.releaseRefresh();
    const results = await pending;

    expect(results).toEqual([
      { url: '/api/user/info' },
      { url: '/api/user/statistics' },
      { url: '/api/user/banners' },
      { url: '/api/workflows' },
    ]);
    expect(server.sent.filter((s) => s.url === '/api/auth/refresh')).toEqual([
      { url: '/api/auth/refresh', token: 'old-token' },
    ]);
    // Four first tries with the old token, four retries with the new one: no more.
    const calls = server.sent.filter((s) => s.url !== '/api/auth/refresh');
    expect(calls.filter((s) => s.token === 'old-token')).toHaveLength(4);
    expect(calls.filter((s) => s.token === 'new-token').map((s) => s.url)).toEqual([
      '/api/user/info',
      '/api/user/statistics',
      '/api/user/banners',
      '/api/workflows',
    ]);
    expect(session.ended).not.toHaveBeenCalled();
  });

  it('ends the session once when the shared refresh fails, retrying nothing', async () => {
    const server = fakeServer(answer(401, { code: 2002, msg: 'refresh token revoked', data: null }));
    vi.stubGlobal('fetch', server.fetch);
    const session = fakeSession();

    const pending = Promise.allSettled(CALLS.map((send) => send()));
    await vi.waitFor(() => expect(server.sent).toHaveLength(5));
    server.releaseRefresh();
    const results = await pending;

    for (const result of results) {
      expect(result.status).toBe('rejected');
      expect((result as PromiseRejectedResult).reason).toBeInstanceOf(ApiError);
      expect((result as PromiseRejectedResult).reason).toMatchObject({ code: 401, status: 401 });
    }
    expect(server.sent.filter((s) => s.url === '/api/auth/refresh')).toHaveLength(1);
    expect(server.sent).toHaveLength(5);
    expect(session.ended).toHaveBeenCalledOnce();
    expect(session.ended).toHaveBeenCalledWith(false);
  });
});
