import type { Backup, OperationsStatus } from '@jewel/contract/operations';
import { useQuery } from '@tanstack/react-query';
import type { Column } from '../../../components/data-table.tsx';
import { ManagersOnly, useIsManager } from '../../../components/managers-only.tsx';
import { Page } from '../../../components/page.tsx';
import { EmptyState, LoadError, LoadingRows } from '../../../components/state-views.tsx';
import { CardsOrTable } from '../../../components/wide-table.tsx';
import { Button, Tag } from '../../../lib/antd-mobile.ts';
import { formatDateTime, formatNumber } from '../../../lib/format.ts';
import { successToast } from '../../../lib/toast.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { operationsStatusOptions, useBackUpNow } from '../api/operations-queries.ts';
import { formatBytes } from '../format-bytes.ts';
import '../operations.css';

/**
 * Operations, for the shop's managers (issue 28 item 8): the server's version, database and
 * storage as the readiness check finds them, and the backups kept, with "back up now". Anyone else
 * is told whom the page is for. At a desk (issue 28 item 9) the server beside the backups, and
 * the backups a table.
 */
export function OperationsScreen() {
  const { t } = useTranslation('operations');
  const manager = useIsManager();
  return (
    <Page wide>
      {manager ? <Operations /> : <ManagersOnly title={t('only.title')} description={t('only.description')} />}
    </Page>
  );
}

function Operations() {
  const query = useQuery(operationsStatusOptions());
  if (query.isPending) return <LoadingRows rows={6} />;
  if (query.isError && !query.data) return <LoadError onRetry={() => query.refetch()} />;
  return (
    <div className="operations-page">
      <ServerCard status={query.data} />
      <BackupsCard backups={query.data.backups} />
    </div>
  );
}

function StateTag({ up }: { up: boolean }) {
  const { t } = useTranslation('operations');
  return (
    <Tag color={up ? 'success' : 'danger'} fill="outline">
      {t(up ? 'server.up' : 'server.down')}
    </Tag>
  );
}

function ServerCard({ status }: { status: OperationsStatus }) {
  const { t } = useTranslation('operations');
  const { database, storage } = status.checks;
  return (
    <section className="card" aria-labelledby="operations-server-title">
      <h2 id="operations-server-title" className="card__title">
        {t('server.title')}
      </h2>
      <dl className="operations-facts">
        <div>
          <dt>{t('server.version')}</dt>
          <dd className="figure">{status.version}</dd>
        </div>
        <div>
          <dt>{t('server.runtime')}</dt>
          <dd className="figure">{status.runtime}</dd>
        </div>
        <div>
          <dt>{t('server.startedAt')}</dt>
          <dd className="figure">{formatDateTime(status.started_at)}</dd>
        </div>
        <div>
          <dt>{t('server.database')}</dt>
          <dd>
            {t(`server.databaseKinds.${database.kind}`)} <StateTag up={database.state === 'up'} />
          </dd>
        </div>
        <div>
          <dt>{t('server.storage')}</dt>
          <dd>
            {t(`server.storageKinds.${storage.kind}`)} <StateTag up={storage.state === 'up'} />
          </dd>
        </div>
      </dl>
    </section>
  );
}

const CHECK_COLORS: Record<Backup['check'], 'success' | 'danger' | 'warning' | 'default'> = {
  ok: 'success',
  failed: 'danger',
  incomplete: 'warning',
  unchecked: 'default',
};

function BackupsCard({ backups }: { backups: OperationsStatus['backups'] }) {
  const { t } = useTranslation('operations');
  const backUp = useBackUpNow();
  return (
    <section className="card" aria-labelledby="operations-backups-title">
      <h2 id="operations-backups-title" className="card__title">
        {t('backups.title')}
      </h2>
      <p className="muted operations-backups__where">{t('backups.where', { dir: backups.dir, count: backups.keep })}</p>
      <Button
        block
        color="primary"
        loading={backUp.isPending}
        loadingText={t('backups.running')}
        onClick={() =>
          backUp.mutate(undefined, {
            onSuccess: (backup) =>
              successToast(backup.check === 'ok' ? t('backups.done') : t('backups.doneWithProblems')),
          })
        }
      >
        {t('backups.now')}
      </Button>
      {backups.items.length === 0 ? (
        <EmptyState title={t('backups.empty')} description={t('backups.emptyHint')} />
      ) : (
        <CardsOrTable
          cards={
            <ul className="operations-backups" aria-label={t('backups.listLabel')}>
              {backups.items.map((backup) => (
                <li key={backup.name} className="operations-backup" data-testid="backup-row">
                  <div className="operations-backup__line">
                    <span className="figure operations-backup__at">
                      {backup.created_at ? formatDateTime(backup.created_at) : backup.name}
                    </span>
                    <CheckTag check={backup.check} />
                  </div>
                  {backup.created_at ? (
                    <p className="muted figure operations-backup__size">
                      {t('backups.size', { size: formatBytes(backup.size_bytes), files: formatNumber(backup.files) })}
                    </p>
                  ) : null}
                  <Problems problems={backup.problems} />
                </li>
              ))}
            </ul>
          }
          table={{
            id: 'backups',
            caption: t('backups.listLabel'),
            columns: backupColumns(t),
            rows: backups.items,
            rowKey: (backup) => backup.name,
            rowTestId: 'backup-table-row',
          }}
        />
      )}
    </section>
  );
}

function CheckTag({ check }: { check: Backup['check'] }) {
  const { t } = useTranslation('operations');
  return (
    <Tag color={CHECK_COLORS[check]} fill="outline">
      {t(`backups.checks.${check}`)}
    </Tag>
  );
}

function Problems({ problems }: { problems: string[] }) {
  if (problems.length === 0) return null;
  return (
    <ul className="operations-backup__problems">
      {problems.map((problem) => (
        <li key={problem}>{problem}</li>
      ))}
    </ul>
  );
}

/** The backups' table at a desk: the card's facts, one a column. An incomplete one has no time nor size. */
function backupColumns(t: (key: string) => string): Column<Backup>[] {
  const taken = (backup: Backup) => (backup.created_at ? Date.parse(backup.created_at) : null);
  return [
    {
      key: 'taken',
      header: t('backups.table.taken'),
      cell: (backup) =>
        backup.created_at ? (
          <time dateTime={backup.created_at}>{formatDateTime(backup.created_at)}</time>
        ) : (
          <span className="figure">{backup.name}</span>
        ),
      sortValue: taken,
      rowHeader: true,
    },
    {
      key: 'check',
      header: t('backups.table.check'),
      cell: (backup) => <CheckTag check={backup.check} />,
      sortValue: (backup) => t(`backups.checks.${backup.check}`),
    },
    {
      key: 'size',
      header: t('backups.table.size'),
      cell: (backup) => (backup.created_at ? formatBytes(backup.size_bytes) : ''),
      sortValue: (backup) => (backup.created_at ? backup.size_bytes : null),
      numeric: true,
    },
    {
      key: 'files',
      header: t('backups.table.files'),
      cell: (backup) => (backup.created_at ? formatNumber(backup.files) : ''),
      sortValue: (backup) => (backup.created_at ? backup.files : null),
      numeric: true,
      optional: true,
    },
    {
      key: 'problems',
      header: t('backups.table.problems'),
      cell: (backup) => <Problems problems={backup.problems} />,
      optional: true,
    },
  ];
}
