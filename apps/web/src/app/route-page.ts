import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import type { RouteHandle } from '../components/page.tsx';
import { type PathName, paths } from '../config/paths.ts';

export type Loader = () => Promise<{ default: ComponentType }>;

/** One lazily loaded page at its SPEC path, titled `common:titles.<name>`. */
export function page(
  name: PathName,
  load: Loader,
  options: { tab?: boolean; entry?: boolean; index?: boolean } = {},
): RouteObject {
  const handle: RouteHandle = { titleKey: `common:titles.${name}`, tab: options.tab, entry: options.entry };
  const lazy = async () => ({ Component: (await load()).default });
  return options.index ? { index: true, handle, lazy } : { path: paths[name], handle, lazy };
}
