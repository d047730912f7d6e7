import type { Plugin } from 'vite';
import { routes } from '../../packages/contract/src/routes.ts';

const moduleId = 'virtual:route-table';

/**
 * Routes the web app never calls through the table, kept out of every page's first load: the
 * operator's (a load balancer, a scraper, a client generator), the WeChat mini program's
 * sign-in, and addresses the app reaches as they are (the texts' overrides, fetched before the
 * app's code; stored files, whose paths the server gives). route-table-plugin.test.ts holds the
 * app to it.
 */
export const NOT_CALLED_BY_THE_APP = new Set([
  'health',
  'ready',
  'openapi',
  'metrics',
  'wxLogin',
  'transWeb',
  'file',
  'privateFile',
]);

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
        Object.entries(routes)
          .filter(([name]) => !NOT_CALLED_BY_THE_APP.has(name))
          .map(([name, route]) => [name, { method: route.method, path: route.path }]),
      );
      return `export default ${JSON.stringify(table)};`;
    },
  };
}
