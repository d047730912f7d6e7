import type { KnowledgeArticleInput } from '@jewel/contract/knowledge';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { knowledgeAdminRoutes } from './knowledge-admin-routes.ts';
import { knowledgeKeys } from './knowledge-queries.ts';

/** The managers' keys sit under the knowledge base's: a save refreshes the readers' lists too. */
export const knowledgeAdminKeys = {
  all: [...knowledgeKeys.all, 'manage'] as const,
  list: () => [...knowledgeAdminKeys.all, 'list'] as const,
  article: (id: number) => [...knowledgeAdminKeys.all, 'article', id] as const,
};

/** Every article, unpublished ones too, with its languages (managers), asked afresh each time. */
export function managedArticlesOptions() {
  return queryOptions({
    queryKey: knowledgeAdminKeys.list(),
    queryFn: ({ signal }) => call(knowledgeAdminRoutes.knowledgeManaged, {}, { signal, hideErrorToast: true }),
    staleTime: 0,
  });
}

/** One article's Markdown in each language, for its editor. */
export function managedArticleOptions(id: number) {
  return queryOptions({
    queryKey: knowledgeAdminKeys.article(id),
    queryFn: ({ signal }) =>
      call(knowledgeAdminRoutes.knowledgeManagedArticle, { params: { id } }, { signal, hideErrorToast: true }),
    staleTime: 0,
  });
}

/**
 * Writes an article (`id` null: a new one, unpublished) or changes one. The answer becomes the
 * editor's; every knowledge list (the managers', the readers') is read afresh. Refusals are
 * toasted by the API client and shown under the field they name.
 */
export function useSaveArticle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: KnowledgeArticleInput }) =>
      id === null
        ? call(knowledgeAdminRoutes.knowledgeArticleCreate, { body })
        : call(knowledgeAdminRoutes.knowledgeArticleChange, { params: { id }, body }),
    onSuccess: (saved) => {
      queryClient.setQueryData(knowledgeAdminKeys.article(saved.id), saved);
      void queryClient.invalidateQueries({ queryKey: knowledgeKeys.all });
    },
  });
}

/** Publishes an article or takes it back from the readers. */
export function usePublishArticle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, published }: { id: number; published: boolean }) =>
      call(knowledgeAdminRoutes.knowledgeArticlePublish, { params: { id }, body: { published } }),
    onSuccess: (saved) => {
      queryClient.setQueryData(knowledgeAdminKeys.article(saved.id), saved);
      void queryClient.invalidateQueries({ queryKey: knowledgeKeys.all });
    },
  });
}

/** A body rendered and sanitized by the server as readers will see it; nothing is saved. */
export function previewBody(markdown: string) {
  return call(knowledgeAdminRoutes.knowledgePreview, { body: { body_markdown: markdown } });
}
