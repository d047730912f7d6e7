import table from 'virtual:page-routes/staff';
import type { staffRoutes as contractStaffRoutes } from '@jewel/contract/staff';

/**
 * The contract's staff routes, kept out of every page's first table (route-table-plugin.ts
 * `KEPT_APART`): they load with the staff page. At run time each holds only its method and path;
 * its schemas exist as types, which is all `call()` needs of them.
 */
export const staffRoutes = table as unknown as typeof contractStaffRoutes;
