import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import type { RouteHandle } from '../components/page.tsx';
import { RouteError } from '../components/route-error.tsx';
import { type PathName, paths } from '../config/paths.ts';
import { RequireSession } from './require-session.tsx';
import { PageSkeleton, RootLayout } from './root-layout.tsx';
import { TabLayout } from './tab-layout.tsx';

type Loader = () => Promise<{ default: ComponentType }>;

/** One lazily loaded page at its SPEC path, titled `common:titles.<name>`. */
function page(
  name: PathName,
  load: Loader,
  options: { tab?: boolean; entry?: boolean; index?: boolean } = {},
): RouteObject {
  const handle: RouteHandle = { titleKey: `common:titles.${name}`, tab: options.tab, entry: options.entry };
  const lazy = async () => ({ Component: (await load()).default });
  return options.index ? { index: true, handle, lazy } : { path: paths[name], handle, lazy };
}

const home: Loader = () => import('./routes/home.tsx');
const coming: Loader = () => import('./routes/coming.tsx');

/** Pages whose feature comes with a later issue: their frame and title, and an honest "coming". */
const comingPages: PathName[] = [
  'knowSearch',
  'assumeNaming',
  'commodityEnroll',
  'commodityDistribute',
  'commodityList',
  'commodityDetail',
  'commodityUpdate',
  'commodityIdentify',
  'commodityRecycle',
  'flowIdentify',
  'flowComprehensive',
  'revisitList',
  'informationDetail',
  'subtotalCreate',
  'subtotalDetail',
  'subtotalList',
  'knowDetail',
  'inquiryRegister',
  'inquiryList',
  'restock',
  'temporaryLink',
  'temporaryRecord',
];

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <PageSkeleton />,
    children: [
      page('login', () => import('./routes/login.tsx'), { entry: true }),
      page('temporary', () => import('./routes/temporary.tsx'), { entry: true }),
      page('temporaryExpire', () => import('./routes/temporary-expire.tsx'), { entry: true }),
      {
        element: <RequireSession />,
        children: [
          {
            element: <TabLayout />,
            children: [
              page('home', home, { tab: true, index: true }),
              page('home', home, { tab: true }),
              page('know', coming, { tab: true }),
              page('information', coming, { tab: true }),
              page('userCenter', () => import('./routes/user-center.tsx'), { tab: true }),
            ],
          },
          page('userInfo', () => import('./routes/user-info.tsx')),
          page('updatePassword', () => import('./routes/update-password.tsx')),
          page('notifications', () => import('./routes/notifications.tsx')),
          page('notificationDetail', () => import('./routes/notification-detail.tsx')),
          ...comingPages.map((name) => page(name, coming)),
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
  return createBrowserRouter(routes);
}
