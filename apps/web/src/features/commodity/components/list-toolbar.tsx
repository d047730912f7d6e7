import type { CommodityListTab } from '@jewel/contract/values/commodity-status';
import { useEffect, useRef, useState } from 'react';
import { SearchBar } from '../../../lib/antd-mobile.ts';
import { Tabs } from '../../../lib/antd-mobile-motion.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import type { ListScope } from '../api/commodity-queries.ts';
import './list-toolbar.css';

const SEARCH_DEBOUNCE_MS = 350;
const SCOPES: ListScope[] = ['all', 'mine'];

interface ToolbarProps {
  tab: CommodityListTab;
  tabs: readonly CommodityListTab[];
  onTab: (tab: CommodityListTab) => void;
  scope: ListScope;
  onScope: (scope: ListScope) => void;
  keyword: string;
  onKeyword: (keyword: string) => void;
  /** The server matches a customer's phone for recorders only. */
  searchesPhone: boolean;
}

/** Search (debounced), all or mine, and the status tabs; it stays under the navigation bar. */
export function ListToolbar({ tab, tabs, onTab, scope, onScope, keyword, onKeyword, searchesPhone }: ToolbarProps) {
  const { t } = useTranslation('commodity');
  const [text, setText] = useState(keyword);
  const latest = useRef(onKeyword);
  latest.current = onKeyword;

  // The URL changed by itself (back, a link): the box follows.
  useEffect(() => setText((current) => (current.trim() === keyword ? current : keyword)), [keyword]);
  useEffect(() => {
    if (text.trim() === keyword) return;
    const timer = window.setTimeout(() => latest.current(text.trim()), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [text, keyword]);

  return (
    <div className="commodity-toolbar">
      <div className="commodity-toolbar__row">
        <SearchBar
          className="commodity-toolbar__search"
          value={text}
          onChange={setText}
          onSearch={(value) => onKeyword(value.trim())}
          onClear={() => onKeyword('')}
          placeholder={searchesPhone ? t('list.searchPlaceholder') : t('list.searchPlaceholderNoPhone')}
          aria-label={t('list.searchLabel')}
        />
        <fieldset className="commodity-scope">
          <legend className="sr-only">{t('list.scopeLabel')}</legend>
          {SCOPES.map((value) => (
            <button
              key={value}
              type="button"
              className={value === scope ? 'commodity-scope__option is-active' : 'commodity-scope__option'}
              aria-pressed={value === scope}
              onClick={() => onScope(value)}
            >
              {t(`scope.${value}`)}
            </button>
          ))}
        </fieldset>
      </div>
      <Tabs activeKey={tab} onChange={(key) => onTab(key as CommodityListTab)} className="commodity-tabs">
        {tabs.map((name) => (
          <Tabs.Tab key={name} title={t(`tabs.${name}`)} />
        ))}
      </Tabs>
    </div>
  );
}
