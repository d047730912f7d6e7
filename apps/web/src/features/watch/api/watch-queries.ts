import type { acknowledgeSchema, WatchNoticeInput } from '@jewel/contract/watch';
import { infiniteQueryOptions, queryOptions, useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { call } from '../../../lib/api-client.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { commodityKeys } from '../../../lib/query-keys.ts';
import { routes } from '../../../lib/routes.ts';
import { successToast } from '../../../lib/toast.ts';
import { useTranslation } from '../../../lib/use-translation.ts';

const PAGE_SIZE = 20;

export type MatchStatus = 'open' | 'acknowledged';
export type NoticeStatus = 'active' | 'withdrawn';

export const watchKeys = {
  /** `watch-count.ts` starts its key so too: refreshing these refreshes the dashboard's count. */
  all: ['watch'] as const,
  matches: () => [...watchKeys.all, 'matches'] as const,
  matchList: (status: MatchStatus) => [...watchKeys.matches(), 'list', status] as const,
  openOf: (commodityId: number) => [...watchKeys.matches(), 'commodity', commodityId] as const,
  notices: (status: NoticeStatus, keyword: string) => [...watchKeys.all, 'notices', status, keyword] as const,
};

const nextPage = (last: { page: number; page_size: number; total: number }) =>
  last.page * last.page_size < last.total ? last.page + 1 : undefined;

/** Alerts (open matches) or their acknowledged history, newest first. */
export function matchListOptions(status: MatchStatus) {
  return infiniteQueryOptions({
    queryKey: watchKeys.matchList(status),
    queryFn: ({ pageParam, signal }) =>
      call(
        routes.watchMatchList,
        { query: { status, page: pageParam, page_size: PAGE_SIZE } },
        { signal, hideErrorToast: true },
      ),
    initialPageParam: 1,
    getNextPageParam: nextPage,
  });
}

/** A commodity's open matches: what blocks its buyback. */
export function openMatchesOfOptions(commodityId: number) {
  return queryOptions({
    queryKey: watchKeys.openOf(commodityId),
    queryFn: ({ signal }) =>
      call(
        routes.watchMatchList,
        { query: { status: 'open', commodity_id: commodityId, page_size: 20 } },
        { signal, hideErrorToast: true },
      ),
    select: (page) => page.items,
  });
}

export function noticeListOptions(status: NoticeStatus, keyword: string) {
  return infiniteQueryOptions({
    queryKey: watchKeys.notices(status, keyword),
    queryFn: ({ pageParam, signal }) =>
      call(
        routes.watchNoticeList,
        { query: { status, keyword: keyword || undefined, page: pageParam, page_size: PAGE_SIZE } },
        { signal, hideErrorToast: true },
      ),
    initialPageParam: 1,
    getNextPageParam: nextPage,
  });
}

/** Notices and matches change together (a new notice may match at once); commodities show the block. */
const refreshWatch = () =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: watchKeys.all }),
    queryClient.invalidateQueries({ queryKey: commodityKeys.details() }),
  ]);

export function useCreateNotice() {
  return useMutation({
    mutationFn: (body: WatchNoticeInput) => call(routes.watchNoticeCreate, { body }, { hideErrorToast: true }),
    onSuccess: () => refreshWatch(),
  });
}

export function useImportNotices() {
  return useMutation({
    mutationFn: (csv: string) => call(routes.watchNoticeImport, { body: { csv } }),
    onSuccess: () => refreshWatch(),
  });
}

/** Withdraws a notice with its reason; a refusal naming a field is the form's to show. */
export function useWithdrawNotice() {
  const { t } = useTranslation('watch');
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) =>
      call(routes.watchNoticeWithdraw, { params: { id }, body: { reason } }, { hideErrorToast: true }),
    onSuccess: () => {
      successToast(t('notices.withdrawn'));
      return refreshWatch();
    },
  });
}

export type Acknowledgement = z.input<typeof acknowledgeSchema>;

/**
 * Acknowledges an alert with its reason and, unless the shop lets one person do it, a second staff
 * member's mobile number and password; a refusal naming a field is the form's to show.
 */
export function useAcknowledgeMatch() {
  const { t } = useTranslation('watch');
  return useMutation({
    mutationFn: ({ id, ...body }: Acknowledgement & { id: number }) =>
      call(routes.watchMatchAcknowledge, { params: { id }, body }, { hideErrorToast: true }),
    onSuccess: () => {
      successToast(t('alerts.acknowledged'));
      return refreshWatch();
    },
  });
}
