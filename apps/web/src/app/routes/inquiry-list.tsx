import { parseId } from '@jewel/contract/values/ids';
import { paths } from '@jewel/contract/values/web-paths';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { InfiniteFooter } from '../../components/infinite-footer.tsx';
import { Link } from '../../components/link.tsx';
import { Page } from '../../components/page.tsx';
import { EmptyState, LoadError, LoadingRows } from '../../components/state-views.tsx';
import {
  type InquiryTab,
  inquiryDetailOptions,
  inquiryListOptions,
} from '../../features/inquiry/api/inquiry-queries.ts';
import { InquiryCard } from '../../features/inquiry/components/inquiry-card.tsx';
import { PullToRefresh, Tabs } from '../../lib/antd-mobile-motion.ts';
import { useTranslation } from '../../lib/use-translation.ts';
import { readsOnly, useAuthStore } from '../../stores/auth-store.ts';
import '../../features/inquiry/inquiry.css';

const TABS: InquiryTab[] = ['all', 1, 2, 3];

function tabFrom(value: string | null): InquiryTab {
  return TABS.find((tab) => String(tab) === value) ?? 'all';
}

/** Price inquiries by status; `?id=` (from a notification) shows that one first. */
export default function InquiryListRoute() {
  const { t } = useTranslation('inquiry');
  const [search, setSearch] = useSearchParams();
  const tab = tabFrom(search.get('status'));
  const opened = parseId(search.get('id'));
  const role = useAuthStore((state) => state.user?.role_code) ?? 'recorder';
  const writes = !useAuthStore(readsOnly);

  return (
    <Page
      right={
        role === 'recorder' && writes ? (
          <Link className="page-action" to={paths.inquiryRegister}>
            {t('register')}
          </Link>
        ) : undefined
      }
    >
      <Tabs
        activeKey={String(tab)}
        onChange={(key) => setSearch(key === 'all' ? {} : { status: key }, { replace: true })}
        stretch
      >
        {TABS.map((value) => (
          <Tabs.Tab key={String(value)} title={t(`tabs.${value}`)} />
        ))}
      </Tabs>
      {opened ? <OpenedInquiry id={opened} role={role} /> : null}
      <InquiryList key={String(tab)} tab={tab} role={role} skip={opened} />
    </Page>
  );
}

function OpenedInquiry({ id, role }: { id: number; role: 'recorder' | 'valuers' }) {
  const query = useQuery(inquiryDetailOptions(id));
  if (!query.data) return null;
  return (
    <div className="inquiry-list inquiry-list--opened">
      <InquiryCard inquiry={query.data} role={role} highlighted />
    </div>
  );
}

function InquiryList({ tab, role, skip }: { tab: InquiryTab; role: 'recorder' | 'valuers'; skip: number | null }) {
  const { t } = useTranslation('inquiry');
  const query = useInfiniteQuery(inquiryListOptions(tab));
  if (query.isPending) return <LoadingRows />;
  if (query.isError && !query.data) return <LoadError onRetry={() => query.refetch()} />;
  const items = query.data.pages.flatMap((page) => page.items).filter((inquiry) => inquiry.id !== skip);

  // The opened inquiry alone is not "no inquiries".
  const onlyOpened = items.length === 0 && skip !== null && query.data.pages[0]?.total === 1;
  return (
    <PullToRefresh onRefresh={() => query.refetch()}>
      {onlyOpened ? null : items.length === 0 ? (
        <EmptyState
          title={t('empty')}
          description={role === 'recorder' ? t('emptyRecorderHint') : t('emptyValuerHint')}
        />
      ) : (
        <>
          <ul className="inquiry-list">
            {items.map((inquiry) => (
              <li key={inquiry.id}>
                <InquiryCard inquiry={inquiry} role={role} />
              </li>
            ))}
          </ul>
          <InfiniteFooter query={query} />
        </>
      )}
    </PullToRefresh>
  );
}
