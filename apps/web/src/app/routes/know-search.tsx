import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Page } from '../../components/page.tsx';
import { ArticleList } from '../../features/knowledge/components/article-list.tsx';
import { KnowledgeGate } from '../../features/knowledge/components/knowledge-gate.tsx';
import { RecentSearches } from '../../features/knowledge/components/recent-searches.tsx';
import { useRecentSearches } from '../../features/knowledge/recent-searches.ts';
import { SearchBar } from '../../lib/antd-mobile.ts';
import { useTranslation } from '../../lib/use-translation.ts';
import '../../features/knowledge/knowledge.css';

/**
 * Knowledge search: the keyword lives in the URL (coming back from an article keeps the results);
 * without one, the recent searches of this device.
 */
export default function KnowSearchRoute() {
  const { t } = useTranslation('knowledge');
  const [search, setSearch] = useSearchParams();
  const keyword = (search.get('keyword') ?? '').trim();
  const [text, setText] = useState(keyword);
  const remember = useRecentSearches((state) => state.remember);

  useEffect(() => setText(keyword), [keyword]);

  const submit = (value: string) => {
    const word = value.trim();
    if (!word) return;
    remember(word);
    setSearch({ keyword: word }, { replace: true });
  };
  const clear = () => {
    setText('');
    setSearch({}, { replace: true });
  };

  return (
    <Page>
      <KnowledgeGate>
        <search className="knowledge-search">
          <SearchBar
            value={text}
            onChange={(value) => (value === '' ? clear() : setText(value))}
            onSearch={submit}
            onClear={clear}
            placeholder={t('search.placeholder')}
            autoFocus={!keyword}
          />
          <button type="button" className="knowledge-search__submit" onClick={() => submit(text)}>
            {t('search.submit')}
          </button>
        </search>
        {keyword ? (
          <ArticleList filter={{ categoryId: null, keyword }} />
        ) : (
          <RecentSearches
            onPick={(word) => {
              setText(word);
              submit(word);
            }}
          />
        )}
      </KnowledgeGate>
    </Page>
  );
}
