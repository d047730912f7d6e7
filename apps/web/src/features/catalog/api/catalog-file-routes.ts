import table from 'virtual:page-routes/catalogFiles';
import type { catalogFileRoutes as contractCatalogFileRoutes } from '@jewel/contract/catalog-files';

/**
 * The contract's catalog file routes, kept out of every page's first table (route-table-plugin.ts
 * `KEPT_APART`): they load with the catalog page. At run time each holds only its method and
 * path; its schemas exist as types, which is all `call()` needs of them.
 */
export const catalogFileRoutes = table as unknown as typeof contractCatalogFileRoutes;
