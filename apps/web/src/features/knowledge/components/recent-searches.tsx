import { DeleteOutline } from 'antd-mobile-icons';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useRecentSearches } from '../recent-searches.ts';

/** The searches made on this device, newest first; tapping one searches again. */
export function RecentSearches({ onPick }: { onPick(keyword: string): void }) {
  const { t } = useTranslation('knowledge');
  const keywords = useRecentSearches((state) => state.keywords);
  const clear = useRecentSearches((state) => state.clear);
  if (keywords.length === 0) return <p className="muted knowledge-recent__none">{t('search.noRecent')}</p>;
  return (
    <section className="knowledge-recent" aria-labelledby="knowledge-recent-title">
      <div className="knowledge-recent__head">
        <h2 id="knowledge-recent-title" className="knowledge-recent__title">
          {t('search.recent')}
        </h2>
        <button type="button" className="link-button knowledge-recent__clear" onClick={clear}>
          <DeleteOutline aria-hidden="true" />
          <span>{t('search.clearRecent')}</span>
        </button>
      </div>
      <ul className="knowledge-recent__list">
        {keywords.map((keyword) => (
          <li key={keyword}>
            <button type="button" className="knowledge-recent__chip" onClick={() => onPick(keyword)}>
              {keyword}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
