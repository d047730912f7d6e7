import { DownFill } from 'antd-mobile-icons';
import { Suspense, useState } from 'react';
import { useTranslation } from '../lib/use-translation.ts';
import { LazyWheelPicker, useWheelPickerWhenIdle } from './form/lazy-wheel-picker.ts';
import './choice-chip.css';

export interface Choice {
  value: string;
  label: string;
}

interface ChoiceChipProps {
  /** What the chip filters ("Brand"): its text while nothing is chosen, and the picker's title. */
  label: string;
  choices: Choice[];
  value: string | null;
  onChange: (value: string | null) => void;
  /** The text of "no choice": "All" by default; null when a choice is always made (the sort). */
  allLabel?: string | null;
}

const ALL = '__all__';

/** One filter as a chip: its name or its choice; a tap opens a wheel with "all" and the choices. */
export function ChoiceChip({ label, choices, value, onChange, allLabel }: ChoiceChipProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  // Made at the first tap: eight closed wheels were a third of the data base's first render.
  const [made, setMade] = useState(false);
  useWheelPickerWhenIdle();
  const chosen = choices.find((choice) => choice.value === value);
  const all = allLabel === undefined ? t('common:all') : allLabel;
  const options = [...(all === null ? [] : [{ label: all, value: ALL }]), ...choices];
  const active = chosen !== undefined && all !== null;

  return (
    <>
      <button
        type="button"
        className={active ? 'choice-chip choice-chip--active' : 'choice-chip'}
        aria-label={`${label}: ${chosen?.label ?? all ?? ''}`}
        aria-haspopup="dialog"
        onClick={() => {
          setMade(true);
          setOpen(true);
        }}
      >
        <span className="choice-chip__text">{chosen?.label ?? label}</span>
        <DownFill aria-hidden fontSize={10} />
      </button>
      {made ? (
        <Suspense fallback={null}>
          <LazyWheelPicker
            visible={open}
            title={label}
            options={options}
            value={chosen?.value ?? null}
            onClose={() => setOpen(false)}
            onConfirm={(picked) => onChange(picked === ALL ? null : String(picked))}
          />
        </Suspense>
      ) : null}
    </>
  );
}
