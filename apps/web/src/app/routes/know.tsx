import { parseId } from '@jewel/contract/values/ids';
import { useSearchParams } from 'react-router';
import { Page } from '../../components/page.tsx';
import { ArticleList } from '../../features/knowledge/components/article-list.tsx';
import { CategoryTabs } from '../../features/knowledge/components/category-tabs.tsx';
import { KnowledgeGate } from '../../features/knowledge/components/knowledge-gate.tsx';
import { SearchEntry } from '../../features/knowledge/components/search-entry.tsx';
import '../../features/knowledge/knowledge.css';

/** The knowledge tab: a search entry, the categories, and the articles of the chosen one (kept in the URL). */
export default function KnowRoute() {
  const [search, setSearch] = useSearchParams();
  const categoryId = parseId(search.get('category'));

  return (
    <Page>
      <KnowledgeGate>
        <div className="knowledge-head">
          <SearchEntry />
          <CategoryTabs
            value={categoryId}
            onChange={(id) => setSearch(id === null ? {} : { category: String(id) }, { replace: true })}
          />
        </div>
        <ArticleList filter={{ categoryId, keyword: '' }} />
      </KnowledgeGate>
    </Page>
  );
}
