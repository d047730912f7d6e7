import type { KnowledgeManagedSummary } from '@jewel/contract/knowledge';
import { LANGS } from '@jewel/contract/values/i18n';
import { paths, withQuery } from '@jewel/contract/values/web-paths';
import { useQuery } from '@tanstack/react-query';
import { AddOutline, RightOutline } from 'antd-mobile-icons';
import { useNavigate } from 'react-router';
import { ManagersOnly, useIsManager } from '../../../components/managers-only.tsx';
import { Page } from '../../../components/page.tsx';
import { EmptyState, LoadError, LoadingRows } from '../../../components/state-views.tsx';
import { Button } from '../../../lib/antd-mobile.ts';
import { PullToRefresh } from '../../../lib/antd-mobile-motion.ts';
import { formatList } from '../../../lib/format.ts';
import { isApiError } from '../../../lib/is-api-error.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { managedArticlesOptions } from '../api/knowledge-admin-queries.ts';
import '../knowledge-admin.css';

/**
 * The knowledge articles, for the shop's managers (issue 28 item 6): every one, unpublished ones
 * too, each with its category, whether readers see it and the languages it is written in; one
 * opens in its editor, "New article" starts one. Anyone else is told whom the page is for.
 */
export function KnowledgeAdminScreen() {
  const { t } = useTranslation('knowledge-admin');
  const manager = useIsManager();
  const navigate = useNavigate();
  const query = useQuery({ ...managedArticlesOptions(), enabled: manager });
  const only = <ManagersOnly title={t('only.title')} description={t('only.description')} />;
  if (!manager) return <Page>{only}</Page>;
  if (query.isError && !query.data && isApiError(query.error, 'managersOnly')) return <Page>{only}</Page>;
  return (
    <Page>
      <div className="knowledge-admin">
        <div className="knowledge-admin__head">
          <p className="muted">{t('list.intro')}</p>
          <Button color="primary" onClick={() => navigate(paths.knowledgeEditor)}>
            <AddOutline aria-hidden /> {t('list.add')}
          </Button>
        </div>
        {query.isPending ? (
          <LoadingRows rows={4} />
        ) : query.isError && !query.data ? (
          <LoadError onRetry={() => query.refetch()} />
        ) : (
          <PullToRefresh onRefresh={() => query.refetch()}>
            {query.data.length === 0 ? (
              <EmptyState title={t('list.empty')} description={t('list.emptyHint')} />
            ) : (
              <ul className="knowledge-admin__list" aria-label={t('list.label')}>
                {query.data.map((article) => (
                  <li key={article.id}>
                    <ManagedRow article={article} />
                  </li>
                ))}
              </ul>
            )}
          </PullToRefresh>
        )}
      </div>
    </Page>
  );
}

function ManagedRow({ article }: { article: KnowledgeManagedSummary }) {
  const { t } = useTranslation('knowledge-admin');
  const navigate = useNavigate();
  const languages = formatList(
    LANGS.filter((lang) => article.languages.includes(lang)).map((lang) => t(`common:language.${lang}`)),
  );
  return (
    <button
      type="button"
      className="card knowledge-admin__row"
      onClick={() => navigate(withQuery(paths.knowledgeEditor, { id: article.id }))}
    >
      {article.cover ? (
        <img className="knowledge-admin__cover" src={article.cover} alt="" decoding="async" />
      ) : (
        <span className="knowledge-admin__cover" aria-hidden />
      )}
      <span className="knowledge-admin__text">
        <span className="knowledge-admin__title" lang={article.language}>
          {article.title}
        </span>
        <span className="knowledge-admin__meta">
          <span className={article.published ? 'knowledge-admin__state' : 'knowledge-admin__state is-draft'}>
            {t(article.published ? 'state.published' : 'state.unpublished')}
          </span>
          <span className="muted">{article.category.name}</span>
        </span>
        <span className="muted knowledge-admin__languages">{t('list.languages', { languages })}</span>
      </span>
      <RightOutline aria-hidden />
    </button>
  );
}
