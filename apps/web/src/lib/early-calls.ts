/** What `public/early.js` started before the app's code arrived (see there). */
interface EarlyCalls {
  banners?: Promise<unknown>;
  /** When it started (ms since the page's start). */
  at: number;
}

declare global {
  interface Window {
    jewelEarlyCalls?: EarlyCalls;
  }
}

/** Older than this, an early answer is not used (the page that would have taken it was left). */
const FRESH_MS = 30_000;

/**
 * The answer of an early call, taken once (later calls go through `call()`). Undefined when there
 * was none, or it failed or was refused (an expired session, say): the caller then calls the
 * usual way, with the API client's session refresh and errors.
 */
export async function takeEarlyCall<T>(name: 'banners'): Promise<T | undefined> {
  const calls = window.jewelEarlyCalls;
  const pending = calls?.[name];
  if (!calls || !pending) return undefined;
  calls[name] = undefined;
  if (performance.now() - calls.at > FRESH_MS) return undefined;
  try {
    const body = (await pending) as { code?: unknown; data?: T };
    return body.code === 0 ? body.data : undefined;
  } catch {
    return undefined;
  }
}
