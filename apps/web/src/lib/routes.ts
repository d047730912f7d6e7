import table from 'virtual:route-table';
import type { routes as contractRoutes } from '@jewel/contract/routes';

/**
 * The contract's routes. At run time each holds only its method and path (from the build's
 * route table); its schemas exist as types, which is all `call()` needs of them.
 */
export const routes = table as unknown as typeof contractRoutes;
