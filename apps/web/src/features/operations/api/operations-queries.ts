import table from 'virtual:page-routes/operations';
import type { operationsRoutes as contractOperationsRoutes } from '@jewel/contract/operations';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';

/**
 * The contract's operations routes, kept out of every page's first table (route-table-plugin.ts
 * `KEPT_APART`): they load with the operations page.
 */
const operationsRoutes = table as unknown as typeof contractOperationsRoutes;

export const operationsKeys = {
  status: () => ['operations', 'status'] as const,
};

/** The server's state and its backups, read afresh each time the page opens. */
export function operationsStatusOptions() {
  return queryOptions({
    queryKey: operationsKeys.status(),
    queryFn: ({ signal }) => call(operationsRoutes.operationsStatus, {}, { signal, hideErrorToast: true }),
    staleTime: 0,
  });
}

/** "Back up now": the list is read again after it, whatever the outcome. Refusals are toasted by the client. */
export function useBackUpNow() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => call(operationsRoutes.operationsBackup, {}),
    onSettled: () => client.invalidateQueries({ queryKey: operationsKeys.status() }),
  });
}
