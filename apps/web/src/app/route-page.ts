import { type PathName, paths } from '@jewel/contract/values/web-paths';
import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import type { RouteHandle } from '../components/page.tsx';
import { loadNamespaces } from '../lib/i18n.ts';

export type Loader = () => Promise<{ default: ComponentType }>;

/**
 * A task boundary before a page's code is asked for. Asking costs the phone's main thread per
 * file (a <link> element each for its modules and styles: 70 on the data base, about 100 ms at
 * 4× CPU slowdown), so it runs in a task of its own rather than at the end of the one that
 * navigated (the app's start-up, or a tap).
 */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * One lazily loaded page at its SPEC path, titled `common:titles.<name>`. `texts` names the
 * namespaces the page reads: they load with its code rather than after it (the page would
 * otherwise render, wait for them under Suspense, then render again). `start` begins anything
 * else the page will wait for (its first call) the same way, beside its code; it is given the
 * address being navigated to (the page's filters live there).
 */
export function page(
  name: PathName,
  load: Loader,
  options: { tab?: boolean; entry?: boolean; index?: boolean; texts?: string[]; start?: (url: URL) => void } = {},
): RouteObject {
  const handle: RouteHandle = { titleKey: `common:titles.${name}`, tab: options.tab, entry: options.entry };
  const lazy = async () => {
    await nextTask();
    return { Component: (await load()).default };
  };
  const { texts, start } = options;
  const route: RouteObject = options.index ? { index: true, handle, lazy } : { path: paths[name], handle, lazy };
  if (texts || start) {
    route.loader = ({ request }) => {
      if (texts) void loadNamespaces(texts);
      start?.(new URL(request.url));
      return null;
    };
  }
  return route;
}
