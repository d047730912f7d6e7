import { useEffect, useState } from 'react';
import { Dialog } from '../lib/dialog.ts';
import { useHeldFocus } from '../lib/hold-focus.ts';
import { Input } from '../lib/input.ts';
import { useTranslation } from '../lib/use-translation.ts';
import { FieldError } from './form/field.tsx';
import { useForm } from './form/use-form.ts';
import './prompt-dialog.css';

export interface PromptDialogProps {
  visible: boolean;
  title: string;
  defaultValue?: string;
  placeholder?: string;
  /** A pattern or a check the input must pass before it is accepted (SPEC.md §5). */
  validate?: RegExp | ((value: string) => boolean);
  /** Shown when the check fails; by default "Please ensure you input correct information". */
  errorText?: string;
  inputMode?: 'text' | 'numeric' | 'decimal' | 'tel';
  /** A password: hidden as typed, offered by the password manager. */
  password?: boolean;
  /** A sentence under the title, saying what the value is for. */
  description?: string;
  onConfirm: (value: string) => void | Promise<void>;
  onCancel: () => void;
  /**
   * Where it renders; in place by default. Opened from a sheet, it goes to the body: the sheet's
   * transform would hold a dialog in place inside it, and the sheet would cover it.
   */
  getContainer?: () => HTMLElement;
}

function passes(validate: PromptDialogProps['validate'], value: string): boolean {
  if (!validate) return true;
  return typeof validate === 'function' ? validate(value) : validate.test(value);
}

/**
 * A dialog that asks for one value, checks it, and ends in confirm or cancel (Escape cancels);
 * Tab stays in it while open, and the focus goes back to the control that opened it.
 */
export function PromptDialog(props: PromptDialogProps) {
  const { t } = useTranslation();
  const { values, set, setValues, errors, setErrors, handleSubmit } = useForm({
    initial: { value: props.defaultValue ?? '' },
    check: ({ value }) => ({
      value: passes(props.validate, value) ? undefined : (props.errorText ?? t('errors:promptDefault')),
    }),
  });
  const [busy, setBusy] = useState(false);
  useHeldFocus(props.visible, props.onCancel);

  useEffect(() => {
    if (props.visible) {
      setValues({ value: props.defaultValue ?? '' });
      setErrors({});
    }
  }, [props.visible, props.defaultValue, setValues, setErrors]);

  const confirm = handleSubmit(async ({ value }) => {
    setBusy(true);
    try {
      await props.onConfirm(value);
    } finally {
      setBusy(false);
    }
  });

  return (
    <Dialog
      visible={props.visible}
      title={props.title}
      content={
        <div className="prompt-dialog">
          {props.description ? <p className="prompt-dialog__description">{props.description}</p> : null}
          <Input
            value={values.value}
            onChange={(next) => set('value', next)}
            placeholder={props.placeholder}
            inputMode={props.inputMode}
            type={props.password ? 'password' : undefined}
            autoComplete={props.password ? 'current-password' : undefined}
            clearable
            aria-label={props.title}
            onEnterPress={() => confirm()}
          />
          <FieldError error={errors.value} />
        </div>
      }
      onClose={props.onCancel}
      getContainer={props.getContainer}
      actions={[
        [
          { key: 'cancel', text: t('common:cancel'), onClick: props.onCancel },
          { key: 'confirm', text: t('common:confirm'), bold: true, disabled: busy, onClick: () => confirm() },
        ],
      ]}
    />
  );
}
