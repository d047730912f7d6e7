import type { UserInfo } from '@jewel/contract/user';
import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { connectSession } from '../../lib/api-client.ts';
import { queryClient } from '../../lib/query-client.ts';
import { useAuthStore } from '../../stores/auth-store.ts';
import { useLiveEvents } from './use-live-events.ts';

/**
 * The live event stream of a signed-in page: when the connection drops it connects again after a
 * capped exponential backoff (1 s, 2 s, 4 s … 30 s, each drawn between half and all of it: with
 * `Math.random()` at 0.5, three quarters), and what it missed meanwhile is fetched again.
 */

const encoder = new TextEncoder();

/** One connection of the fake server: its answer and, when it opened, a way to push and to drop. */
function openStream() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
  });
  return {
    answer: { status: 200, ok: true, body },
    send: (event: object) => controller.enqueue(encoder.encode(`data: ${JSON.stringify(event)}\n\n`)),
    drop: () => controller.close(),
  };
}

const failed = (status: number) => ({ status, ok: false, body: null });

/** `fetch` answering each connection in turn with the next of `answers` (an Error is a network failure). */
function fakeFetch() {
  const answers: unknown[] = [];
  const requests: { url: string; authorization: string | undefined }[] = [];
  const fetch = vi.fn(async (url: string, init: RequestInit) => {
    const headers = init.headers as Record<string, string>;
    requests.push({ url, authorization: headers.Authorization });
    const next = answers.shift();
    if (next === undefined) throw new Error(`no answer scripted for request ${requests.length}`);
    if (next instanceof Error) throw next;
    return next;
  });
  vi.stubGlobal('fetch', fetch);
  return { answers, requests };
}

const USER = { id: 7, name: 'Recorder' } as UserInfo;
const UNREAD = ['notifications', 'unread'];
const NOTIFICATION_LIST = ['notifications', 'list', 'all'];
const COMMODITY_LIST = ['commodities', 'list', {}];

/** The app's one query client: the commodity cache helpers refresh it directly. */
function start() {
  queryClient.clear();
  queryClient.setQueryData(NOTIFICATION_LIST, []);
  queryClient.setQueryData(COMMODITY_LIST, []);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const hook = renderHook(() => useLiveEvents(), { wrapper });
  const invalidated = (key: unknown[]) => queryClient.getQueryState(key)?.isInvalidated;
  const clear = () => {
    queryClient.setQueryData(NOTIFICATION_LIST, []);
    queryClient.setQueryData(COMMODITY_LIST, []);
  };
  return { queryClient, unmount: hook.unmount, invalidated, clear };
}

