import type { Plugin } from 'vite';
import { routes } from '../../packages/contract/src/routes.ts';

const moduleId = 'virtual:route-table';

/**
 * The web app needs each call's method and path at run time, and its schemas only as types.
 * This serves `{ name: { method, path } }` taken from the contract, so that zod and the
 * schemas stay out of the bundle.
 */
export function routeTable(): Plugin {
  return {
    name: 'jewel-route-table',
    resolveId: (source) => (source === moduleId ? `\0${moduleId}` : undefined),
    load(id) {
      if (id !== `\0${moduleId}`) return undefined;
      const table = Object.fromEntries(
        Object.entries(routes).map(([name, route]) => [name, { method: route.method, path: route.path }]),
      );
      return `export default ${JSON.stringify(table)};`;
    },
  };
}
