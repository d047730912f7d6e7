import { type PhotoField as PhotoFieldName, REQUIRED_PHOTOS } from '@jewel/contract/values/commodity';
import type { ReactNode } from 'react';
import { errorDomId, Field, fieldDomId } from '../../../components/form/field.tsx';
import { PhotoUploadField } from '../../../components/photos/photo-upload-field.tsx';
import { useTranslation } from '../../../lib/use-translation.ts';
import type { CommodityDraft, FieldErrors } from '../enroll-model.ts';
import { confirmPhotoQuality } from '../photo-check.tsx';
import { useErrorText } from './use-error-text.ts';

/** What each group of a commodity's fields gets from the commodity form (commodity-fields.tsx). */
export interface FieldGroupProps {
  value: CommodityDraft;
  onChange: (patch: Partial<CommodityDraft>) => void;
  errors: FieldErrors;
  /** The commodity's path in the body: `commodities.0.` when registering, '' when updating. */
  prefix: string;
  disabled?: boolean;
}

/** A field's path in the body (`at`) and its error in words (`error`). */
export function useFieldPaths(prefix: string, errors: FieldErrors) {
  const errorText = useErrorText();
  const at = (field: string) => `${prefix}${field}`;
  const error = (field: string) => errorText(errors[at(field)]);
  return { at, error };
}

/** A picker's choice as an id. */
export const asId = (picked: number | string | null) => (picked === null ? null : Number(picked));

interface PhotoFieldProps extends FieldGroupProps {
  field: PhotoFieldName;
  hint?: string;
  /** Another control than the plain photo list (the category's guided shots). */
  children?: ReactNode;
}

/** One photo field; required as the contract says (REQUIRED_PHOTOS). */
export function PhotoField({ field, hint, children, value, onChange, errors, prefix, disabled }: PhotoFieldProps) {
  const { t } = useTranslation('enroll');
  const { at, error } = useFieldPaths(prefix, errors);
  const required = field in REQUIRED_PHOTOS;
  return (
    <Field name={at(field)} label={t(`fields.${field}`)} required={required} error={error(field)} hint={hint} stacked>
      <div id={fieldDomId(at(field))}>
        {children ?? (
          <PhotoUploadField
            label={t(`fields.${field}`)}
            value={value[field]}
            onChange={(next) => onChange({ [field]: next })}
            invalid={Boolean(errors[at(field)])}
            errorId={errors[at(field)] ? errorDomId(at(field)) : undefined}
            disabled={disabled}
            check={field === 'product_pics' ? confirmPhotoQuality : undefined}
          />
        )}
      </div>
    </Field>
  );
}
