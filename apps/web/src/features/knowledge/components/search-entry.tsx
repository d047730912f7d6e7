import { paths } from '@jewel/contract/values/web-paths';
import { SearchOutline } from 'antd-mobile-icons';
import { Link } from '../../../components/link.tsx';
import { useTranslation } from '../../../lib/use-translation.ts';

/** Looks like a search box; opens the search page, where typing happens. */
export function SearchEntry() {
  const { t } = useTranslation('knowledge');
  return (
    <Link to={paths.knowSearch} className="knowledge-search-entry">
      <SearchOutline aria-hidden="true" />
      {/* Named by what it does, not by the look of a search box (no aria-label over other visible text). */}
      <span aria-hidden="true">{t('search.placeholder')}</span>
      <span className="sr-only">{t('search.open')}</span>
    </Link>
  );
}
