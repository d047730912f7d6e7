import type { NamedListKind } from '@jewel/contract/values/catalog-files';
import { Field, fieldDomId, invalidProps } from '../../../components/form/field.tsx';
import { refusalAtField, useForm } from '../../../components/form/use-form.ts';
import { Button } from '../../../lib/antd-mobile.ts';
import { Input } from '../../../lib/input.ts';
import { Switch } from '../../../lib/switch.tsx';
import { successToast } from '../../../lib/toast.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useLanguageStore } from '../../../stores/language-store.ts';
import { useSaveEntry } from '../api/catalog-queries.ts';
import { type EntryValues, entryProblems, toEntryInput } from '../entry-model.ts';
import { NamesFields } from './names-fields.tsx';
import { RetireButton } from './retire-button.tsx';

/**
 * A category's or material's form (issue 28 item 5): its code, its name in every language, a
 * material's purity, and the law's two rules it carries. One in the catalog can be retired (no
 * longer offered for a new item or product) and brought back. `onDone` closes the sheet.
 */
export function EntryForm({
  kind,
  id,
  initial,
  retired,
  onDone,
}: {
  kind: NamedListKind;
  id: number | null;
  initial: EntryValues;
  retired: boolean;
  onDone: () => void;
}) {
  const { t } = useTranslation('catalog');
  const lang = useLanguageStore((state) => state.currentLang);
  const save = useSaveEntry(kind);
  const retire = useSaveEntry(kind);
  const { values, set, errors, handleSubmit } = useForm({
    initial,
    check: (entered: EntryValues) =>
      Object.fromEntries(
        Object.entries(entryProblems(kind, entered)).map(([field, problem]) => [
          field,
          problem === 'name' ? t('errors:cannotBeEmpty') : t(`lists.problems.${problem}`),
        ]),
      ),
    // The server's refusal goes under the field it names (`name.ja` under the Japanese name).
    refusal: refusalAtField,
  });

  const submit = handleSubmit(async (entered) => {
    await save.mutateAsync({ id, body: toEntryInput(kind, entered) });
    successToast(t('form.saved'));
    onDone();
  });

  const flag = (name: 'id_check_any_price' | 'precious') => (
    <Field name={name} label={t(`lists.${name}`)} hint={t(`lists.${name}Hint`)}>
      <Switch checked={values[name]} onChange={(on) => set(name, on)} aria-label={t(`lists.${name}`)} />
    </Field>
  );

  return (
    <form
      className="form-boxed product-form"
      noValidate
      onSubmit={(event) => {
        void submit(event);
      }}
    >
      {retired ? <p className="product-form__retired">{t('retiring.hint')}</p> : null}
      <Field
        name="code"
        label={t('lists.code')}
        required
        error={errors.code}
        htmlFor={fieldDomId('code')}
        hint={t('lists.codeHint')}
      >
        <Input
          id={fieldDomId('code')}
          value={values.code}
          maxLength={60}
          placeholder={t(`lists.${kind}.codePlaceholder`)}
          autoComplete="off"
          autoCapitalize="off"
          onChange={(value) => set('code', value)}
          {...invalidProps('code', errors.code)}
        />
      </Field>
      <NamesFields
        path="name"
        names={values.name}
        required
        errors={errors}
        onChange={(names, lang) => set('name', names, `name.${lang}`)}
      />
      {kind === 'materials' ? (
        <Field
          name="purity"
          label={t('lists.purity')}
          error={errors.purity}
          htmlFor={fieldDomId('purity')}
          hint={t('lists.purityHint')}
        >
          <Input
            id={fieldDomId('purity')}
            value={values.purity}
            inputMode="decimal"
            placeholder="0.750"
            autoComplete="off"
            onChange={(value) => set('purity', value)}
            {...invalidProps('purity', errors.purity)}
          />
        </Field>
      ) : null}
      {flag('id_check_any_price')}
      {flag('precious')}
      <div className="product-form__actions">
        {id === null ? null : (
          <RetireButton
            name={initial.name[lang]}
            retired={retired}
            loading={retire.isPending}
            // As it was entered: what is typed and not saved stays out.
            change={(next) => retire.mutateAsync({ id, body: { ...toEntryInput(kind, initial), retired: next } })}
            onDone={onDone}
          />
        )}
        <Button type="submit" color="primary" size="large" loading={save.isPending}>
          {t('form.save')}
        </Button>
      </div>
    </form>
  );
}
