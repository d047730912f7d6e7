import { useState } from 'react';
import { formatDay } from '../lib/format.ts';
import { type Period, type PeriodPreset, presetOfPeriod, presetPeriod } from '../lib/period.ts';
import { useTranslation } from '../lib/use-translation.ts';
import { ChoiceChip } from './choice-chip.tsx';
import { DateRangeSheet } from './date-range-sheet.tsx';
import './period-bar.css';

const CUSTOM = 'custom';
const RANGE = 'range';

interface PeriodBarProps {
  period: Period;
  onChange: (next: Period) => void;
  presets: readonly PeriodPreset[];
  /** The earliest day the custom range offers. */
  earliest: string;
  /** The page's namespace, which holds `period.label`, `.chosen`, `.custom`, `.range` and one text per preset. */
  namespace: string;
}

/** A page's period: one of its presets or any days, with the days it covers written beside. */
export function PeriodBar({ period, onChange, presets, earliest, namespace }: PeriodBarProps) {
  const { t } = useTranslation();
  const text = (key: string) => t(`${namespace}:period.${key}`);
  const [open, setOpen] = useState(false);
  const preset = presetOfPeriod(presets, period);
  const choices = [
    ...presets.map((value) => ({ value, label: text(value) })),
    ...(preset ? [] : [{ value: RANGE, label: text('chosen') }]),
    { value: CUSTOM, label: text('custom') },
  ];
  return (
    <div className="period-bar">
      <ChoiceChip
        label={text('label')}
        choices={choices}
        allLabel={null}
        value={preset ?? RANGE}
        onChange={(value) => {
          if (value === CUSTOM) setOpen(true);
          else if (value && value !== RANGE) onChange(presetPeriod(value as PeriodPreset));
        }}
      />
      <span className="muted figure period-bar__days">
        {t(`${namespace}:period.range`, { from: formatDay(period.from), to: formatDay(period.to) })}
      </span>
      <DateRangeSheet
        open={open}
        title={text('label')}
        min={earliest}
        from={period.from}
        to={period.to}
        onClose={() => setOpen(false)}
        onConfirm={onChange}
      />
    </div>
  );
}
