import type { StaffMember } from '@jewel/contract/staff';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { Column } from '../../../components/data-table.tsx';
import { ManagersOnly, useIsManager } from '../../../components/managers-only.tsx';
import { Page } from '../../../components/page.tsx';
import { Sheet } from '../../../components/sheet.tsx';
import { EmptyState, LoadError, LoadingRows } from '../../../components/state-views.tsx';
import { CardsOrTable } from '../../../components/wide-table.tsx';
import { PullToRefresh } from '../../../lib/antd-mobile-motion.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { isApiError } from '../../../lib/is-api-error.ts';
import { staffListOptions } from '../../../lib/staff-list.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useAuthStore } from '../../../stores/auth-store.ts';
import { showPasswordOnce } from './password-once.tsx';
import { StaffBranchesButton } from './staff-branches.tsx';
import { countersOf, StaffActions, StaffCard, StaffTags } from './staff-card.tsx';
import { StaffForm } from './staff-form.tsx';
import { StaffSignInButton } from './staff-sign-in.tsx';
import '../staff.css';

/**
 * The shop's staff, for its managers (issue 28): who works here, as what, and when they last
 * signed in; a member is added here (their first password shown once) and changed from their card.
 * Anyone else is told whom the page is for.
 */
export function StaffScreen() {
  const { t } = useTranslation('staff');
  const manager = useIsManager();
  const [adding, setAdding] = useState(false);
  return (
    <Page
      wide
      right={
        manager ? (
          <button type="button" className="page-action staff-page-action" onClick={() => setAdding(true)}>
            {t('add')}
          </button>
        ) : null
      }
    >
      {manager ? <StaffList /> : <StaffManagersOnly />}
      <Sheet open={adding} onClose={() => setAdding(false)} title={t('addTitle')}>
        <StaffForm
          onCancel={() => setAdding(false)}
          onAdded={(answer) => {
            setAdding(false);
            void showPasswordOnce('invited', answer);
          }}
        />
      </Sheet>
    </Page>
  );
}

/** Whom the page is for, in the staff's words. */
function StaffManagersOnly() {
  const { t } = useTranslation('staff');
  return <ManagersOnly title={t('only.title')} description={t('only.description')} />;
}

function StaffList() {
  const { t } = useTranslation('staff');
  const selfId = useAuthStore((state) => state.user?.id);
  const query = useQuery(staffListOptions());
  if (query.isPending) return <LoadingRows rows={6} />;
  if (query.isError && !query.data) {
    // No longer a manager (the session's copy of the user said otherwise): whom the page is for.
    if (isApiError(query.error, 'managersOnly')) return <StaffManagersOnly />;
    return <LoadError onRetry={() => query.refetch()} />;
  }
  const members = query.data;
  return (
    <PullToRefresh onRefresh={() => query.refetch()}>
      {members.length === 0 ? (
        <EmptyState title={t('empty')} description={t('emptyHint')} />
      ) : (
        <>
          <p className="muted staff-count">{t('count', { count: members.length })}</p>
          <CardsOrTable
            cards={
              <ul className="staff-list" aria-label={t('listLabel')}>
                {members.map((member) => (
                  <li key={member.id}>
                    <StaffCard member={member} self={member.id === selfId} />
                  </li>
                ))}
              </ul>
            }
            table={{
              id: 'staff',
              caption: t('listLabel'),
              columns: staffColumns(t, selfId),
              rows: members,
              rowKey: (member) => member.id,
              rowTestId: 'staff-row',
            }}
          />
        </>
      )}
    </PullToRefresh>
  );
}

/** The staff table's columns at a desk: the card's facts, one a column, and its actions. */
function staffColumns(t: (key: string) => string, selfId: number | undefined): Column<StaffMember>[] {
  const role = (member: StaffMember) => countersOf(member, t);
  return [
    {
      key: 'name',
      header: t('form.name'),
      cell: (member) => member.name,
      sortValue: (member) => member.name,
      rowHeader: true,
    },
    {
      key: 'mobile',
      header: t('form.mobile'),
      cell: (member) => <span className="figure">{member.mobile ?? t('noMobile')}</span>,
      sortValue: (member) => member.mobile,
      optional: true,
    },
    { key: 'role', header: t('form.roles'), cell: role, sortValue: role },
    {
      key: 'tags',
      header: t('tagsLabel'),
      cell: (member) => <StaffTags member={member} self={member.id === selfId} />,
      optional: true,
    },
    {
      key: 'lastSignIn',
      header: t('table.lastSignIn'),
      cell: (member) =>
        member.last_sign_in_at ? (
          <time className="figure" dateTime={member.last_sign_in_at}>
            {formatDateTime(member.last_sign_in_at)}
          </time>
        ) : (
          <span className="muted">{t('neverSignedIn')}</span>
        ),
      sortValue: (member) => (member.last_sign_in_at ? Date.parse(member.last_sign_in_at) : null),
      optional: true,
    },
    {
      key: 'actions',
      header: t('table.actions'),
      cell: (member) => (
        <div className="staff-row__actions">
          <StaffSignInButton member={member} self={member.id === selfId} />
          <StaffBranchesButton member={member} self={member.id === selfId} />
          {member.id === selfId ? (
            <span className="muted">{t('selfHint')}</span>
          ) : (
            <StaffActions member={member} self={false} />
          )}
        </div>
      ),
    },
  ];
}
