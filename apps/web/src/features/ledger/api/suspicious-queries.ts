import type { suspiciousReviewSchema } from '@jewel/contract/suspicious';
import type { SuspiciousStatus } from '@jewel/contract/values/aml';
import type { Lang } from '@jewel/contract/values/i18n';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { call, download } from '../../../lib/api-client.ts';
import { routes } from '../../../lib/routes.ts';

/** Suspicious flags (犯罪収益移転防止法 §8): staff recorders only, like the ledger. */
export const suspiciousKeys = {
  all: ['suspicious'] as const,
  list: (status: SuspiciousStatus, entryId?: number) => [...suspiciousKeys.all, status, entryId ?? 0] as const,
};

export function suspiciousListOptions(status: SuspiciousStatus, entryId?: number) {
  return queryOptions({
    queryKey: suspiciousKeys.list(status, entryId),
    queryFn: ({ signal }) =>
      call(
        routes.suspiciousList,
        { query: { status, ...(entryId ? { ledger_entry_id: entryId } : {}) } },
        { signal, hideErrorToast: true },
      ),
  });
}

export function useFlagEntry(entryId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) => call(routes.suspiciousFlag, { params: { id: entryId }, body: { reason } }),
    onSuccess: () => client.invalidateQueries({ queryKey: suspiciousKeys.all }),
  });
}

export function useReviewFlag(flagId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: z.input<typeof suspiciousReviewSchema>) =>
      call(routes.suspiciousReview, { params: { id: flagId }, body }),
    onSuccess: () => client.invalidateQueries({ queryKey: suspiciousKeys.all }),
  });
}

/** The flags reviewed as "report", as CSV for the report to the police. */
export function downloadReports(lang: Lang) {
  return download(routes.suspiciousExport, { query: { lang } });
}
