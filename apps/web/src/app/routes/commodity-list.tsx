import type { CommodityListItem } from '@jewel/contract/commodity';
import { parseIds } from '@jewel/contract/values/ids';
import { seesCustomerWhole } from '@jewel/contract/values/personal-data';
import { TAG_SHEET_MAX } from '@jewel/contract/values/tag';
import { paths, withQuery } from '@jewel/contract/values/web-paths';
import { useInfiniteQuery } from '@tanstack/react-query';
import { AddOutline, CloseOutline, TagOutline } from 'antd-mobile-icons';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { DataAge } from '../../components/data-age.tsx';
import { Link } from '../../components/link.tsx';
import { Page } from '../../components/page.tsx';
import {
  COMMODITY_LIST_TAB_ORDER,
  commodityListFilters,
  commodityListOptions,
} from '../../features/commodity/api/commodity-queries.ts';
import { isDistributable } from '../../features/commodity/commodity-rules.ts';
import { CommodityListView } from '../../features/commodity/components/commodity-list-view.tsx';
import { ListEmpty } from '../../features/commodity/components/list-empty.tsx';
import { ListToolbar } from '../../features/commodity/components/list-toolbar.tsx';
import { Button } from '../../lib/antd-mobile.ts';
import { useTranslation } from '../../lib/use-translation.ts';
import { useAuthStore } from '../../stores/auth-store.ts';
import '../../features/commodity/list-page.css';

/** After several items were registered together: how many, their tags to print, and a close. */
function RegisteredNotice({ ids, onClose }: { ids: number[]; onClose: () => void }) {
  const { t } = useTranslation('commodity');
  return (
    <div className="commodity-registered" role="status">
      <span className="commodity-registered__text">{t('list.registered', { count: ids.length })}</span>
      <Link className="commodity-registered__link" to={withQuery(paths.tags, { ids: ids.join(',') })}>
        <TagOutline aria-hidden />
        {t('list.printRegistered', { count: ids.length })}
      </Link>
      <button type="button" className="commodity-registered__close" aria-label={t('common:close')} onClick={onClose}>
        <CloseOutline aria-hidden />
      </button>
    </div>
  );
}

/**
 * The commodity list: status tabs, search by number, product name or customer phone, all or
 * mine; the filters live in the URL so that coming back keeps them. A recorder picks rows
 * waiting for a valuer and distributes them together.
 */
export default function CommodityListRoute() {
  const { t } = useTranslation('commodity');
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const user = useAuthStore((state) => state.user);
  // A manager reading as a recorder (ADR 0104) sees the list, never registers or hands out.
  const recorder = user?.role_code === 'recorder' && user.read_only !== 1;

  const { tab, scope, keyword } = commodityListFilters(search);

  const setFilter = (name: 'tab' | 'scope' | 'keyword' | 'registered', value: string, fallback: string) =>
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === fallback) next.delete(name);
        else next.set(name, value);
        return next;
      },
      { replace: true },
    );

  const query = useInfiniteQuery(commodityListOptions({ tab, scope, keyword }));
  // Items just registered together (`?registered=`): their tags are one tap away.
  const registered = parseIds(search.get('registered'), TAG_SHEET_MAX);

  // Picked rows, by id; a new filter starts afresh.
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  // biome-ignore lint/correctness/useExhaustiveDependencies: the filters are the reason to clear
  useEffect(() => setSelected(new Set()), [tab, scope, keyword]);
  const toggle = (item: CommodityListItem) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(item.id)) next.delete(item.id);
      else next.add(item.id);
      return next;
    });

  // Item tags (issue 14): staff print them; an icon beside "Register", named for screen readers.
  // Rows picked here come along, chosen.
  const printTags =
    user && user.is_tmp !== 1 ? (
      <Link
        to={selected.size ? withQuery(paths.tags, { ids: [...selected].join(',') }) : paths.tags}
        className="commodity-nav-action commodity-nav-action--icon"
        aria-label={t('list.printTags')}
        title={t('list.printTags')}
      >
        <TagOutline aria-hidden />
      </Link>
    ) : null;
  const register = recorder ? (
    <Link to={paths.commodityEnroll} className="commodity-nav-action">
      <AddOutline aria-hidden />
      <span>{t('list.register')}</span>
    </Link>
  ) : null;

  const footer =
    selected.size > 0 ? (
      <div className="commodity-selection-bar">
        <span className="commodity-selection-bar__count">{t('list.selected', { count: selected.size })}</span>
        <button type="button" className="link-button" onClick={() => setSelected(new Set())}>
          {t('list.clearSelection')}
        </button>
        <Button
          color="primary"
          className="commodity-selection-bar__action"
          onClick={() => navigate(withQuery(paths.commodityDistribute, { ids: [...selected].join(',') }))}
        >
          {t('actions.distribute')}
        </Button>
      </div>
    ) : undefined;

  return (
    <Page
      right={
        <>
          {printTags}
          {register}
        </>
      }
      footer={footer}
    >
      <ListToolbar
        tab={tab}
        tabs={COMMODITY_LIST_TAB_ORDER}
        onTab={(next) => setFilter('tab', next, 'all')}
        scope={scope}
        onScope={(next) => setFilter('scope', next, 'all')}
        keyword={keyword}
        onKeyword={(next) => setFilter('keyword', next, '')}
        searchesPhone={user ? seesCustomerWhole(user.role_code) : false}
      />
      {registered.length > 0 && user?.is_tmp !== 1 ? (
        <RegisteredNotice ids={registered} onClose={() => setFilter('registered', '', '')} />
      ) : null}
      <DataAge updatedAt={query.dataUpdatedAt} />
      <CommodityListView
        query={query}
        hrefOf={(item) => withQuery(paths.commodityDetail, { id: item.id })}
        empty={<ListEmpty recorder={recorder} keyword={keyword} filtered={tab !== 'all' || scope !== 'all'} />}
        selectable={recorder ? (item) => isDistributable(item.status) : undefined}
        selected={selected}
        onToggle={toggle}
      />
    </Page>
  );
}
