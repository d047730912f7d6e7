import { useLanguageStore } from '../stores/language-store.ts';
import { useNetworkStore } from '../stores/network-store.ts';
import type { WorkerMessage } from './worker-messages.ts';

/** sessionStorage: when the page last reloaded for a chunk it could not load. */
export const CHUNK_RELOAD_KEY = 'jewel-chunk-reload';
/** A chunk that fails again this soon after such a reload is not a new build's doing. */
const CHUNK_RELOAD_GUARD_MS = 60_000;

/**
 * Whether a failed lazy import should reload the page, noting the reload when it should. After a
 * deploy, an open page asks for chunks of its own build, which the server no longer has (and the
 * service worker keeps only the shell and what was already used): a reload gets the new build.
 * Not while offline (the network is why, and the reload would show the shell without the page),
 * and not again within a minute: a chunk that still fails after the reload leaves the route's
 * error view, with its own reload button, instead of reloading for ever.
 */
export function reloadForChunk(now = Date.now()): boolean {
  if (!navigator.onLine || !useNetworkStore.getState().online) return false;
  const last = Number(sessionStorage.getItem(CHUNK_RELOAD_KEY));
  if (now - last < CHUNK_RELOAD_GUARD_MS) return false;
  sessionStorage.setItem(CHUNK_RELOAD_KEY, String(now));
  return true;
}

type Container = Pick<ServiceWorkerContainer, 'controller' | 'addEventListener'>;

/**
 * Calls `show` when a new version waits behind the worker in control: at once when one already
 * waits, else when one finishes installing. Not at the first install: with no worker in control
 * there is nothing to replace, and it takes over by itself.
 */
export function watchUpdates(registration: ServiceWorkerRegistration, container: Container, show: () => void): void {
  if (registration.waiting && container.controller) show();
  registration.addEventListener('updatefound', () => {
    const worker = registration.installing;
    worker?.addEventListener('statechange', () => {
      if (worker.state === 'installed' && container.controller) show();
    });
  });
}

/**
 * The user chose to reload: the waiting version takes over, and the page reloads once it
 * controls the page (so that the reload runs the new build, not the old worker's shell). If none
 * waits any more (another tab made it take over), a plain reload.
 */
export function applyUpdate(registration: ServiceWorkerRegistration, container: Container): void {
  const { waiting } = registration;
  if (!waiting) {
    window.location.reload();
    return;
  }
  container.addEventListener('controllerchange', () => window.location.reload(), { once: true });
  waiting.postMessage({ type: 'skip-waiting' } satisfies WorkerMessage);
}

/** The build's files this page loaded, for a worker that took control after they were fetched. */
function keepLoaded(container: Container): void {
  const assets = `${window.location.origin}/assets/`;
  const urls = performance
    .getEntriesByType('resource')
    .map((entry) => entry.name)
    .filter((name) => name.startsWith(assets));
  container.controller?.postMessage({ type: 'keep', urls } satisfies WorkerMessage);
}

/**
 * A build's new versions, for an open page (loaded by offline-start.ts once the browser is idle):
 * the reload when a chunk of an older build is gone, `<link rel="manifest">` in the current
 * language, and the service worker (`/sw.js`, src/sw.ts): registered, told what the first visit
 * loaded before it took control, asked for a new version whenever the page is shown again, and
 * the update prompt when one waits.
 */
export function startAppUpdates(): void {
  window.addEventListener('vite:preloadError', () => {
    // In the next task: a page's chunk fails while the router navigates, and the reload should
    // open the page asked for, which the router puts in the address once it has the error.
    if (reloadForChunk()) setTimeout(() => window.location.reload(), 0);
  });

  const link = document.querySelector<HTMLLinkElement>('link[rel="manifest"]');
  const follow = (lang: string) => {
    if (link) link.href = `/manifest-${lang}.webmanifest`;
  };
  follow(useLanguageStore.getState().currentLang);
  useLanguageStore.subscribe((state) => follow(state.currentLang));

  if (!('serviceWorker' in navigator)) return;
  const container = navigator.serviceWorker;
  if (!container.controller)
    container.addEventListener('controllerchange', () => keepLoaded(container), { once: true });
  container.register('/sw.js').then(
    // Undefined where the browser refuses quietly (Playwright's `serviceWorkers: 'block'`).
    (registration: ServiceWorkerRegistration | undefined) => {
      if (!registration) return;
      watchUpdates(registration, container, () => {
        void import('./update-notice.tsx').then((notice) =>
          notice.showUpdateNotice(() => applyUpdate(registration, container)),
        );
      });
      document.addEventListener('visibilitychange', () => {
        if (document.visibilityState === 'visible') registration.update().catch(() => undefined);
      });
    },
    () => {
      // No worker (a private window, a refused scope): the app works online as before.
    },
  );
}
