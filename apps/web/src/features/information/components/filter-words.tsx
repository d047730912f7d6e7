import { useTranslation } from '../../../lib/use-translation.ts';
import type { Filter } from '../information-filter.ts';
import { useLookups } from '../use-lookups.ts';

/** A filter in words, one line per condition ("Brand: Cartier"); "every result" when it has none. */
export function FilterWords({ filter }: { filter: Filter }) {
  const { t } = useTranslation('information');
  const lookups = useLookups();
  const { labelOf } = lookups;
  const lines: [string, string][] = [];
  if (filter.keyword) lines.push([t('filter.keyword'), t('words.contains', { text: filter.keyword })]);
  if (filter.brand_id) lines.push([t('filter.brand'), labelOf(lookups.brands, filter.brand_id)]);
  if (filter.category_id) lines.push([t('filter.category'), labelOf(lookups.categories, filter.category_id)]);
  if (filter.product_id) lines.push([t('filter.product'), `#${filter.product_id}`]);
  if (filter.material_id) lines.push([t('filter.material'), labelOf(lookups.materials, filter.material_id)]);
  if (filter.state_level) lines.push([t('filter.stateLevel'), labelOf(lookups.stateLevels, filter.state_level)]);
  if (filter.is_real) lines.push([t('filter.isReal'), labelOf(lookups.verdicts, filter.is_real)]);
  if (filter.currency) lines.push([t('filter.currency'), labelOf(lookups.currencies, filter.currency)]);
  if (filter.identified_from || filter.identified_to) {
    const text =
      filter.identified_from && filter.identified_to
        ? t('words.between', { from: filter.identified_from, to: filter.identified_to })
        : filter.identified_from
          ? t('words.since', { from: filter.identified_from })
          : t('words.until', { to: filter.identified_to });
    lines.push([t('filter.date'), text]);
  }

  if (lines.length === 0) return <p className="info-words info-words--all">{t('words.all')}</p>;
  return (
    <dl className="info-words">
      {lines.map(([name, value]) => (
        <div key={name} className="info-words__line">
          <dt>{name}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
