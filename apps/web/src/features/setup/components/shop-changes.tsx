import type { ShopChange } from '@jewel/contract/shop';
import { formatDateTime, formatList, formatRelative } from '../../../lib/format.ts';
import type { TFunction } from '../../../lib/i18n.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { zoneName } from './shop-fields.tsx';

/** A value as the change log wrote it, in words: languages by name, a time zone by its place. */
function shown(t: TFunction, field: ShopChange['field'], value: string | null): string {
  if (value === null || value === '') return t('changes.none');
  if (field === 'languages') return formatList(value.split(/,\s*/).map((code) => t(`common:language.${code}`)));
  if (field === 'time_zone') return zoneName(t, value);
  return value;
}

/** The latest changes to the details, newest first: which field, old → new, who, and when. */
export function ShopChanges({ changes }: { changes: ShopChange[] }) {
  const { t } = useTranslation('shop');
  return (
    <section className="card shop-changes" aria-labelledby="shop-changes">
      <h2 className="card__title" id="shop-changes">
        {t('changes.title')}
      </h2>
      {changes.length === 0 ? (
        <div className="shop-changes__empty">
          <p>{t('changes.empty')}</p>
          <p className="muted">{t('changes.emptyHint')}</p>
        </div>
      ) : (
        <ul className="shop-changes__list">
          {changes.map((change) => (
            // One save logs each field once, at its own instant.
            <li key={`${change.at}-${change.field}`} className="shop-change">
              <div className="shop-change__head">
                <span className="shop-change__field">{t(`setup:fields.shop_${change.field}`)}</span>
                <time className="muted shop-change__when" dateTime={change.at} title={formatDateTime(change.at)}>
                  {formatRelative(change.at)}
                </time>
              </div>
              <p className="shop-change__values">
                <span className="shop-change__old">{shown(t, change.field, change.old)}</span>
                <span aria-hidden="true"> → </span>
                <span className="sr-only"> {t('changes.to')} </span>
                <span className="shop-change__new">{shown(t, change.field, change.new)}</span>
              </p>
              <p className="muted shop-change__by">{t('changes.by', { name: change.by })}</p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
