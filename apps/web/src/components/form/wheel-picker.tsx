import 'antd-mobile/es/components/picker/picker.css';
import { type KeyboardEvent, useId, useMemo, useRef, useState } from 'react';
import { SafeArea } from '../../lib/antd-mobile.ts';
import { PickerView, Popup } from '../../lib/antd-mobile-motion.ts';
import { useHeldFocus } from '../../lib/hold-focus.ts';
import { useTranslation } from '../../lib/use-translation.ts';
import type { PickOption } from './picker-field.tsx';
import './form.css';

type Value = number | string;

interface WheelPickerProps {
  visible: boolean;
  /** The field's name: the popup's title. */
  title: string;
  options: PickOption[];
  /** Shown first; the first option when none. */
  value: Value | null;
  onConfirm: (value: Value) => void;
  onClose: () => void;
}

/**
 * antd-mobile's Picker (one wheel, its look and class names) as a dialog for the keyboard too:
 * named by its title, its buttons real buttons, the wheel a spin button (arrows, Home, End,
 * Page Up and Down), Tab kept inside, Escape cancels, and the focus back on the opener after.
 */
export function WheelPicker(props: WheelPickerProps) {
  useHeldFocus(props.visible, props.onClose);
  return (
    <Popup
      visible={props.visible}
      onMaskClick={props.onClose}
      onClose={props.onClose}
      className="adm-picker-popup"
      destroyOnClose
    >
      <Wheel {...props} />
      <SafeArea position="bottom" />
    </Popup>
  );
}

/** The popup's content, made again at each opening: it starts from the field's value. */
function Wheel({ title, options, value, onConfirm, onClose }: WheelPickerProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const [current, setCurrent] = useState<Value | undefined>(value ?? options[0]?.value);
  const indexOf = (at: Value | undefined) =>
    Math.max(
      0,
      options.findIndex((option) => String(option.value) === String(at)),
    );
  const index = indexOf(current);
  // One array while the value stays: the wheel tells of a change only when it is a new one.
  const wheelValue = useMemo(() => [current ?? null], [current]);
  const steps: Record<string, number> = {
    ArrowUp: -1,
    ArrowDown: 1,
    PageUp: -5,
    PageDown: 5,
    Home: -options.length,
    End: options.length,
  };
  /*
   * Values the keys stepped through since the wheel was last touched. antd's PickerView tells of
   * its inner value in a debounced effect, which can run before that inner value has caught up
   * with the one it was given: on a slow machine it then reports a value the keys already left,
   * and taking it would undo the last steps (a CI run ended on "Used" after three presses from
   * "New"). A touch makes every value the user's again.
   */
  const keyed = useRef(new Set<Value>());
  const onKeyDown = (event: KeyboardEvent) => {
    const step = steps[event.key];
    if (step === undefined) return;
    event.preventDefault();
    setCurrent((before) => {
      const next = options[Math.min(options.length - 1, Math.max(0, indexOf(before) + step))]?.value;
      if (next !== undefined) keyed.current.add(next);
      return next;
    });
  };
  const onWheel = (picked: Value | undefined) => {
    if (picked !== undefined && keyed.current.has(picked)) return;
    setCurrent(picked);
  };

  return (
    <div className="adm-picker wheel-picker" role="dialog" aria-modal="true" aria-labelledby={titleId}>
      <div className="adm-picker-header">
        <button type="button" className="adm-picker-header-button" onClick={onClose}>
          {t('common:cancel')}
        </button>
        <h2 className="adm-picker-header-title" id={titleId}>
          {title}
        </h2>
        <button
          type="button"
          className="adm-picker-header-button"
          onClick={() => {
            if (current !== undefined) onConfirm(current);
            onClose();
          }}
        >
          {t('common:confirm')}
        </button>
      </div>
      <div
        className="adm-picker-body"
        role="spinbutton"
        tabIndex={0}
        data-autofocus
        aria-labelledby={titleId}
        aria-valuemin={1}
        aria-valuemax={options.length}
        aria-valuenow={index + 1}
        aria-valuetext={options[index]?.label}
        onKeyDown={onKeyDown}
      >
        {/* The spin button says it all: the wheel's own labels for screen readers are not in the page's language. */}
        <div
          className="wheel-picker__wheel"
          aria-hidden="true"
          onPointerDown={() => keyed.current.clear()}
          onTouchStart={() => keyed.current.clear()}
        >
          <PickerView columns={[options]} value={wheelValue} onChange={([picked]) => onWheel(picked ?? undefined)} />
        </div>
      </div>
    </div>
  );
}
