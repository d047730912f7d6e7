import type { QueryClient } from '@tanstack/react-query';
import { useLanguageStore } from '../stores/language-store.ts';
import { useOutbox } from './outbox-store.ts';
import { persistQueries } from './query-persist.ts';

/**
 * Loaded after the first paint (main.tsx): restores the last-seen lists (query-persist.ts),
 * starts the outbox's sender when entries wait, points `<link rel="manifest">` at the current language's manifest, and registers the service
 * worker (`/sw.js`, written by offline-plugin.ts) once the browser is idle, so that its install
 * never competes with the first page's own requests. The worker in a build only.
 */
export function startOffline(client: QueryClient, withWorker: boolean): void {
  persistQueries(client);
  // What a reload or a closed tab left in the outbox goes out: its sender starts when entries wait.
  if (useOutbox.getState().entries.length > 0) void import('./outbox.ts');
  if (!withWorker || !('serviceWorker' in navigator)) return;
  const link = document.querySelector<HTMLLinkElement>('link[rel="manifest"]');
  const follow = (lang: string) => {
    if (link) link.href = `/manifest-${lang}.webmanifest`;
  };
  follow(useLanguageStore.getState().currentLang);
  useLanguageStore.subscribe((state) => follow(state.currentLang));

  const register = () => {
    navigator.serviceWorker.register('/sw.js').catch(() => {
      // No worker (a private window, a refused scope): the app works online as before.
    });
  };
  if ('requestIdleCallback' in window) window.requestIdleCallback(register, { timeout: 5000 });
  else setTimeout(register, 1000);
}
