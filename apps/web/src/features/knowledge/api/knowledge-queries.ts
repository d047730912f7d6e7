import { infiniteQueryOptions, keepPreviousData, queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { routes } from '../../../lib/routes.ts';

const PAGE_SIZE = 20;
const CATEGORIES_STALE_MS = 10 * 60_000;

export interface ArticleFilter {
  /** null: every category. */
  categoryId: number | null;
  /** Empty: no keyword. */
  keyword: string;
}

export const knowledgeKeys = {
  all: ['knowledge'] as const,
  categories: () => [...knowledgeKeys.all, 'categories'] as const,
  list: (filter: ArticleFilter) => [...knowledgeKeys.all, 'list', filter] as const,
  detail: (id: number) => [...knowledgeKeys.all, 'detail', id] as const,
};

export function knowledgeCategoriesOptions() {
  return queryOptions({
    queryKey: knowledgeKeys.categories(),
    queryFn: ({ signal }) => call(routes.knowledgeCategories, {}, { signal, hideErrorToast: true }),
    staleTime: CATEGORIES_STALE_MS,
  });
}

export function knowledgeArticlesOptions(filter: ArticleFilter) {
  return infiniteQueryOptions({
    queryKey: knowledgeKeys.list(filter),
    queryFn: ({ pageParam, signal }) =>
      call(
        routes.knowledgeArticles,
        {
          query: {
            page: pageParam,
            page_size: PAGE_SIZE,
            category_id: filter.categoryId ?? undefined,
            keyword: filter.keyword || undefined,
          },
        },
        { signal, hideErrorToast: true },
      ),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.page_size < last.total ? last.page + 1 : undefined),
    // Switching category keeps the old list on screen until the new one arrives (no flash of skeletons).
    placeholderData: keepPreviousData,
  });
}

export function knowledgeArticleOptions(id: number) {
  return queryOptions({
    queryKey: knowledgeKeys.detail(id),
    queryFn: ({ signal }) => call(routes.knowledgeArticle, { params: { id } }, { signal, hideErrorToast: true }),
    enabled: Number.isInteger(id) && id > 0,
  });
}
