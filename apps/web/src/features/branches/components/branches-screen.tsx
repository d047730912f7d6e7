import type { Branch } from '@jewel/contract/branches';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { ManagersOnly, useIsManager } from '../../../components/managers-only.tsx';
import { Page } from '../../../components/page.tsx';
import { Sheet } from '../../../components/sheet.tsx';
import { EmptyState, LoadError, LoadingRows } from '../../../components/state-views.tsx';
// The frame's width at a desk (issue 28 item 9), which only the back office's pages load.
import '../../../components/wide-table.css';
import { PullToRefresh } from '../../../lib/antd-mobile-motion.ts';
import { branchListOptions } from '../../../lib/branch-list.ts';
import { isApiError } from '../../../lib/is-api-error.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { openFirst, shopDetailsOf } from '../branch-model.ts';
import { BranchCard } from './branch-card.tsx';
import { BranchForm } from './branch-form.tsx';
import '../branches.css';

/**
 * The shop's branches, for their managers (issue 32, docs/adr/0105): the branches the manager
 * keeps (the owner: every one), open ones first, each with its name, address, licence and staff;
 * a branch is opened here, changed, closed and opened again from its card. Anyone else is told
 * whom the page is for.
 */
export function BranchesScreen() {
  const { t } = useTranslation(['branches', 'setup']);
  const manager = useIsManager();
  const query = useQuery({ ...branchListOptions(), enabled: manager });
  // The sheet's form: a new branch (`branch` null) or one of the list.
  const [editing, setEditing] = useState<{ branch: Branch | null } | null>(null);
  const refused = query.isError && !query.data && isApiError(query.error, 'managersOnly');
  const shop = shopDetailsOf(query.data ?? []);

  let body: ReactNode;
  if (!manager || refused) body = <BranchesManagersOnly />;
  else if (query.isPending) body = <LoadingRows rows={4} />;
  else if (query.isError && !query.data) body = <LoadError onRetry={() => query.refetch()} />;
  else if (query.data.length === 0) body = <EmptyState title={t('empty')} description={t('emptyHint')} />;
  else {
    const branches = openFirst(query.data);
    body = (
      <PullToRefresh onRefresh={() => query.refetch()}>
        <p className="muted branches-count">
          {t('count', { count: branches.filter((branch) => !branch.closed_at).length })}
        </p>
        <ul className="branches-list" aria-label={t('listLabel')}>
          {branches.map((branch) => (
            <li key={branch.id}>
              <BranchCard branch={branch} shop={shop} onEdit={() => setEditing({ branch })} />
            </li>
          ))}
        </ul>
      </PullToRefresh>
    );
  }

  return (
    <Page
      wide
      right={
        manager && !refused && query.data ? (
          <button
            type="button"
            className="page-action branches-page-action"
            onClick={() => setEditing({ branch: null })}
          >
            {t('open')}
          </button>
        ) : null
      }
    >
      {body}
      <Sheet
        open={editing !== null}
        onClose={() => setEditing(null)}
        title={editing?.branch ? t('form.editTitle', { name: editing.branch.details.name }) : t('form.openTitle')}
      >
        {editing === null ? null : (
          <BranchForm
            branch={editing.branch}
            shop={shop}
            onDone={() => setEditing(null)}
            onCancel={() => setEditing(null)}
          />
        )}
      </Sheet>
    </Page>
  );
}

/** Whom the page is for, in the branches' words. */
function BranchesManagersOnly() {
  const { t } = useTranslation('branches');
  return <ManagersOnly title={t('only.title')} description={t('only.description')} />;
}
