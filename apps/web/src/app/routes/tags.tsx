import type { CommodityListItem } from '@jewel/contract/commodity';
import { COMMODITY_LIST_TABS, type CommodityListTab } from '@jewel/contract/values/commodity-status';
import { parseIds } from '@jewel/contract/values/ids';
import { seesCustomerWhole } from '@jewel/contract/values/personal-data';
import { TAG_SHEET_MAX } from '@jewel/contract/values/tag';
import { paths, withQuery } from '@jewel/contract/values/web-paths';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Page } from '../../components/page.tsx';
import { EmptyState } from '../../components/state-views.tsx';
import { commodityListOptions, type ListScope } from '../../features/commodity/api/commodity-queries.ts';
import { CommodityListView } from '../../features/commodity/components/commodity-list-view.tsx';
import { ListToolbar } from '../../features/commodity/components/list-toolbar.tsx';
import { LabelSettings } from '../../features/tag/components/label-settings.tsx';
import { PrintBar } from '../../features/tag/components/print-bar.tsx';
import { StaffOnly, useIsStaff } from '../../features/tag/components/staff-only.tsx';
import { useTranslation } from '../../lib/use-translation.ts';
import { useAuthStore } from '../../stores/auth-store.ts';

const TABS = Object.keys(COMMODITY_LIST_TABS) as CommodityListTab[];

/**
 * Printing item tags (issue 14): pick items from the commodity list (its search and tabs), then
 * print their labels as one PDF sheet. Staff only; `?ids=` comes preselected.
 */
export default function TagsRoute() {
  const staff = useIsStaff();
  const [search] = useSearchParams();
  const [selected, setSelected] = useState<ReadonlySet<number>>(
    () => new Set(parseIds(search.get('ids'), TAG_SHEET_MAX)),
  );
  return (
    <Page footer={staff ? <PrintBar ids={[...selected]} onClear={() => setSelected(new Set())} /> : undefined}>
      <StaffOnly>
        <Picker selected={selected} onChange={setSelected} />
      </StaffOnly>
    </Page>
  );
}

function Picker({
  selected,
  onChange,
}: {
  selected: ReadonlySet<number>;
  onChange: (next: ReadonlySet<number>) => void;
}) {
  const { t } = useTranslation('tag');
  const user = useAuthStore((state) => state.user);
  const [tab, setTab] = useState<CommodityListTab>('all');
  const [scope, setScope] = useState<ListScope>('all');
  const [keyword, setKeyword] = useState('');
  const query = useInfiniteQuery(commodityListOptions({ tab, scope, keyword }));
  const toggle = (item: CommodityListItem) => {
    const next = new Set(selected);
    if (next.has(item.id)) next.delete(item.id);
    else next.add(item.id);
    onChange(next);
  };
  return (
    <>
      <p className="tag-intro">{t('tags.intro')}</p>
      <LabelSettings />
      <ListToolbar
        tab={tab}
        tabs={TABS}
        onTab={setTab}
        scope={scope}
        onScope={setScope}
        keyword={keyword}
        onKeyword={setKeyword}
        searchesPhone={user ? seesCustomerWhole(user.role_code) : false}
      />
      <CommodityListView
        query={query}
        hrefOf={(item) => withQuery(paths.commodityDetail, { id: item.id })}
        empty={<EmptyState title={t('tags.empty')} description={t('tags.emptyHint')} />}
        selectable={() => true}
        selected={selected}
        onToggle={toggle}
      />
    </>
  );
}
