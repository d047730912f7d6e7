import { DownFill } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Picker } from '../lib/antd-mobile.ts';

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
  const chosen = choices.find((choice) => choice.value === value);
  const all = allLabel === undefined ? t('common:all') : allLabel;
  const columns = [[...(all === null ? [] : [{ label: all, value: ALL }]), ...choices]];
  const active = chosen !== undefined && all !== null;

  return (
    <>
      <button
        type="button"
        className={active ? 'choice-chip choice-chip--active' : 'choice-chip'}
        aria-label={`${label}: ${chosen?.label ?? all ?? ''}`}
        onClick={() => setOpen(true)}
      >
        <span className="choice-chip__text">{chosen?.label ?? label}</span>
        <DownFill aria-hidden fontSize={10} />
      </button>
      <Picker
        title={label}
        columns={columns}
        visible={open}
        value={[chosen ? chosen.value : (columns[0]?.[0]?.value ?? ALL)]}
        onClose={() => setOpen(false)}
        onConfirm={([picked]) => onChange(picked && picked !== ALL ? String(picked) : null)}
        confirmText={t('common:confirm')}
        cancelText={t('common:cancel')}
      />
    </>
  );
}
