import { parseId } from '@jewel/contract/values/ids';
import { paths, withQuery } from '@jewel/contract/values/web-paths';
import { useQuery } from '@tanstack/react-query';
import { RightOutline } from 'antd-mobile-icons';
import { useSearchParams } from 'react-router';
import { Link } from '../../components/link.tsx';
import { Page } from '../../components/page.tsx';
import { StaffOnly, useIsGuest } from '../../components/staff-only.tsx';
import { EmptyState, LoadError, LoadingRows } from '../../components/state-views.tsx';
import { subtotalOptions, useRecomputeSubtotal } from '../../features/information/api/information-queries.ts';
import { FilterWords } from '../../features/information/components/filter-words.tsx';
import { VersionFigures } from '../../features/information/components/version-figures.tsx';
import { Button } from '../../lib/antd-mobile.ts';
import { formatDateTime } from '../../lib/format.ts';
import { isMissing } from '../../lib/is-api-error.ts';
import { successToast } from '../../lib/toast.ts';
import { useTranslation } from '../../lib/use-translation.ts';
import '../../features/information/information.css';

/** A subtotal: its latest figures per currency, its filter in words, "recompute", and the way to its versions. */
export default function SubtotalDetailRoute() {
  const { t } = useTranslation('information');
  const [search] = useSearchParams();
  const id = parseId(search.get('id'));
  const query = useQuery({ ...subtotalOptions(id ?? 0), enabled: id !== null });
  const recompute = useRecomputeSubtotal(id ?? 0);
  const guest = useIsGuest();

  const footer =
    query.data && !guest ? (
      <Button
        block
        color="primary"
        size="large"
        loading={recompute.isPending}
        onClick={() =>
          recompute.mutate(undefined, {
            onSuccess: (subtotal) => successToast(t('detail.recomputed', { version: subtotal.latest.version })),
          })
        }
      >
        {t('subtotal.recompute')}
      </Button>
    ) : undefined;

  return (
    <Page title={query.data?.name} footer={footer}>
      <StaffOnly title={t('guest.title')} description={t('guest.description')}>
        {id === null || (query.isError && isMissing(query.error)) ? (
          <EmptyState title={t('subtotal.notFound')} description={t('subtotal.notFoundHint')} />
        ) : query.isPending ? (
          <LoadingRows rows={6} />
        ) : query.isError ? (
          <LoadError onRetry={() => query.refetch()} />
        ) : (
          <div className="info-subtotal">
            <section className="card">
              <div className="info-subtotal__version">
                <span className="info-subtotal__badge" data-testid="subtotal-version">
                  {t('subtotal.version', { version: query.data.latest.version })}
                </span>
                <span className="muted">
                  {t('subtotal.computed', {
                    time: formatDateTime(query.data.latest.computed_at),
                    name: query.data.latest.computed_by.name,
                  })}
                </span>
              </div>
              <VersionFigures version={query.data.latest} />
            </section>
            <section className="card">
              <h2 className="card__title">{t('subtotal.filter')}</h2>
              <FilterWords filter={query.data.filter} />
              <p className="muted info-subtotal__by">
                {t('subtotal.createdBy', {
                  name: query.data.created_by.name,
                  time: formatDateTime(query.data.created_at),
                })}
              </p>
            </section>
            <Link to={withQuery(paths.subtotalList, { id })} className="card info-detail__open">
              <span>{t('subtotal.versions', { count: query.data.versions })}</span>
              <RightOutline aria-hidden />
            </Link>
          </div>
        )}
      </StaffOnly>
    </Page>
  );
}
