import { DownFill } from 'antd-mobile-icons';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from '../lib/use-translation.ts';
import './choice-chip.css';

let wheelCode: Promise<typeof import('./form/wheel-picker.tsx')> | undefined;
const loadWheel = () => {
  wheelCode ??= import('./form/wheel-picker.tsx');
  return wheelCode;
};
// The wheel (antd-mobile's picker and popup) is not part of a page with chips: it loads once the
// page is idle, or at the first tap (docs/decisions.md "Every main page fast on a phone").
const WheelPicker = lazy(() => loadWheel().then((module) => ({ default: module.WheelPicker })));

function useWheelWhenIdle() {
  useEffect(() => {
    if (!('requestIdleCallback' in window)) {
      const timer = setTimeout(loadWheel, 2000);
      return () => clearTimeout(timer);
    }
    const idle = window.requestIdleCallback(() => void loadWheel(), { timeout: 5000 });
    return () => window.cancelIdleCallback(idle);
  }, []);
}

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
  useWheelWhenIdle();
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
          <WheelPicker
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
