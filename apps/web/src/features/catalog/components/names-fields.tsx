import { PRODUCT_NAME_MAX } from '@jewel/contract/values/catalog-files';
import { type I18nText, LANGS, type Lang } from '@jewel/contract/values/i18n';
import { Field, fieldDomId, invalidProps } from '../../../components/form/field.tsx';
import type { FieldErrors } from '../../../components/form/use-form.ts';
import { Input } from '../../../lib/input.ts';
import { useTranslation } from '../../../lib/use-translation.ts';

/**
 * A name in every language, a field each ("Name in 日本語"): the catalog's categories, materials,
 * workflows, photo-guide shots, brands and products. Each field is `<path>.<lang>`, its error under
 * it; `onChange` answers the names with the one changed, and which language it was.
 */
export function NamesFields({
  path,
  names,
  onChange,
  errors = {},
  required,
  placeholder,
  maxLength = PRODUCT_NAME_MAX,
}: {
  path: string;
  names: I18nText;
  onChange: (names: I18nText, lang: Lang) => void;
  errors?: FieldErrors;
  required?: boolean;
  placeholder?: string;
  maxLength?: number;
}) {
  const { t } = useTranslation('catalog');
  return LANGS.map((lang) => {
    const name = `${path}.${lang}`;
    return (
      <Field
        key={lang}
        name={name}
        label={t('form.nameIn', { language: t(`common:language.${lang}`) })}
        required={required}
        error={errors[name]}
        htmlFor={fieldDomId(name)}
      >
        <Input
          id={fieldDomId(name)}
          value={names[lang]}
          maxLength={maxLength}
          placeholder={placeholder}
          autoComplete="off"
          onChange={(text) => onChange({ ...names, [lang]: text }, lang)}
          {...invalidProps(name, errors[name])}
        />
      </Field>
    );
  });
}
