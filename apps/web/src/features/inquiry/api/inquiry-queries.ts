import type { EstimateInput, InquiryInput } from '@jewel/contract/inquiry';
import { infiniteQueryOptions, queryOptions, useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { routes } from '../../../lib/routes.ts';
import { successToast } from '../../../lib/toast.ts';
import { useTranslation } from '../../../lib/use-translation.ts';

const PAGE_SIZE = 20;
/** `all` or one `inquiry.status` value. */
export type InquiryTab = 'all' | 1 | 2 | 3;

export const inquiryKeys = {
  all: ['inquiries'] as const,
  list: (tab: InquiryTab) => [...inquiryKeys.all, 'list', tab] as const,
  detail: (id: number) => [...inquiryKeys.all, 'detail', id] as const,
};

export function inquiryListOptions(tab: InquiryTab) {
  return infiniteQueryOptions({
    queryKey: inquiryKeys.list(tab),
    queryFn: ({ pageParam, signal }) =>
      call(
        routes.inquiryList,
        { query: { page: pageParam, page_size: PAGE_SIZE, status: tab === 'all' ? undefined : tab } },
        { signal, hideErrorToast: true },
      ),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.page_size < last.total ? last.page + 1 : undefined),
  });
}

export function inquiryDetailOptions(id: number) {
  return queryOptions({
    queryKey: inquiryKeys.detail(id),
    queryFn: ({ signal }) => call(routes.inquiryDetail, { params: { id } }, { signal, hideErrorToast: true }),
  });
}

const refreshInquiries = () => queryClient.invalidateQueries({ queryKey: inquiryKeys.all });

export function useCreateInquiry() {
  const { t } = useTranslation();
  return useMutation({
    mutationFn: (body: InquiryInput) => call(routes.inquiryCreate, { body }, { hideErrorToast: true }),
    onSuccess: () => {
      successToast(t('common:success.submit'));
      return refreshInquiries();
    },
  });
}

export function useEstimateInquiry(id: number) {
  const { t } = useTranslation('inquiry');
  return useMutation({
    mutationFn: (body: EstimateInput) =>
      call(routes.inquiryEstimate, { params: { id }, body }, { hideErrorToast: true }),
    onSuccess: () => {
      successToast(t('estimate.saved'));
      return refreshInquiries();
    },
  });
}

export function useCloseInquiry(id: number) {
  const { t } = useTranslation('inquiry');
  return useMutation({
    mutationFn: () => call(routes.inquiryClose, { params: { id } }),
    onSuccess: () => {
      successToast(t('close.done'));
      return refreshInquiries();
    },
  });
}
