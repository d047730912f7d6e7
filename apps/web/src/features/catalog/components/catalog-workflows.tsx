import type { WorkflowRecord } from '@jewel/contract/catalog-admin';
import { useQuery } from '@tanstack/react-query';
import { AddOutline, RightOutline } from 'antd-mobile-icons';
import { lazy, Suspense, useState } from 'react';
import type { Column } from '../../../components/data-table.tsx';
import { Sheet } from '../../../components/sheet.tsx';
import { EmptyState, LoadError, LoadingRows } from '../../../components/state-views.tsx';
import { CardsOrTable } from '../../../components/wide-table.tsx';
import { Button } from '../../../lib/antd-mobile.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useLanguageStore } from '../../../stores/language-store.ts';
import { catalogWorkflowsOptions } from '../api/catalog-queries.ts';
import { ListSearchBox, useListSearch } from './list-search.tsx';

// The form loads at the first tap.
const WorkflowForm = lazy(() => import('./workflow-form.tsx'));

/**
 * The appraisal workflows for the managers (issue 28 item 5): each in the reader's language with
 * its code and steps, the standard one and retired ones marked, opening in a form; a new one added.
 */
export function CatalogWorkflows() {
  const { t } = useTranslation('catalog');
  const lang = useLanguageStore((state) => state.currentLang);
  const query = useQuery(catalogWorkflowsOptions());
  const search = useListSearch(query.data, lang);
  const [editing, setEditing] = useState<{ workflow: WorkflowRecord | null } | null>(null);
  const titleId = 'catalog-workflows-title';
  return (
    <section className="card catalog-products" aria-labelledby={titleId}>
      <div className="catalog-products__head">
        <h2 className="card__title" id={titleId}>
          {t('workflows.title')}
        </h2>
        <Button size="small" color="primary" fill="outline" onClick={() => setEditing({ workflow: null })}>
          <AddOutline aria-hidden /> {t('workflows.add')}
        </Button>
      </div>
      <ListSearchBox
        label={t('workflows.search')}
        placeholder={t('lists.searchPlaceholder')}
        keyword={search.keyword}
        onChange={search.setKeyword}
      />
      {query.isPending ? (
        <LoadingRows rows={2} />
      ) : query.isError && !query.data ? (
        <LoadError onRetry={() => query.refetch()} />
      ) : query.data.length === 0 ? (
        <EmptyState title={t('workflows.empty')} />
      ) : search.matching.length === 0 ? (
        <EmptyState title={t('common:form.noMatch', { query: search.searched })} />
      ) : (
        <WorkflowRows
          workflows={search.matching}
          labelledBy={titleId}
          onOpen={(workflow) => setEditing({ workflow })}
        />
      )}
      <Sheet
        open={editing !== null}
        onClose={() => setEditing(null)}
        title={t(editing?.workflow ? 'workflows.editTitle' : 'workflows.addTitle')}
      >
        {editing === null ? null : (
          <Suspense fallback={<LoadingRows rows={6} />}>
            <WorkflowForm workflow={editing.workflow} onDone={() => setEditing(null)} />
          </Suspense>
        )}
      </Sheet>
    </section>
  );
}

function WorkflowRows({
  workflows,
  labelledBy,
  onOpen,
}: {
  workflows: WorkflowRecord[];
  labelledBy: string;
  onOpen: (workflow: WorkflowRecord) => void;
}) {
  const { t } = useTranslation('catalog');
  const lang = useLanguageStore((state) => state.currentLang);
  const steps = (workflow: WorkflowRecord) =>
    t(workflow.reconsideration ? 'workflows.withReconsideration' : 'workflows.firstOnly');
  const marks = (workflow: WorkflowRecord) => (
    <>
      {workflow.standard ? <span className="catalog-products__tag">{t('workflows.standardTag')}</span> : null}
      {workflow.retired ? <span className="catalog-products__retired">{t('retiring.tag')}</span> : null}
    </>
  );
  const columns: Column<WorkflowRecord>[] = [
    {
      key: 'name',
      header: t('table.name'),
      cell: (workflow) => (
        <button type="button" className="data-table__open" onClick={() => onOpen(workflow)}>
          {workflow.name[lang]}
        </button>
      ),
      sortValue: (workflow) => workflow.name[lang],
      rowHeader: true,
    },
    {
      key: 'code',
      header: t('lists.code'),
      cell: (workflow) => <span className="figure">{workflow.code}</span>,
      sortValue: (workflow) => workflow.code,
    },
    { key: 'steps', header: t('workflows.steps'), cell: steps, sortValue: steps },
    { key: 'status', header: t('table.status'), cell: marks, optional: true },
  ];
  return (
    <CardsOrTable
      cards={
        <ul className="catalog-products__list" aria-labelledby={labelledBy}>
          {workflows.map((workflow) => (
            <li key={workflow.id}>
              <button type="button" className="catalog-products__row" onClick={() => onOpen(workflow)}>
                <span className="catalog-files__name">
                  <span className="catalog-products__name">{workflow.name[lang]}</span>
                  <span className="muted catalog-files__file">{[workflow.code, steps(workflow)].join(' · ')}</span>
                </span>
                {marks(workflow)}
                <RightOutline aria-hidden className="catalog-products__arrow" />
              </button>
            </li>
          ))}
        </ul>
      }
      table={{
        id: 'catalog-workflows',
        caption: t('workflows.title'),
        columns,
        rows: workflows,
        rowKey: (workflow) => workflow.id,
        rowTestId: 'catalog-workflows-row',
      }}
    />
  );
}
