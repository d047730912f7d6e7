import table from 'virtual:page-routes/staff';
import type { staffRoutes as contractStaffRoutes } from '@jewel/contract/staff';
import { queryOptions } from '@tanstack/react-query';
import { call } from './api-client.ts';

/**
 * The contract's staff routes, kept out of every page's first table (route-table-plugin.ts
 * `KEPT_APART`): they load with the back office's pages that ask for them (the staff page, the
 * audit trail's person filter). At run time each holds only its method and path; its schemas
 * exist as types, which is all `call()` needs of them.
 */
export const staffRoutes = table as unknown as typeof contractStaffRoutes;

export const staffKeys = {
  all: ['staff'] as const,
  list: () => [...staffKeys.all, 'list'] as const,
  /** The invite, so that its button (in the form's sheet) can show it running. */
  invite: () => [...staffKeys.all, 'invite'] as const,
};

/**
 * The shop's staff, managers first (GET /api/staff, managers only). A failure is the page's error
 * state (or its "for managers" notice), not a toast.
 */
export function staffListOptions() {
  return queryOptions({
    queryKey: staffKeys.list(),
    queryFn: async ({ signal }) => (await call(staffRoutes.staffList, {}, { signal, hideErrorToast: true })).items,
    staleTime: 0,
  });
}
