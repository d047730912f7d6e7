import { INFORMATION_ORDERS, INFORMATION_SORTS } from '@jewel/contract/values/information';
import { lazy, Suspense, useState } from 'react';
import { ChoiceChip } from '../../../components/choice-chip.tsx';
import { SearchBar } from '../../../lib/antd-mobile.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import {
  DATE_PRESETS,
  type DatePreset,
  type Filter,
  presetOf,
  presetRange,
  type Sorting,
} from '../information-filter.ts';
import { useLookups } from '../use-lookups.ts';

// The custom range's sheet loads when "custom" is first chosen, not with the data base.
const DateRangeSheet = lazy(() =>
  import('../../../components/date-range-sheet.tsx').then((module) => ({ default: module.DateRangeSheet })),
);

interface FilterBarProps {
  filter: Filter;
  sorting: Sorting;
  onFilter: (next: Filter) => void;
  onSorting: (next: Sorting) => void;
}

const CUSTOM = 'custom';
const RANGE = 'range';

/** The product search and one chip per column (brand, category, material, grade, verdict, currency, date) and the sort. */
export function FilterBar({ filter, sorting, onFilter, onSorting }: FilterBarProps) {
  const { t } = useTranslation('information');
  const lookups = useLookups();
  const [rangeOpen, setRangeOpen] = useState(false);
  const [rangeMade, setRangeMade] = useState(false);
  const set = (patch: Partial<Record<keyof Filter, string | number | null>>) => {
    const next: Record<string, unknown> = { ...filter };
    for (const [key, value] of Object.entries(patch)) {
      if (value === null || value === '') delete next[key];
      else next[key] = value;
    }
    onFilter(next as Filter);
  };
  const idChip = (value: number | undefined) => (value === undefined ? null : String(value));
  const toId = (value: string | null) => (value === null ? null : Number(value));

  const preset = presetOf(filter.identified_from, filter.identified_to);
  const hasRange = Boolean(filter.identified_from || filter.identified_to);
  const dateChoices = [
    ...DATE_PRESETS.map((value) => ({ value, label: t(`date.${value}`) })),
    ...(hasRange && !preset
      ? [
          {
            value: RANGE,
            label: t('date.range', { from: filter.identified_from ?? '…', to: filter.identified_to ?? '…' }),
          },
        ]
      : []),
    { value: CUSTOM, label: t('date.custom') },
  ];
  const sortChoices = INFORMATION_SORTS.flatMap((sort) =>
    INFORMATION_ORDERS.map((order) => ({ value: `${sort}:${order}`, label: t(`sort.${sort}_${order}`) })),
  );

  return (
    <div className="info-filters">
      <SearchBar
        className="info-search"
        placeholder={t('filter.searchPlaceholder')}
        defaultValue={filter.keyword ?? ''}
        onSearch={(text) => set({ keyword: text.trim() || null })}
        onClear={() => set({ keyword: null })}
        aria-label={t('filter.keyword')}
      />
      <fieldset className="info-chips" aria-label={t('filter.label')}>
        <ChoiceChip
          label={t('filter.sort')}
          choices={sortChoices}
          allLabel={null}
          value={`${sorting.sort}:${sorting.order}`}
          onChange={(value) => {
            const [sort, order] = (value ?? 'identified_at:desc').split(':') as [Sorting['sort'], Sorting['order']];
            onSorting({ sort, order });
          }}
        />
        <ChoiceChip
          label={t('filter.brand')}
          choices={lookups.brands}
          value={idChip(filter.brand_id)}
          onChange={(value) => set({ brand_id: toId(value) })}
        />
        <ChoiceChip
          label={t('filter.category')}
          choices={lookups.categories}
          value={idChip(filter.category_id)}
          onChange={(value) => set({ category_id: toId(value) })}
        />
        <ChoiceChip
          label={t('filter.material')}
          choices={lookups.materials}
          value={idChip(filter.material_id)}
          onChange={(value) => set({ material_id: toId(value) })}
        />
        <ChoiceChip
          label={t('filter.stateLevel')}
          choices={lookups.stateLevels}
          value={filter.state_level ?? null}
          onChange={(value) => set({ state_level: value })}
        />
        <ChoiceChip
          label={t('filter.isReal')}
          choices={lookups.verdicts}
          value={idChip(filter.is_real)}
          onChange={(value) => set({ is_real: toId(value) })}
        />
        <ChoiceChip
          label={t('filter.currency')}
          choices={lookups.currencies}
          value={filter.currency ?? null}
          onChange={(value) => set({ currency: value })}
        />
        <ChoiceChip
          label={t('filter.date')}
          choices={dateChoices}
          value={preset ?? (hasRange ? RANGE : null)}
          onChange={(value) => {
            if (value === CUSTOM) {
              setRangeMade(true);
              setRangeOpen(true);
            } else if (value === RANGE) return;
            else if (value === null) set({ identified_from: null, identified_to: null });
            else {
              const range = presetRange(value as DatePreset);
              set({ identified_from: range.from, identified_to: range.to });
            }
          }}
        />
      </fieldset>
      {rangeMade ? (
        <Suspense fallback={null}>
          <DateRangeSheet
            open={rangeOpen}
            title={t('filter.date')}
            onClose={() => setRangeOpen(false)}
            from={filter.identified_from}
            to={filter.identified_to}
            onConfirm={(range) => set({ identified_from: range.from, identified_to: range.to })}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
