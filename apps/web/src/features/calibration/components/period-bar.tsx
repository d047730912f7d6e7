import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChoiceChip } from '../../../components/choice-chip.tsx';
import { DateRangeSheet } from '../../../components/date-range-sheet.tsx';
import type { Period } from '../api/calibration-queries.ts';
import { earliestDay, PERIOD_PRESETS, presetOfPeriod, presetPeriod } from '../calibration-period.ts';

const CUSTOM = 'custom';
const RANGE = 'range';

/** The period: a preset (last 30 days, this month, last month, this year) or any days. */
export function PeriodBar({ period, onChange }: { period: Period; onChange: (next: Period) => void }) {
  const { t } = useTranslation('calibration');
  const [open, setOpen] = useState(false);
  const preset = presetOfPeriod(period);
  const choices = [
    ...PERIOD_PRESETS.map((value) => ({ value, label: t(`period.${value}`) })),
    ...(preset ? [] : [{ value: RANGE, label: t('period.chosen') }]),
    { value: CUSTOM, label: t('period.custom') },
  ];
  return (
    <div className="calibration-period">
      <ChoiceChip
        label={t('period.label')}
        choices={choices}
        allLabel={null}
        value={preset ?? RANGE}
        onChange={(value) => {
          if (value === CUSTOM) setOpen(true);
          else if (value && value !== RANGE) onChange(presetPeriod(value as (typeof PERIOD_PRESETS)[number]));
        }}
      />
      <span className="muted figure calibration-period__days">{t('period.range', { ...period })}</span>
      <DateRangeSheet
        open={open}
        title={t('period.label')}
        min={earliestDay()}
        from={period.from}
        to={period.to}
        onClose={() => setOpen(false)}
        onConfirm={onChange}
      />
    </div>
  );
}
