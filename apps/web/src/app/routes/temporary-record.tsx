import { paths } from '@jewel/contract/values/web-paths';
import { useInfiniteQuery } from '@tanstack/react-query';
import { InfiniteFooter } from '../../components/infinite-footer.tsx';
import { Link } from '../../components/link.tsx';
import { Page } from '../../components/page.tsx';
import { StaffOnly } from '../../components/staff-only.tsx';
import { EmptyState, LoadError, LoadingRows } from '../../components/state-views.tsx';
import { temporaryLinkListOptions } from '../../features/temporary/api/temporary-link-queries.ts';
import { LinkRecordCard } from '../../features/temporary/components/link-record-card.tsx';
import { PullToRefresh } from '../../lib/antd-mobile-motion.ts';
import { useTranslation } from '../../lib/use-translation.ts';
import '../../features/temporary/temporary.css';

/** Every guest link the user made, with its uses, guests and expiry; an active one can be revoked. */
export default function TemporaryRecordRoute() {
  const { t } = useTranslation('temporary');
  return (
    <Page
      right={
        <Link className="page-action" to={paths.temporaryLink}>
          {t('record.new')}
        </Link>
      }
    >
      <StaffOnly title={t('staffOnly.title')} description={t('staffOnly.hint')}>
        <LinkRecords />
      </StaffOnly>
    </Page>
  );
}

function LinkRecords() {
  const { t } = useTranslation('temporary');
  const query = useInfiniteQuery(temporaryLinkListOptions());

  if (query.isPending) return <LoadingRows />;
  if (query.isError && !query.data) return <LoadError onRetry={() => query.refetch()} />;
  const links = query.data.pages.flatMap((page) => page.items);

  return (
    <PullToRefresh onRefresh={() => query.refetch()}>
      {links.length === 0 ? (
        <EmptyState title={t('record.empty')} description={t('record.emptyHint')} />
      ) : (
        <>
          <ul className="temporary-records">
            {links.map((link) => (
              <li key={link.uuid}>
                <LinkRecordCard link={link} />
              </li>
            ))}
          </ul>
          <InfiniteFooter query={query} />
        </>
      )}
    </PullToRefresh>
  );
}
