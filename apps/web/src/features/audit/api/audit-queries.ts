import table from 'virtual:page-routes/audit';
import type { auditRoutes as contractAuditRoutes } from '@jewel/contract/audit';
import type { Lang } from '@jewel/contract/values/i18n';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { call, download } from '../../../lib/api-client.ts';
import { type AuditFilter, auditQueryOf } from '../audit-filter.ts';

/**
 * The contract's audit routes, kept out of every page's first table (route-table-plugin.ts
 * `KEPT_APART`): they load with the audit page.
 */
const auditRoutes = table as unknown as typeof contractAuditRoutes;

const PAGE_SIZE = 30;

export const auditKeys = {
  all: ['audit'] as const,
  list: (filter: AuditFilter) => [...auditKeys.all, 'list', filter] as const,
};

/** The trail of a filter, newest first, by keyset pages. A failure is the page's error state. */
export function auditListOptions(filter: AuditFilter) {
  return infiniteQueryOptions({
    queryKey: auditKeys.list(filter),
    queryFn: ({ pageParam, signal }) =>
      call(
        auditRoutes.auditList,
        { query: { ...auditQueryOf(filter), cursor: pageParam, limit: PAGE_SIZE } },
        { signal, hideErrorToast: true },
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
}

/** The trail of a filter as a CSV file in `lang`. */
export function downloadAudit(filter: AuditFilter, lang: Lang) {
  return download(auditRoutes.auditExport, { query: { ...auditQueryOf(filter), lang } });
}
