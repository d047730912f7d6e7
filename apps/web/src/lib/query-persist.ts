import type { Query, QueryClient, QueryKey } from '@tanstack/react-query';
import { useAuthStore } from '../stores/auth-store.ts';
import { useNetworkStore } from '../stores/network-store.ts';

/**
 * The last-seen lists and details kept on the device (issue 17), so that a page opened without
 * network shows what it last had, marked with its age. Only the kinds of data below, and the
 * customer fields of what is kept are blanked first: the phones are shared, personal data never
 * stays on them. Cleared when the session ends.
 */
const STORAGE_KEY = 'jewel-query-cache';
/** Bumped when the shape kept changes: an older copy is ignored (2: own shape, not TanStack's dehydrated state). */
const VERSION = 2;
/** Past this size (characters of JSON) nothing is written: the oldest lists are not worth the space. */
const MAX_CHARS = 1_500_000;
const WRITE_DELAY_MS = 1000;
/** Older than this, a kept copy is thrown away on start. */
const MAX_AGE_MS = 7 * 24 * 3600_000;

/** The first part of the query keys kept: the dashboard's counts, commodities, the catalog lookups. */
const KEPT_ROOTS = new Set(['statistics', 'commodities', 'commodity', 'catalog', 'dictionary', 'shop-settings']);
/** Fields whose text is a person's: blanked in what is kept (the app shows them as masked). */
const PERSONAL = /^(customer_(name|phone|address|id_card)|mobile|phone|id_card|identity.*|real_name)$/;

const SEARCH_WORDS = /^(keyword|q|search|query)$/;
/** A search's words may be a customer's phone or name (the list searches by them): never kept. */
function searched(key: QueryKey): boolean {
  return key.some(
    (part) =>
      part !== null &&
      typeof part === 'object' &&
      Object.entries(part).some(
        ([name, words]) => SEARCH_WORDS.test(name) && typeof words === 'string' && words !== '',
      ),
  );
}

function keptQuery(query: Query): boolean {
  return query.state.status === 'success' && KEPT_ROOTS.has(String(query.queryKey[0])) && !searched(query.queryKey);
}

/** Every text in a personal field's value blanked: a history's `[old, new]` pair too (issue 27). */
function blanked(value: unknown): unknown {
  if (typeof value === 'string') return '';
  if (Array.isArray(value)) return value.map(blanked);
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, blanked(item)]));
  return value;
}

/** A copy of `value` with personal fields blanked and, where it says so, marked masked. */
export function withoutPersonalData(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutPersonalData);
  if (value === null || typeof value !== 'object') return value;
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    if (PERSONAL.test(key)) copy[key] = blanked(item);
    else copy[key] = withoutPersonalData(item);
  }
  if ('customer_masked' in copy) copy.customer_masked = true;
  return copy;
}

function forget() {
  try {
    localStorage.removeItem(STORAGE_KEY);
  } catch {
    // No storage: nothing was kept.
  }
}

/** Whose the kept copy is: staff only (a guest's records are not kept). */
function owner(): number | null {
  const user = useAuthStore.getState().user;
  return user && user.is_tmp !== 1 ? user.id : null;
}

/**
 * A query as kept: its key, its data and when the server sent it (what DataAge shows). Written
 * with the query cache's own calls rather than TanStack's `dehydrate`/`hydrate`, whose module
 * (0.8 KiB gzip) would load with every page for these four fields.
 */
interface KeptQuery {
  queryKey: QueryKey;
  queryHash: string;
  data: unknown;
  updatedAt: number;
}

interface Kept {
  version: number;
  at: number;
  user: number | null;
  queries: KeptQuery[];
}

function read(): Kept | null {
  try {
    const saved = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null') as Kept | null;
    return saved && saved.version === VERSION && Date.now() - saved.at < MAX_AGE_MS ? saved : null;
  } catch {
    return null;
  }
}

/**
 * Lays the kept copy into `client` where it has nothing: only while offline (at start, or when
 * the network goes), so that online a page never shows a kept copy in place of the server's.
 */
function restore(client: QueryClient): void {
  try {
    const saved = read();
    if (!saved) return;
    const user = owner();
    if (saved.user !== user || user === null) {
      forget();
      return;
    }
    for (const query of saved.queries) {
      if (client.getQueryData(query.queryKey) === undefined)
        client.setQueryData(query.queryKey, query.data, { updatedAt: query.updatedAt });
    }
  } catch {
    forget();
  }
}

/** Restores the kept queries while offline, and keeps them as they change. */
export function persistQueries(client: QueryClient): void {
  if (!useNetworkStore.getState().online) restore(client);
  useNetworkStore.subscribe((state, before) => {
    if (!state.online && before.online) restore(client);
  });

  let timer: ReturnType<typeof setTimeout> | undefined;
  const write = () => {
    const user = owner();
    if (user === null) return forget();
    const queries: KeptQuery[] = client
      .getQueryCache()
      .getAll()
      .filter(keptQuery)
      .map(({ queryKey, queryHash, state }) => ({
        queryKey,
        queryHash,
        data: withoutPersonalData(state.data),
        updatedAt: state.dataUpdatedAt,
      }));
    // What earlier pages kept and this one has not loaded stays (each full load starts a new cache).
    const earlier = read();
    if (earlier && earlier.user === user) {
      const now = new Set(queries.map((query) => query.queryHash));
      queries.push(...earlier.queries.filter((query) => !now.has(query.queryHash)));
    }
    const text = JSON.stringify({ version: VERSION, at: Date.now(), user, queries } satisfies Kept);
    if (text.length > MAX_CHARS) return forget();
    try {
      localStorage.setItem(STORAGE_KEY, text);
    } catch {
      forget();
    }
  };
  client.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' && event.type !== 'removed') return;
    clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      write();
    }, WRITE_DELAY_MS);
  });
  // Leaving the page (a reload, the tab closed or hidden): written now, not a second later.
  const now = () => {
    if (timer === undefined) return;
    clearTimeout(timer);
    timer = undefined;
    write();
  };
  window.addEventListener('pagehide', now);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') now();
  });
  // Signed out (or the session ended): nothing of it stays on the phone.
  useAuthStore.subscribe((state) => {
    if (!state.token) {
      clearTimeout(timer);
      forget();
    }
  });
}
