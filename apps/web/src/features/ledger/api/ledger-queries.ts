import type { LedgerCorrectionInput } from '@jewel/contract/ledger';
import type { Lang } from '@jewel/contract/values/i18n';
import type { LedgerExportFormat } from '@jewel/contract/values/ledger';
import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call, download } from '../../../lib/api-client.ts';
import { routes } from '../../../lib/routes.ts';

const PAGE_SIZE = 20;

export interface Period {
  from: string;
  to: string;
}

export const ledgerKeys = {
  all: ['ledger'] as const,
  list: (period: Period) => [...ledgerKeys.all, 'list', period] as const,
  detail: (id: number) => [...ledgerKeys.all, 'detail', id] as const,
};

/** The ledger over a period, newest first, by keyset pages. */
export function ledgerListOptions(period: Period) {
  return infiniteQueryOptions({
    queryKey: ledgerKeys.list(period),
    queryFn: ({ pageParam, signal }) =>
      call(
        routes.ledgerList,
        { query: { ...period, cursor: pageParam, limit: PAGE_SIZE } },
        { signal, hideErrorToast: true },
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    // Each read is recorded as a view of identity data: read again only when asked.
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function ledgerEntryOptions(id: number) {
  return queryOptions({
    queryKey: ledgerKeys.detail(id),
    queryFn: ({ signal }) => call(routes.ledgerDetail, { params: { id } }, { signal, hideErrorToast: true }),
    enabled: id > 0,
    // The signature's link lasts five minutes: an older one is fetched afresh.
    staleTime: 4 * 60_000,
  });
}

/** A correction: a new entry; the corrected one and the lists are read again. */
export function useCorrectEntry(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: LedgerCorrectionInput) => call(routes.ledgerCorrect, { params: { id }, body }),
    onSuccess: (entry) => {
      client.setQueryData(ledgerKeys.detail(entry.id), entry);
      return client.invalidateQueries({ queryKey: ledgerKeys.all, refetchType: 'none' });
    },
  });
}

/** The period as a file in `lang`. */
export function downloadLedger(period: Period, format: LedgerExportFormat, lang: Lang) {
  return download(routes.ledgerExport, { query: { ...period, format, lang } });
}
