import { useLanguageStore } from '../stores/language-store.ts';

/**
 * Loaded after the first paint (main.tsx): points `<link rel="manifest">` at the current
 * language's manifest, and registers the service worker (`/sw.js`, written by
 * offline-plugin.ts) once the browser is idle, so that its install never competes with the
 * first page's own requests.
 */
export function startOffline(): void {
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
