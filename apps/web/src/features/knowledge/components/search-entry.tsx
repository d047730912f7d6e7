import { paths } from '@jewel/contract/values/web-paths';
import { SearchOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** Looks like a search box; opens the search page, where typing happens. */
export function SearchEntry() {
  const { t } = useTranslation('knowledge');
  return (
    <Link to={paths.knowSearch} className="knowledge-search-entry" aria-label={t('search.open')}>
      <SearchOutline aria-hidden="true" />
      <span>{t('search.placeholder')}</span>
    </Link>
  );
}
