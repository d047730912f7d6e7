import table from 'virtual:page-routes/shop';
import type { shopRoutes as contractShopRoutes } from '@jewel/contract/shop';

/**
 * The contract's shop details routes, kept out of every page's first table (route-table-plugin.ts
 * `KEPT_APART`): they load with the managers' shop details page. At run time each holds only its
 * method and path; its schemas exist as types, which is all `call()` needs of them.
 */
export const shopRoutes = table as unknown as typeof contractShopRoutes;
