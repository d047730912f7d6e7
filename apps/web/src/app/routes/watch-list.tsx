import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { InfiniteFooter } from '../../components/infinite-footer.tsx';
import { Page } from '../../components/page.tsx';
import { StaffOnly } from '../../components/staff-only.tsx';
import { EmptyState, LoadError, LoadingRows } from '../../components/state-views.tsx';
import {
  type MatchStatus,
  matchListOptions,
  type NoticeStatus,
  noticeListOptions,
} from '../../features/watch/api/watch-queries.ts';
import { MatchCard } from '../../features/watch/components/match-card.tsx';
import { NoticeCard } from '../../features/watch/components/notice-card.tsx';
import { NoticeForm } from '../../features/watch/components/notice-form.tsx';
import { NoticeImport } from '../../features/watch/components/notice-import.tsx';
import { SearchBar } from '../../lib/antd-mobile.ts';
import { PullToRefresh, Tabs } from '../../lib/antd-mobile-motion.ts';
import { Selector } from '../../lib/selector.tsx';
import { useTranslation } from '../../lib/use-translation.ts';
import { readsOnly, useAuthStore } from '../../stores/auth-store.ts';
import '../../features/watch/watch.css';

const TABS = ['alerts', 'history', 'notices'] as const;
type Tab = (typeof TABS)[number];

/**
 * The stolen-goods watch list (PRODUCT.md): the alerts that block a buyback until a recorder
 * acknowledges them, their history, and the notices, added by hand or imported from CSV.
 */
export default function WatchListRoute() {
  const { t } = useTranslation('watch');
  const [search, setSearch] = useSearchParams();
  const tab: Tab = TABS.find((value) => value === search.get('tab')) ?? 'alerts';
  const [adding, setAdding] = useState(false);
  // A manager reading as a recorder (ADR 0104) reads the list, withdraws and acknowledges nothing.
  const recorder = useAuthStore((state) => state.user?.role_code === 'recorder' && state.user.read_only !== 1);
  const writes = !useAuthStore(readsOnly);

  return (
    <Page
      right={
        <StaffOnly quiet>
          {writes ? (
            <button type="button" className="page-action link-button" onClick={() => setAdding(true)}>
              {t('notices.add')}
            </button>
          ) : null}
        </StaffOnly>
      }
    >
      <StaffOnly title={t('guest.title')} description={t('guest.description')}>
        <Tabs
          activeKey={tab}
          onChange={(key) => setSearch(key === 'alerts' ? {} : { tab: key }, { replace: true })}
          stretch
        >
          {TABS.map((value) => (
            <Tabs.Tab key={value} title={t(`tabs.${value}`)} />
          ))}
        </Tabs>
        {tab === 'notices' ? (
          <Notices canWithdraw={recorder} />
        ) : (
          <Matches key={tab} status={tab === 'alerts' ? 'open' : 'acknowledged'} canAcknowledge={recorder} />
        )}
        <NoticeForm open={adding} onClose={() => setAdding(false)} />
      </StaffOnly>
    </Page>
  );
}

function Matches({ status, canAcknowledge }: { status: MatchStatus; canAcknowledge: boolean }) {
  const { t } = useTranslation('watch');
  const query = useInfiniteQuery(matchListOptions(status));
  if (query.isPending) return <LoadingRows />;
  if (query.isError && !query.data) return <LoadError onRetry={() => query.refetch()} />;
  const items = query.data.pages.flatMap((page) => page.items);
  return (
    <PullToRefresh onRefresh={() => query.refetch()}>
      {items.length === 0 ? (
        <EmptyState
          title={status === 'open' ? t('alerts.empty') : t('alerts.emptyHistory')}
          description={status === 'open' ? t('alerts.emptyHint') : t('alerts.emptyHistoryHint')}
        />
      ) : (
        <>
          <ul className="watch-list">
            {items.map((match) => (
              <li key={match.id}>
                <MatchCard match={match} canAcknowledge={canAcknowledge} />
              </li>
            ))}
          </ul>
          <InfiniteFooter query={query} />
        </>
      )}
    </PullToRefresh>
  );
}

function Notices({ canWithdraw }: { canWithdraw: boolean }) {
  const { t } = useTranslation('watch');
  const [text, setText] = useState('');
  const [keyword, setKeyword] = useState('');
  const [status, setStatus] = useState<NoticeStatus>('active');
  const query = useInfiniteQuery(noticeListOptions(status, keyword));

  let list = <LoadingRows />;
  if (query.isError && !query.data) list = <LoadError onRetry={() => query.refetch()} />;
  else if (query.data) {
    const items = query.data.pages.flatMap((page) => page.items);
    list =
      items.length === 0 ? (
        <EmptyState
          title={keyword ? t('notices.emptySearch') : t('notices.empty')}
          description={keyword ? t('notices.emptySearchHint') : t('notices.emptyHint')}
        />
      ) : (
        <>
          <p className="muted watch-count">{t('notices.count', { count: query.data.pages[0]?.total ?? 0 })}</p>
          <ul className="watch-list">
            {items.map((notice) => (
              <li key={notice.id}>
                <NoticeCard notice={notice} canWithdraw={canWithdraw} />
              </li>
            ))}
          </ul>
          <InfiniteFooter query={query} />
        </>
      );
  }

  return (
    <div className="watch-notices">
      <NoticeImport />
      <div className="watch-toolbar">
        <SearchBar
          value={text}
          onChange={setText}
          onSearch={(value) => setKeyword(value.trim())}
          onClear={() => setKeyword('')}
          placeholder={t('notices.searchPlaceholder')}
          aria-label={t('notices.searchLabel')}
        />
        <Selector
          columns={2}
          value={[status]}
          onChange={(next) => next[0] && setStatus(next[0])}
          options={[
            { value: 'active' as const, label: t('notices.active') },
            { value: 'withdrawn' as const, label: t('notices.withdrawnList') },
          ]}
          aria-label={t('notices.statusLabel')}
        />
      </div>
      <PullToRefresh onRefresh={() => query.refetch()}>{list}</PullToRefresh>
    </div>
  );
}
