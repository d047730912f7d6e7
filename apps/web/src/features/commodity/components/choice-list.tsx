import { CheckOutline } from 'antd-mobile-icons';
import { type ReactNode, useId } from 'react';
import './choice-list.css';

export interface Choice<V> {
  value: V;
  label: ReactNode;
  /** A second line or a mark after the label. */
  extra?: ReactNode;
  disabled?: boolean;
}

/** A single choice as tappable rows with a check mark (few options: valuers, workflows, products). */
export function ChoiceList<V extends string | number>({
  label,
  choices,
  value,
  onChange,
}: {
  /** Names the group for assistive technology. */
  label: string;
  choices: Choice<V>[];
  value: V | null;
  onChange: (value: V) => void;
}) {
  const name = useId();
  return (
    <div className="commodity-choices" role="radiogroup" aria-label={label}>
      {choices.map((choice) => {
        const checked = choice.value === value;
        return (
          <label key={choice.value} className={checked ? 'commodity-choice is-checked' : 'commodity-choice'}>
            <input
              type="radio"
              name={name}
              className="sr-only"
              checked={checked}
              disabled={choice.disabled}
              onChange={() => onChange(choice.value)}
            />
            <span className="commodity-choice__label">{choice.label}</span>
            {choice.extra ? <span className="commodity-choice__extra">{choice.extra}</span> : null}
            <span className="commodity-choice__check" aria-hidden>
              {checked ? <CheckOutline /> : null}
            </span>
          </label>
        );
      })}
    </div>
  );
}
