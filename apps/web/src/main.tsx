import { guestEntryFrom, paths, withQuery } from '@jewel/contract/values/web-paths';
import { createRouter } from './app/router.tsx';
import { connectSession } from './lib/api-client.ts';
import { initI18n } from './lib/i18n.ts';
import { queryClient } from './lib/query-client.ts';
import { applyPreloadedStyles } from './lib/styles.ts';
import { useAuthStore } from './stores/auth-store.ts';
import { useLanguageStore } from './stores/language-store.ts';
import './tokens.css';
import './styles.css';

// React DOM and the providers start loading now and run in a task of their own (render-app.tsx).
const app = import('./app/render-app.tsx');

// A shared guest link (`/t_r<id>`, `/t_v<id>`) opens the guest entry (SPEC.md §2).
const guestEntry = guestEntryFrom(window.location.pathname);
if (guestEntry) window.history.replaceState(null, '', guestEntry);

// Texts load while the first page's code loads; pages wait for them under Suspense.
void initI18n(useLanguageStore.getState().currentLang);

// Before the router: creating it runs the first route's loader, whose calls need the session.
connectSession({
  token: () => useAuthStore.getState().token,
  refreshToken: () => useAuthStore.getState().refreshToken,
  isTemporary: () => useAuthStore.getState().user?.is_tmp === 1,
  saveTokens: (tokens) => useAuthStore.getState().signIn(tokens),
  end(wasTemporary) {
    // Other calls of the same dead session may answer 401 after it was cleared: it has ended once.
    if (!useAuthStore.getState().token) return;
    const { pathname, search } = router.state.location;
    const target = wasTemporary ? paths.temporaryExpire : withQuery(paths.login, { redirect: `${pathname}${search}` });
    // The guard of the page being left sends a guest to the expire page too (guestEnded).
    useAuthStore.getState().clear({ guestEnded: wasTemporary });
    queryClient.clear();
    if (pathname !== paths.login && pathname !== paths.temporaryExpire) void router.navigate(target, { replace: true });
  },
});
const router = createRouter();

// index.html paints its frame without waiting for the stylesheets; the app waits for them.
const rootElement = document.getElementById('root');
if (rootElement) {
  void Promise.all([app, applyPreloadedStyles()]).then(([{ renderApp }]) => renderApp(rootElement, router));
}

// Offline (issue 17): the last-seen lists kept, and in a build the service worker; after the first paint.
const offline = () =>
  void import('./lib/offline-start.ts').then((m) => m.startOffline(queryClient, import.meta.env.PROD));
if (document.readyState === 'complete') offline();
else window.addEventListener('load', offline, { once: true });
