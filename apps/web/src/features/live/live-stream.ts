import type { LiveEvent } from '@jewel/contract/commodity';
import { API_BASE } from '../../config/env.ts';
import { apiHeaders, recoverSession } from '../../lib/api-client.ts';
import { routes } from '../../lib/routes.ts';
import { createEventParser } from './sse-parser.ts';

/** The server writes a heartbeat every 25 s: two missed means the connection is dead (mobile networks). */
const IDLE_MS = 60_000;
const BACKOFF_START_MS = 1000;
const BACKOFF_CAP_MS = 30_000;

export interface LiveHandlers {
  event(event: LiveEvent): void;
  /**
   * The stream is open (first or again after a break) since `openedAt` (epoch ms): from then on
   * every change is told. What the page read before may have missed one (read just before the
   * first connection, or during a break).
   */
  connected(openedAt: number): void;
}

type Outcome = 'unauthorized' | 'failed' | 'ended';

function wait(ms: number, signal: AbortSignal) {
  return new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });
}

async function connectOnce(signal: AbortSignal, handlers: LiveHandlers, opened: () => void): Promise<Outcome> {
  const controller = new AbortController();
  const abort = () => controller.abort();
  signal.addEventListener('abort', abort, { once: true });
  let idle: ReturnType<typeof setTimeout> | undefined;
  const watch = () => {
    clearTimeout(idle);
    idle = setTimeout(abort, IDLE_MS);
  };
  try {
    watch();
    const response = await fetch(`${API_BASE}${routes.userEvents.path}`, {
      headers: { ...apiHeaders(), Accept: 'text/event-stream' },
      cache: 'no-store',
      // A background connection that stays open: it never competes with what the page loads,
      // and tools that wait for the page's important requests to end do not wait for it.
      priority: 'low',
      signal: controller.signal,
    });
    if (response.status === 401) return 'unauthorized';
    if (!response.ok || !response.body) return 'failed';
    opened();
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    const parse = createEventParser((data) => {
      try {
        handlers.event(JSON.parse(data) as LiveEvent);
      } catch {
        // Not ours to understand (a newer server): skip it.
      }
    });
    for (;;) {
      watch();
      const { done, value } = await reader.read();
      if (done) return 'ended';
      parse(decoder.decode(value, { stream: true }));
    }
  } catch {
    return 'failed';
  } finally {
    clearTimeout(idle);
    signal.removeEventListener('abort', abort);
    controller.abort();
  }
}

/**
 * Keeps the caller's event stream open until `signal` aborts (sign-out): reconnects with a
 * capped exponential backoff, and on a 401 lets the API client refresh the session (or end it)
 * before connecting again.
 */
export async function runLiveEvents(signal: AbortSignal, handlers: LiveHandlers) {
  let failures = 0;
  while (!signal.aborted) {
    const outcome = await connectOnce(signal, handlers, () => {
      handlers.connected(Date.now());
      failures = 0;
    });
    if (signal.aborted) return;
    if (outcome === 'unauthorized') {
      // A refreshed token connects at once; a dead session ends (the app leaves for login).
      if (await recoverSession()) continue;
      return;
    }
    const delay = Math.min(BACKOFF_CAP_MS, BACKOFF_START_MS * 2 ** failures);
    failures += 1;
    // Jitter, so that a restarted server is not hit by every phone in the same second.
    await wait(delay / 2 + Math.random() * (delay / 2), signal);
  }
}
