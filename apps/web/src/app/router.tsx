import { createBrowserRouter, type RouteObject } from 'react-router';
import { RouteError } from '../components/route-error.tsx';
import { prefetchDashboard } from '../features/dashboard/api/dashboard-prefetch.ts';
import { unreadCountOptions } from '../features/notification/api/notification-queries.ts';
import { loadNamespaces } from '../lib/i18n.ts';
import { queryClient } from '../lib/query-client.ts';
import { hasSession, useAuthStore } from '../stores/auth-store.ts';
import { RequireSession } from './require-session.tsx';
import { PageSkeleton, RootLayout } from './root-layout.tsx';
import { type Loader, page } from './route-page.ts';

/** The session guard's route, under which the sub-pages of `session-routes.ts` are added. */
const SESSION_ROUTE = 'session';
/** The frame's route, under which the public pages of `session-routes.ts` are added (the setup page). */
const ROOT_ROUTE = 'root';

const home: Loader = () => import('./routes/home.tsx');

/** The home page's texts and calls start with the navigation, beside its code (a loader that waits for nothing). */
function startHomeCalls() {
  void loadNamespaces(['dashboard']);
  if (hasSession(useAuthStore.getState())) {
    prefetchDashboard(queryClient);
    void queryClient.prefetchQuery(unreadCountOptions());
  }
  return null;
}
const homeRoute = (options: { index?: boolean }) => ({
  ...page('home', home, { tab: true, ...options }),
  loader: startHomeCalls,
});

export const routes: RouteObject[] = [
  {
    id: ROOT_ROUTE,
    element: <RootLayout />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <PageSkeleton />,
    children: [
      page('login', () => import('./routes/login.tsx'), { entry: true, texts: ['auth'] }),
      page('temporary', () => import('./routes/temporary.tsx'), { entry: true }),
      page('temporaryExpire', () => import('./routes/temporary-expire.tsx'), { entry: true }),
      {
        id: SESSION_ROUTE,
        element: <RequireSession />,
        children: [
          {
            // The tab bar loads with the first tab page, beside it: login does not carry it.
            lazy: async () => ({ Component: (await import('./tab-layout.tsx')).TabLayout }),
            children: [
              homeRoute({ index: true }),
              homeRoute({}),
              page('know', () => import('./routes/know.tsx'), { tab: true }),
              page('information', () => import('./routes/information.tsx'), { tab: true }),
              page('userCenter', () => import('./routes/user-center.tsx'), { tab: true }),
            ],
          },
        ],
      },
      {
        path: '*',
        handle: { titleKey: 'common:titles.notFound' },
        lazy: async () => ({ Component: (await import('./routes/not-found.tsx')).default }),
      },
    ],
  },
];

export function createRouter() {
  let added: Promise<void> | undefined;
  return createBrowserRouter(routes, {
    // A path this table does not know (or only the not-found page matches): add the sub-pages
    // once, then match again; a failed load is tried again on the next navigation.
    patchRoutesOnNavigation({ patch }) {
      added ??= import('./session-routes.ts').then(
        (module) => {
          patch(SESSION_ROUTE, module.sessionRoutes);
          patch(ROOT_ROUTE, module.publicRoutes);
        },
        (error: unknown) => {
          added = undefined;
          throw error;
        },
      );
      return added;
    },
  });
}
