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
  'transWeb',
  'file',
  'privateFile',
]);

/**
 * The contract's tags whose routes only a page few open calls: kept out of the first table (in
 * it, the staff's four cost every page's first load 64 bytes), each tag's are a module of their
 * own, `virtual:page-routes/<tag>`, which that page's code imports (features/staff/api/staff-routes.ts,
 * features/setup/api/setup-routes.ts, features/setup/api/shop-routes.ts). The passkeys' too
 * (ADR 0103): the member's five with their page (features/passkey/api/passkey-queries.ts), the
 * sign-in's two with the WebAuthn code a tap on the sign-in page loads (features/auth/passkey-sign-in.ts).
 * The branches' (issue 32) with the branches page and the staff page, the working branch's with
 * the branch chooser; the transfers' with the item's detail page (features/commodity/api/transfer-calls.ts).
 */
export const KEPT_APART = new Set([
  'setup',
  'staff',
  'shop',
  'catalogAdmin',
  'audit',
  'operations',
  'knowledgeAdmin',
  'passkey',
  'passkeySignIn',
  'signInMethods',
  'signInBinding',
  'branches',
  'workingBranch',
  'transfers',
]);

const apartPrefix = 'virtual:page-routes/';

/** `{ name: { method, path } }` of the routes `keep` takes. */
function tableOf(keep: (name: string, tag: string) => boolean): string {
  const table = Object.fromEntries(
    Object.entries(routes)
      .filter(([name, route]) => keep(name, route.tag))
      .map(([name, route]) => [name, { method: route.method, path: route.path }]),
  );
  return `export default ${JSON.stringify(table)};`;
}

/**
 * The web app needs each call's method and path at run time, and its schemas only as types.
 * This serves `{ name: { method, path } }` taken from the contract, so that zod and the
 * schemas stay out of the bundle.
 */
export function routeTable(): Plugin {
  return {
    name: 'jewel-route-table',
    resolveId: (source) =>
      source === moduleId || (source.startsWith(apartPrefix) && KEPT_APART.has(source.slice(apartPrefix.length)))
        ? `\0${source}`
        : undefined,
    load(id) {
      if (id === `\0${moduleId}`)
        return tableOf((name, tag) => !NOT_CALLED_BY_THE_APP.has(name) && !KEPT_APART.has(tag));
      if (id.startsWith(`\0${apartPrefix}`)) {
        const apart = id.slice(apartPrefix.length + 1);
        return tableOf((_name, tag) => tag === apart);
      }
      return undefined;
    },
  };
}
