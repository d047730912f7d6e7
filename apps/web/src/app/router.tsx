import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import type { RouteHandle } from '../components/page.tsx';
import { RouteError } from '../components/route-error.tsx';
import { type PathName, paths } from '../config/paths.ts';
import { RequireSession } from './require-session.tsx';
import { PageSkeleton, RootLayout } from './root-layout.tsx';

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
            // The tab bar loads with the first tab page, beside it: login does not carry it.
            lazy: async () => ({ Component: (await import('./tab-layout.tsx')).TabLayout }),
            children: [
              page('home', home, { tab: true, index: true }),
              page('home', home, { tab: true }),
              page('know', () => import('./routes/know.tsx'), { tab: true }),
              page('information', () => import('./routes/information.tsx'), { tab: true }),
              page('userCenter', () => import('./routes/user-center.tsx'), { tab: true }),
            ],
          },
          page('userInfo', () => import('./routes/user-info.tsx')),
          page('updatePassword', () => import('./routes/update-password.tsx')),
          page('notifications', () => import('./routes/notifications.tsx')),
          page('notificationDetail', () => import('./routes/notification-detail.tsx')),
          page('inquiryRegister', () => import('./routes/inquiry-register.tsx')),
          page('inquiryList', () => import('./routes/inquiry-list.tsx')),
          page('restock', () => import('./routes/restock.tsx')),
          page('knowSearch', () => import('./routes/know-search.tsx')),
          page('knowDetail', () => import('./routes/know-detail.tsx')),
          page('temporaryLink', () => import('./routes/temporary-link.tsx')),
          page('temporaryRecord', () => import('./routes/temporary-record.tsx')),
          page('commodityList', () => import('./routes/commodity-list.tsx')),
          page('commodityDetail', () => import('./routes/commodity-detail.tsx')),
          page('commodityDistribute', () => import('./routes/commodity-distribute.tsx')),
          page('assumeNaming', () => import('./routes/assume-naming.tsx')),
          page('flowIdentify', () => import('./routes/flow-identify.tsx')),
          page('revisitList', () => import('./routes/revisit-list.tsx')),
          page('commodityIdentify', () => import('./routes/commodity-identify.tsx')),
          page('flowComprehensive', () => import('./routes/flow-comprehensive.tsx')),
          page('commodityRecycle', () => import('./routes/commodity-recycle.tsx')),
          page('commodityEnroll', () => import('./routes/commodity-enroll.tsx')),
          page('commodityUpdate', () => import('./routes/commodity-update.tsx')),
          page('informationDetail', () => import('./routes/information-detail.tsx')),
          page('subtotalCreate', () => import('./routes/subtotal-create.tsx')),
          page('subtotalDetail', () => import('./routes/subtotal-detail.tsx')),
          page('subtotalList', () => import('./routes/subtotal-list.tsx')),
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
