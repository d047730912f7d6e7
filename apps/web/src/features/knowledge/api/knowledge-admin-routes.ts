import table from 'virtual:page-routes/knowledgeAdmin';
import type { knowledgeAdminRoutes as contractKnowledgeAdminRoutes } from '@jewel/contract/knowledge';

/**
 * The contract's knowledge editor routes, kept out of every page's first table (route-table-plugin.ts
 * `KEPT_APART`): they load with the managers' knowledge pages. At run time each holds only its
 * method and path; its schemas exist as types, which is all `call()` needs of them.
 */
export const knowledgeAdminRoutes = table as unknown as typeof contractKnowledgeAdminRoutes;
