import { CheckOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useTranslation } from '../lib/use-translation.ts';
import { Sheet } from './sheet.tsx';
import './choice-sheet.css';

/**
 * One choice of a choice sheet: what it says, whether it can be taken now, whether it is the one
 * in force (marked, and named so by `currentLabel`), and what it does.
 */
export type Choice = { key: string; label: ReactNode; disabled?: boolean; current?: boolean; onChoose: () => void };

/**
 * A few choices and a cancel, as antd-mobile's action sheet looks, but a named dialog of real
 * buttons (its choices are `<a>` without href, which Tab never reaches): Escape or cancel closes
 * it, a choice closes it and then acts, and the focus goes back to the control that opened it.
 */
export function ChoiceSheet({
  open,
  onClose,
  title,
  choices,
  currentLabel,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  choices: Choice[];
  /** What the mark of the current choice says to a screen reader. */
  currentLabel?: string;
}) {
  const { t } = useTranslation();
  return (
    <Sheet open={open} onClose={onClose} title={title} className="choice-sheet" cancelled>
      <ul className="choice-sheet__list">
        {choices.map((choice) => (
          <li key={choice.key}>
            <button
              type="button"
              className="choice-sheet__choice"
              disabled={choice.disabled}
              aria-current={choice.current ? 'true' : undefined}
              onClick={() => {
                onClose();
                choice.onChoose();
              }}
            >
              {choice.label}
              {choice.current ? <CheckOutline className="choice-sheet__check" aria-label={currentLabel} /> : null}
            </button>
          </li>
        ))}
      </ul>
      <button type="button" className="choice-sheet__choice choice-sheet__cancel" onClick={onClose}>
        {t('cancel')}
      </button>
    </Sheet>
  );
}
