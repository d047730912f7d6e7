import type { Subtotal, SubtotalVersion } from '@jewel/contract/information';
import { parseId } from '@jewel/contract/values/ids';
import { paths, withQuery } from '@jewel/contract/values/web-paths';
import { useInfiniteQuery } from '@tanstack/react-query';
import { RightOutline } from 'antd-mobile-icons';
import { useSearchParams } from 'react-router';
import { InfiniteFooter } from '../../components/infinite-footer.tsx';
import { Link } from '../../components/link.tsx';
import { Page } from '../../components/page.tsx';
import { StaffOnly } from '../../components/staff-only.tsx';
import { EmptyState, LoadError, LoadingRows } from '../../components/state-views.tsx';
import { subtotalListOptions, subtotalVersionsOptions } from '../../features/information/api/information-queries.ts';
import { useShareText, VersionFigures } from '../../features/information/components/version-figures.tsx';
import { PullToRefresh } from '../../lib/antd-mobile-motion.ts';
import { formatDateTime, formatNumber } from '../../lib/format.ts';
import { useTranslation } from '../../lib/use-translation.ts';
import '../../features/information/information.css';

/** With `?id=`: every version of that subtotal, newest first. Without: the shop's subtotals. */
export default function SubtotalListRoute() {
  const { t } = useTranslation('information');
  const [search] = useSearchParams();
  const id = parseId(search.get('id'));
  return (
    <Page>
      <StaffOnly title={t('guest.title')} description={t('guest.description')}>
        {id ? <Versions id={id} /> : <Subtotals />}
      </StaffOnly>
    </Page>
  );
}

function Versions({ id }: { id: number }) {
  const { t } = useTranslation('information');
  const query = useInfiniteQuery(subtotalVersionsOptions(id));
  if (query.isPending) return <LoadingRows rows={6} />;
  if (query.isError && !query.data) return <LoadError onRetry={() => query.refetch()} />;
  const versions: SubtotalVersion[] = query.data.pages.flatMap((page) => page.items);
  return (
    <PullToRefresh onRefresh={() => query.refetch()}>
      <ol className="info-list info-versions">
        {versions.map((version) => (
          <li key={version.id} className="card" data-testid="subtotal-version-card">
            <div className="info-subtotal__version">
              <span className="info-subtotal__badge">{t('subtotal.version', { version: version.version })}</span>
              <span className="muted">
                {t('subtotal.computed', { time: formatDateTime(version.computed_at), name: version.computed_by.name })}
              </span>
            </div>
            <VersionFigures version={version} />
          </li>
        ))}
      </ol>
      <InfiniteFooter query={query} />
    </PullToRefresh>
  );
}

function SubtotalCard({ subtotal }: { subtotal: Subtotal }) {
  const { t } = useTranslation('information');
  const share = useShareText();
  return (
    <Link
      to={withQuery(paths.subtotalDetail, { id: subtotal.id })}
      className="card info-subtotal-card"
      data-testid="subtotal-card"
    >
      <div className="info-subtotal-card__body">
        <h3 className="info-subtotal-card__name">{subtotal.name}</h3>
        <p className="info-subtotal-card__figures figure">
          {t('subtotal.summary', {
            count: subtotal.latest.count,
            total: formatNumber(subtotal.latest.count),
            share: share(subtotal.latest.genuine_share),
          })}
        </p>
        <p className="muted">
          {t('subtotal.version', { version: subtotal.latest.version })} · {formatDateTime(subtotal.latest.computed_at)}{' '}
          · {subtotal.created_by.name}
        </p>
      </div>
      <RightOutline aria-hidden />
    </Link>
  );
}

function Subtotals() {
  const { t } = useTranslation('information');
  const query = useInfiniteQuery(subtotalListOptions());
  if (query.isPending) return <LoadingRows rows={6} />;
  if (query.isError && !query.data) return <LoadError onRetry={() => query.refetch()} />;
  const subtotals = query.data.pages.flatMap((page) => page.items);
  return (
    <PullToRefresh onRefresh={() => query.refetch()}>
      {subtotals.length === 0 ? (
        <EmptyState title={t('subtotal.empty')} description={t('subtotal.emptyHint')} />
      ) : (
        <>
          <ul className="info-list">
            {subtotals.map((subtotal) => (
              <li key={subtotal.id}>
                <SubtotalCard subtotal={subtotal} />
              </li>
            ))}
          </ul>
          <InfiniteFooter query={query} />
        </>
      )}
    </PullToRefresh>
  );
}