describe('the live event stream', () => {
  let ended: ReturnType<typeof vi.fn<(wasTemporary: boolean) => void>>;

  beforeEach(() => {
    vi.useFakeTimers();
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    let token = 'token-1';
    ended = vi.fn<(wasTemporary: boolean) => void>();
    connectSession({
      token: () => token,
      refreshToken: () => 'refresh-1',
      isTemporary: () => false,
      saveTokens: (tokens) => {
        token = tokens.token;
      },
      end: ended,
    });
    useAuthStore.setState({ token: 'token-1', refreshToken: 'refresh-1', user: USER });
  });

  afterEach(() => {
    useAuthStore.setState({ token: null, refreshToken: null, user: null });
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    vi.useRealTimers();
  });

  it('reconnects after a drop with a capped backoff and refetches what it missed', async () => {
    const server = fakeFetch();
    const first = openStream();
    server.answers.push(first.answer);
    const app = start();
    await vi.advanceTimersByTimeAsync(0);
    expect(server.requests).toEqual([{ url: '/api/user/events', authorization: 'Bearer token-1' }]);

    first.send({ type: 'notification', unread: 3 });
    await vi.advanceTimersByTimeAsync(0);
    expect(app.queryClient.getQueryData(UNREAD)).toBe(3);
    expect(app.invalidated(NOTIFICATION_LIST)).toBe(true);
    app.clear();

    // The server drops the stream; then the network is down five times, the server answers 503
    // twice; each wait doubles (1 s, 2 s, … capped at 30 s), three quarters of it with the jitter.
    first.drop();
    server.answers.push(
      new TypeError('network'),
      new TypeError('network'),
      new TypeError('network'),
      new TypeError('network'),
      new TypeError('network'),
      failed(503),
      failed(503),
    );
    const waits = [750, 1500, 3000, 6000, 12_000, 22_500, 22_500];
    for (const [index, ms] of waits.entries()) {
      await vi.advanceTimersByTimeAsync(ms - 1);
      expect(server.requests, `before retry ${index + 1}`).toHaveLength(index + 1);
      await vi.advanceTimersByTimeAsync(1);
      expect(server.requests, `retry ${index + 1}`).toHaveLength(index + 2);
    }

    // The eighth retry (another 22.5 s) opens: the stream is subscribed again with the session's token.
    expect(app.invalidated(NOTIFICATION_LIST)).toBe(false);
    const second = openStream();
    server.answers.push(second.answer);
    await vi.advanceTimersByTimeAsync(22_500);
    expect(server.requests).toHaveLength(9);
    expect(server.requests.at(-1)).toEqual({ url: '/api/user/events', authorization: 'Bearer token-1' });
    // Events sent during the break were missed: the lists are fetched again.
    expect(app.invalidated(NOTIFICATION_LIST)).toBe(true);
    expect(app.invalidated(COMMODITY_LIST)).toBe(true);

    // Events flow again: the badge at once, commodity lists once for a burst, after 300 ms.
    app.clear();
    second.send({ type: 'notification', unread: 5 });
    second.send({ type: 'commodity', id: 1, status: 20 });
    second.send({ type: 'commodity', id: 2, status: 20 });
    await vi.advanceTimersByTimeAsync(0);
    expect(app.queryClient.getQueryData(UNREAD)).toBe(5);
    expect(app.invalidated(COMMODITY_LIST)).toBe(false);
    await vi.advanceTimersByTimeAsync(300);
    expect(app.invalidated(COMMODITY_LIST)).toBe(true);

    // An open connection resets the backoff: after the next drop, 750 ms again.
    second.drop();
    server.answers.push(openStream().answer);
    await vi.advanceTimersByTimeAsync(749);
    expect(server.requests).toHaveLength(9);
    await vi.advanceTimersByTimeAsync(1);
    expect(server.requests).toHaveLength(10);

    // Signed out (the page unmounts): no more connections.
    app.unmount();
    await vi.advanceTimersByTimeAsync(120_000);
    expect(server.requests).toHaveLength(10);
  });

  it('fetches again what the page read before the stream first opened, and nothing read after', async () => {
    const server = fakeFetch();
    let answer!: (value: unknown) => void;
    // The stream's answer comes 800 ms after the page read its lists (its code loading, say).
    server.answers.push(new Promise((resolve) => (answer = resolve)));
    const app = start();
    await vi.advanceTimersByTimeAsync(800);
    const stream = openStream();
    answer(stream.answer);
    await vi.advanceTimersByTimeAsync(0);
    // A change in those 800 ms was told to nobody: what was read before is fetched again.
    expect(app.invalidated(NOTIFICATION_LIST)).toBe(true);
    expect(app.invalidated(COMMODITY_LIST)).toBe(true);
    // Read once the stream was open: kept.
    queryClient.setQueryData(COMMODITY_LIST, []);
    await vi.advanceTimersByTimeAsync(1000);
    expect(app.invalidated(COMMODITY_LIST)).toBe(false);
    app.unmount();
  });

  it('connects again at once with a refreshed token after a 401, and stops when the session ends', async () => {
    const server = fakeFetch();
    const stream = openStream();
    server.answers.push(failed(401), {
      status: 200,
      ok: true,
      json: async () => ({ code: 0, msg: 'ok', data: { token: 'token-2', refresh_token: 'refresh-2', user: USER } }),
    });
    server.answers.push(stream.answer);
    start();
    await vi.advanceTimersByTimeAsync(0);
    expect(server.requests).toEqual([
      { url: '/api/user/events', authorization: 'Bearer token-1' },
      { url: '/api/auth/refresh', authorization: 'Bearer token-1' },
      { url: '/api/user/events', authorization: 'Bearer token-2' },
    ]);

    // The refresh token is revoked too: the session ends once and the stream stays closed.
    stream.drop();
    server.answers.push(failed(401), {
      status: 401,
      ok: false,
      json: async () => ({ code: 2002, msg: '', data: null }),
    });
    await vi.advanceTimersByTimeAsync(750);
    expect(server.requests).toHaveLength(5);
    expect(server.requests.at(-1)?.url).toBe('/api/auth/refresh');
    expect(ended).toHaveBeenCalledOnce();
    await vi.advanceTimersByTimeAsync(120_000);
    expect(server.requests).toHaveLength(5);
  });
});
