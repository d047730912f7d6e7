import table from 'virtual:page-routes/setup';
import type { setupRoutes as contractSetupRoutes } from '@jewel/contract/setup';

/**
 * The contract's setup routes, kept out of every page's first table (route-table-plugin.ts
 * `KEPT_APART`): a shop opens its setup page once. At run time each holds only its method and
 * path; its schemas exist as types, which is all `call()` needs of them.
 */
export const setupRoutes = table as unknown as typeof contractSetupRoutes;
