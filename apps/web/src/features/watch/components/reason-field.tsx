import { TEXT_MAX } from '@jewel/contract/values/limits';
import { Field, fieldDomId } from '../../../components/form/field.tsx';
import type { ApiError } from '../../../lib/api-error.ts';
import { TextArea } from '../../../lib/text-area.ts';
import { toast } from '../../../lib/toast.ts';

/** Whether a typed reason is one the server takes: not blank, at most 500 characters once trimmed. */
export const reasonOk = (reason: string) => reason.trim().length > 0 && reason.trim().length <= TEXT_MAX.remark;

/**
 * A refusal of a watch-list form: under the field it names, when it is one of the form's; otherwise
 * (an alert acknowledged meanwhile, too many wrong passwords) the server's words in a toast.
 */
export function refusalOf(error: ApiError, fields: readonly string[]): Record<string, string> {
  const field = (error.data as { field?: unknown } | null)?.field;
  if (typeof field === 'string' && fields.includes(field)) return { [field]: error.message };
  toast(error.message);
  return {};
}

/** The required multi-line reason of an acknowledgement or a withdrawal. */
export function ReasonField({
  id,
  label,
  placeholder,
  value,
  error,
  onChange,
}: {
  id: string;
  label: string;
  placeholder?: string;
  value: string;
  error?: string | undefined;
  onChange: (value: string) => void;
}) {
  return (
    <Field name="reason" label={label} htmlFor={fieldDomId(id)} error={error} required stacked>
      <TextArea
        id={fieldDomId(id)}
        value={value}
        onChange={onChange}
        placeholder={placeholder}
        maxLength={TEXT_MAX.remark}
        autoSize={{ minRows: 3, maxRows: 6 }}
        showCount
      />
    </Field>
  );
}
