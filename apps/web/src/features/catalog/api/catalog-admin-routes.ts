import table from 'virtual:page-routes/catalogAdmin';
import type { catalogAdminRoutes as contractCatalogFileRoutes } from '@jewel/contract/catalog-admin';

/**
 * The contract's catalog file routes, kept out of every page's first table (route-table-plugin.ts
 * `KEPT_APART`): they load with the catalog page. At run time each holds only its method and
 * path; its schemas exist as types, which is all `call()` needs of them.
 */
export const catalogAdminRoutes = table as unknown as typeof contractCatalogFileRoutes;
