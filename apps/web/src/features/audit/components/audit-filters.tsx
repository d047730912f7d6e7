import { AUDIT_KINDS, type AuditKind } from '@jewel/contract/values/audit';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ChoiceChip } from '../../../components/choice-chip.tsx';
import { PeriodBar } from '../../../components/period-bar.tsx';
import { Button } from '../../../lib/antd-mobile.ts';
import { Input } from '../../../lib/input.ts';
import { firstDayYearsBack } from '../../../lib/period.ts';
import { staffListOptions } from '../../../lib/staff-list.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { AUDIT_ITEM_MAX, type AuditFilter } from '../audit-filter.ts';

const PRESETS = ['today', 'thisMonth', 'lastMonth', 'thisYear'] as const;

/** The trail's period, kind, person and item number; each change is the page's address. */
export function AuditFilters({ filter, onChange }: { filter: AuditFilter; onChange: (next: AuditFilter) => void }) {
  const { t } = useTranslation('audit');
  const staff = useQuery(staffListOptions());
  const [item, setItem] = useState(filter.item);
  const applyItem = (value: string) => {
    const next = value.trim();
    if (next !== filter.item) onChange({ ...filter, item: next });
  };
  const filtered = filter.kind !== null || filter.person !== null || filter.item !== '';
  return (
    <section className="card audit-filters" aria-label={t('filters.label')}>
      <PeriodBar
        period={filter}
        onChange={(period) => onChange({ ...filter, ...period })}
        presets={PRESETS}
        // The trail goes back as far as the records it reads (the ledger's years).
        earliest={firstDayYearsBack(10)}
        namespace="audit"
      />
      <div className="audit-filters__chips">
        <ChoiceChip
          label={t('filters.kind')}
          choices={AUDIT_KINDS.map((kind) => ({ value: kind, label: t(`kinds.${kind}`) }))}
          value={filter.kind}
          onChange={(kind) => onChange({ ...filter, kind: kind as AuditKind | null })}
        />
        <ChoiceChip
          label={t('filters.person')}
          choices={(staff.data ?? []).map((member) => ({ value: String(member.id), label: member.name }))}
          value={filter.person === null ? null : String(filter.person)}
          onChange={(person) => onChange({ ...filter, person: person === null ? null : Number(person) })}
        />
      </div>
      <form
        className="audit-filters__item"
        onSubmit={(event) => {
          event.preventDefault();
          applyItem(item);
        }}
      >
        <Input
          type="search"
          enterKeyHint="search"
          aria-label={t('filters.item')}
          placeholder={t('filters.itemPlaceholder')}
          maxLength={AUDIT_ITEM_MAX}
          value={item}
          onChange={setItem}
          onBlur={() => applyItem(item)}
          onClear={() => applyItem('')}
          clearable
        />
      </form>
      {filtered ? (
        <Button
          size="small"
          fill="none"
          color="primary"
          className="audit-filters__clear"
          onClick={() => {
            setItem('');
            onChange({ from: filter.from, to: filter.to, kind: null, person: null, item: '' });
          }}
        >
          {t('filters.clear')}
        </Button>
      ) : null}
    </section>
  );
}
