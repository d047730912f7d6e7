import type { ShopChange } from '@jewel/contract/shop';
import { formatDateTime, formatList, formatMoney, formatRelative } from '../../../lib/format.ts';
import type { TFunction } from '../../../lib/i18n.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { zoneName } from './shop-fields.tsx';

/** The shop's rules (shop-rules.tsx): their own names, and null for the server's default. */
const RULE_FIELDS: readonly ShopChange['field'][] = [
  'identity_check',
  'retention_months',
  'watch_ack_single_person',
  'managers_strong_sign_in',
];

/** The logo and the seal: stored images, whose paths mean nothing to a reader. */
const IMAGE_FIELDS: readonly ShopChange['field'][] = ['logo', 'seal'];

function fieldLabel(t: TFunction, field: ShopChange['field']): string {
  if (IMAGE_FIELDS.includes(field)) return t(`images.${field}`);
  return RULE_FIELDS.includes(field) ? t(`rules.fields.${field}`) : t(`setup:fields.shop_${field}`);
}

/** The identity check as the log writes it (`always`, `above:CNY=5000,JPY=100000`), in words. */
function identityCheckShown(t: TFunction, value: string): string {
  if (value === 'always') return t('rules.values.always');
  const amounts = value
    .replace(/^above:/, '')
    .split(',')
    .filter(Boolean)
    .map((pair) => {
      const [currency = '', amount = ''] = pair.split('=');
      return formatMoney(Number(amount), currency);
    });
  return amounts.length > 0 ? t('rules.values.from', { amounts: formatList(amounts) }) : t('rules.values.always');
}

/** A value as the change log wrote it, in words: languages by name, a time zone by its place, a rule as said. */
function shown(t: TFunction, field: ShopChange['field'], value: string | null): string {
  if ((value === null || value === '') && RULE_FIELDS.includes(field)) return t('rules.values.default');
  if (value === null || value === '') return t('changes.none');
  if (IMAGE_FIELDS.includes(field)) return t('changes.image');
  if (field === 'identity_check') return identityCheckShown(t, value);
  if (field === 'retention_months') return t('rules.values.months', { count: Number(value) });
  if (field === 'watch_ack_single_person')
    return value === 'true' ? t('rules.values.ackAlone') : t('rules.values.ackTwo');
  if (field === 'managers_strong_sign_in')
    return value === 'true' ? t('rules.values.strongSignIn') : t('rules.values.anySignIn');
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
                <span className="shop-change__field">{fieldLabel(t, change.field)}</span>
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
