import type { KnowledgeManagedSummary } from '@jewel/contract/knowledge';
import { LANGS } from '@jewel/contract/values/i18n';
import { paths, withQuery } from '@jewel/contract/values/web-paths';
import { useQuery } from '@tanstack/react-query';
import { AddOutline, RightOutline } from 'antd-mobile-icons';
import { useNavigate } from 'react-router';
import type { Column } from '../../../components/data-table.tsx';
import { Link } from '../../../components/link.tsx';
import { ManagersOnly, useIsManager } from '../../../components/managers-only.tsx';
import { Page } from '../../../components/page.tsx';
import { EmptyState, LoadError, LoadingRows } from '../../../components/state-views.tsx';
import { CardsOrTable } from '../../../components/wide-table.tsx';
import { Button } from '../../../lib/antd-mobile.ts';
import { PullToRefresh } from '../../../lib/antd-mobile-motion.ts';
import { formatDateTime, formatList } from '../../../lib/format.ts';
import { isApiError } from '../../../lib/is-api-error.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { managedArticlesOptions } from '../api/knowledge-admin-queries.ts';
import '../knowledge-admin.css';

/**
 * The knowledge articles, for the shop's managers (issue 28 item 6): every one, unpublished ones
 * too, each with its category, whether readers see it and the languages it is written in; one
 * opens in its editor, "New article" starts one. Anyone else is told whom the page is for. At a
 * desk (issue 28 item 9) the list is a table.
 */
export function KnowledgeAdminScreen() {
  const { t } = useTranslation('knowledge-admin');
  const manager = useIsManager();
  const navigate = useNavigate();
  const query = useQuery({ ...managedArticlesOptions(), enabled: manager });
  const only = <ManagersOnly title={t('only.title')} description={t('only.description')} />;
  if (!manager) return <Page wide>{only}</Page>;
  if (query.isError && !query.data && isApiError(query.error, 'managersOnly')) return <Page wide>{only}</Page>;
  return (
    <Page wide>
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
              <CardsOrTable
                cards={
                  <ul className="knowledge-admin__list" aria-label={t('list.label')}>
                    {query.data.map((article) => (
                      <li key={article.id}>
                        <ManagedRow article={article} />
                      </li>
                    ))}
                  </ul>
                }
                table={{
                  id: 'knowledge-articles',
                  caption: t('list.label'),
                  columns: articleColumns(t),
                  rows: query.data,
                  rowKey: (article) => article.id,
                  rowTestId: 'knowledge-admin-row',
                }}
              />
            )}
          </PullToRefresh>
        )}
      </div>
    </Page>
  );
}

/** The languages an article is written in, in the app's order, as a list in the reader's language. */
function languagesOf(article: KnowledgeManagedSummary, t: (key: string) => string): string {
  return formatList(
    LANGS.filter((lang) => article.languages.includes(lang)).map((lang) => t(`common:language.${lang}`)),
  );
}

function StateTag({ published }: { published: boolean }) {
  const { t } = useTranslation('knowledge-admin');
  return (
    <span className={published ? 'knowledge-admin__state' : 'knowledge-admin__state is-draft'}>
      {t(published ? 'state.published' : 'state.unpublished')}
    </span>
  );
}

function ManagedRow({ article }: { article: KnowledgeManagedSummary }) {
  const { t } = useTranslation('knowledge-admin');
  const navigate = useNavigate();
  const languages = languagesOf(article, t);
  return (
    <button
      type="button"
      className="card knowledge-admin__row"
      data-testid="knowledge-admin-card"
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
          <StateTag published={article.published} />
          <span className="muted">{article.category.name}</span>
        </span>
        <span className="muted knowledge-admin__languages">{t('list.languages', { languages })}</span>
      </span>
      <RightOutline aria-hidden />
    </button>
  );
}

/** The articles' table at a desk: the card's facts, one a column; the title opens the editor. */
function articleColumns(t: (key: string) => string): Column<KnowledgeManagedSummary>[] {
  const state = (article: KnowledgeManagedSummary) => t(article.published ? 'state.published' : 'state.unpublished');
  return [
    {
      key: 'title',
      header: t('list.table.title'),
      cell: (article) => (
        <Link to={withQuery(paths.knowledgeEditor, { id: article.id })} lang={article.language}>
          {article.title}
        </Link>
      ),
      sortValue: (article) => article.title,
      rowHeader: true,
    },
    {
      key: 'category',
      header: t('editor.category'),
      cell: (article) => article.category.name,
      sortValue: (article) => article.category.name,
    },
    {
      key: 'state',
      header: t('list.table.state'),
      cell: (article) => <StateTag published={article.published} />,
      sortValue: state,
    },
    {
      key: 'languages',
      header: t('list.table.languages'),
      cell: (article) => languagesOf(article, t),
      sortValue: (article) => languagesOf(article, t),
      optional: true,
    },
    {
      key: 'updated',
      header: t('list.table.updated'),
      cell: (article) => <time dateTime={article.updated_at}>{formatDateTime(article.updated_at)}</time>,
      sortValue: (article) => Date.parse(article.updated_at),
      optional: true,
    },
  ];
}
