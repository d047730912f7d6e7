/**
 * The service worker, `/sw.js` (issue 17; issue 30 item 8). Built on its own by
 * `service-worker-plugin.ts`, which gives it the build's lists; typed by `tsconfig.sw.json`.
 *
 * - Install keeps the shell only: index.html, what the sign-in and home pages load first, what
 *   every page loads when idle, what the app opens because the network has gone (the banner,
 *   the outbox, the toast), and the photo guide's outline drawings (`/photo-guide/*.svg`, drawn
 *   on the register page's missing shots; issue 29 item 10). Their names carry no hash: the
 *   version's hash covers their content, so a changed drawing is a new version. A new version
 *   waits until the page asks it to take over (`skip-waiting`, after the user chose to reload).
 * - Any other file of the build is kept the first time the page fetches it: its name carries its
 *   content's hash, so a kept copy is never stale. Those copies outlive versions; activate drops
 *   the ones the new build no longer has, and the shells of other versions.
 * - Pages: the network first; without an answer in 3 s, or without network, the kept index.html.
 * - Anything else (the API, the public verification pages, files outside the build's `assets/`
 *   that install did not keep) is never touched: the app keeps its own offline copy of the API's
 *   answers.
 */
import type { WorkerMessage } from './lib/worker-messages.ts';

declare const self: ServiceWorkerGlobalScope;
/** Set by the build (service-worker-plugin.ts): the files kept at install, by URL path. */
declare const __PRECACHE__: string[];
/** Set by the build: every file under `/assets/`, by URL path. */
declare const __ASSETS__: string[];
/** Set by the build: a hash of the kept files' names and of the unhashed ones' content. */
declare const __VERSION__: string;

const CACHE_PREFIX = 'jewel-';
const SHELL_CACHE = `${CACHE_PREFIX}shell-${__VERSION__}`;
/** Files of the build kept on first use, across versions. */
const ASSET_CACHE = `${CACHE_PREFIX}assets`;
const SHELL = '/index.html';
const NAVIGATION_TIMEOUT_MS = 3000;

/** Named once: the build's define writes a list in full wherever it is named. */
const shellFiles = __PRECACHE__;
const precached = new Set(shellFiles);
const built = new Set(__ASSETS__);

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(SHELL_CACHE).then((cache) => cache.addAll(shellFiles)));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const key of await caches.keys()) {
        if (key.startsWith(CACHE_PREFIX) && key !== SHELL_CACHE && key !== ASSET_CACHE) await caches.delete(key);
      }
      const assets = await caches.open(ASSET_CACHE);
      for (const request of await assets.keys()) {
        if (!built.has(new URL(request.url).pathname)) await assets.delete(request);
      }
      await self.clients.claim();
    })(),
  );
});

/** A file of this build the page may keep: under `/assets/`, not already in the shell. */
function keepable(url: URL): boolean {
  return url.origin === self.location.origin && built.has(url.pathname) && !precached.has(url.pathname);
}

/** Files the page loaded before this worker controlled it, kept unless they already are. */
async function keep(urls: string[]): Promise<void> {
  const cache = await caches.open(ASSET_CACHE);
  for (const url of urls.map((name) => new URL(name))) {
    if (!keepable(url) || (await cache.match(url.pathname))) continue;
    // From the browser's HTTP cache, where the page just put it; a failure leaves it to the next use.
    await cache.add(url.pathname).catch(() => undefined);
  }
}

self.addEventListener('message', (event) => {
  const message = event.data as WorkerMessage | null;
  if (message?.type === 'skip-waiting') event.waitUntil(self.skipWaiting());
  else if (message?.type === 'keep') event.waitUntil(keep(message.urls));
});

/** Pages: the network first (a new build shows at once); no answer in 3 s, or no network: the shell. */
async function page(request: Request): Promise<Response> {
  const network = fetch(request);
  network.catch(() => undefined);
  const late = new Promise<undefined>((resolve) => setTimeout(resolve, NAVIGATION_TIMEOUT_MS));
  try {
    const answer = await Promise.race([network, late]);
    if (answer) return answer;
  } catch {
    // No network: the kept shell below.
  }
  return (await caches.match(SHELL, { cacheName: SHELL_CACHE })) ?? network;
}

/** The kept copy first (the name carries the content's hash), else the network, kept if keepable. */
async function kept(event: FetchEvent, url: URL): Promise<Response> {
  const cacheName = precached.has(url.pathname) ? SHELL_CACHE : ASSET_CACHE;
  const copy = await caches.match(event.request, { cacheName });
  if (copy) return copy;
  const answer = await fetch(event.request);
  if (answer.ok && keepable(url)) {
    const stored = answer.clone();
    event.waitUntil(caches.open(ASSET_CACHE).then((cache) => cache.put(event.request, stored)));
  }
  return answer;
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate') {
    // The API's files and the public verification pages are the server's, never the app's shell.
    if (!url.pathname.startsWith('/api/') && !url.pathname.startsWith('/verify/')) event.respondWith(page(request));
  } else if (precached.has(url.pathname) || built.has(url.pathname)) {
    event.respondWith(kept(event, url));
  }
});
