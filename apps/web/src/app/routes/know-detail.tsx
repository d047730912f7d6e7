import { parseId } from '@jewel/contract/values/ids';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { Page } from '../../components/page.tsx';
import { EmptyState, LoadError, LoadingRows } from '../../components/state-views.tsx';
import { knowledgeArticleOptions } from '../../features/knowledge/api/knowledge-queries.ts';
import { ArticleView } from '../../features/knowledge/components/article-view.tsx';
import { KnowledgeGate } from '../../features/knowledge/components/knowledge-gate.tsx';
import { isMissing } from '../../lib/is-api-error.ts';
import { useTranslation } from '../../lib/use-translation.ts';
import '../../features/knowledge/knowledge.css';

/** One knowledge article (`?id=`). */
export default function KnowDetailRoute() {
  const [search] = useSearchParams();
  const id = parseId(search.get('id')) ?? 0;
  return (
    <Page>
      <KnowledgeGate>
        <ArticleDetail id={id} />
      </KnowledgeGate>
    </Page>
  );
}

function ArticleDetail({ id }: { id: number }) {
  const { t } = useTranslation('knowledge');
  const query = useQuery({ ...knowledgeArticleOptions(id), enabled: id > 0 });
  const missing = id === 0 || isMissing(query.error);
  if (missing) return <EmptyState title={t('detail.missing')} description={t('detail.missingHint')} />;
  if (query.isPending) return <LoadingRows rows={8} />;
  if (query.isError) return <LoadError onRetry={() => query.refetch()} />;
  return <ArticleView article={query.data} />;
}
