import { PRODUCT_NAME_MAX } from '@jewel/contract/values/catalog-files';
import { AddOutline } from 'antd-mobile-icons';
import { Field, fieldDomId, invalidProps } from '../../../components/form/field.tsx';
import { refusalField, useForm } from '../../../components/form/use-form.ts';
import { Button } from '../../../lib/antd-mobile.ts';
import { Input } from '../../../lib/input.ts';
import { successToast } from '../../../lib/toast.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useSaveBrand } from '../api/catalog-queries.ts';
import { type BrandValues, emptyLines, toBrandInput } from '../brand-model.ts';
import { NamesFields } from './names-fields.tsx';
import { RetireButton } from './retire-button.tsx';

/**
 * A brand's form (issue 28 item 5): the maker's name, its name in each language staff know it by,
 * the other names staff type for it, and its lines, renamed or added; none is removed, since items and products name them. A brand in the
 * catalog can be retired (no longer offered for a new item, inquiry or product) and brought back.
 * `onDone` closes the sheet.
 */
export function BrandForm({
  id,
  initial,
  retired,
  onDone,
}: {
  id: number | null;
  initial: BrandValues;
  retired: boolean;
  onDone: () => void;
}) {
  const { t } = useTranslation('catalog');
  const save = useSaveBrand();
  const retire = useSaveBrand();
  const { values, set, errors, handleSubmit } = useForm({
    initial,
    check: (entered: BrandValues) => ({
      name: entered.name.trim() ? undefined : t('errors:cannotBeEmpty'),
      ...Object.fromEntries(emptyLines(entered).map((index) => [`lines.${index}`, t('brands.lineNeeded')])),
    }),
    // A line's refusal goes under that line; the rest under the field named.
    refusal: (error) => {
      const named = refusalField(error);
      const line = /^lines\.(\d+)/.exec(named?.field ?? '');
      if (named && line) return { [`lines.${line[1]}`]: named.message };
      if (named?.field.startsWith('names.')) return { [named.field]: named.message };
      return named ? { [named.field.split('.')[0] ?? named.field]: named.message } : {};
    },
  });

  const submit = handleSubmit(async (entered) => {
    await save.mutateAsync({ id, body: toBrandInput(entered) });
    successToast(t('form.saved'));
    onDone();
  });
  const setLineRetired = (index: number, retired: boolean) =>
    set(
      'lines',
      values.lines.map((line, at) => (at === index ? { ...line, retired } : line)),
    );
  const setLine = (index: number, name: string) =>
    set(
      'lines',
      values.lines.map((line, at) => (at === index ? { ...line, name } : line)),
      `lines.${index}`,
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
      <Field name="name" label={t('brands.name')} required error={errors.name} htmlFor={fieldDomId('name')}>
        <Input
          id={fieldDomId('name')}
          value={values.name}
          maxLength={PRODUCT_NAME_MAX}
          placeholder={t('brands.namePlaceholder')}
          autoComplete="off"
          onChange={(value) => set('name', value)}
          {...invalidProps('name', errors.name)}
        />
      </Field>
      <fieldset className="brand-lines">
        <legend className="brand-lines__title">{t('brands.names')}</legend>
        <p className="brand-lines__hint muted">{t('brands.namesHint')}</p>
        <NamesFields
          path="names"
          names={values.names}
          errors={errors}
          onChange={(names, lang) => set('names', names, `names.${lang}`)}
        />
      </fieldset>
      <Field
        name="aliases"
        label={t('brands.aliases')}
        error={errors.aliases}
        htmlFor={fieldDomId('aliases')}
        hint={t('brands.aliasesHint')}
      >
        <Input
          id={fieldDomId('aliases')}
          value={values.aliases}
          placeholder={t('brands.aliasesPlaceholder')}
          autoComplete="off"
          onChange={(value) => set('aliases', value)}
          {...invalidProps('aliases', errors.aliases)}
        />
      </Field>
      <fieldset className="brand-lines" aria-describedby="brand-lines-hint">
        <legend className="brand-lines__title">{t('brands.lines')}</legend>
        <p className="muted brand-lines__hint" id="brand-lines-hint">
          {t('brands.linesHint')}
        </p>
        {values.lines.map((line, index) => {
          const name = `lines.${index}`;
          return (
            <Field
              // A new line has no id yet: its place is its key until it is saved.
              key={line.id ?? `new-${index}`}
              name={name}
              label={t('brands.line', { index: index + 1 })}
              error={errors[name]}
              htmlFor={fieldDomId(name)}
              hint={
                line.id === null ? undefined : (
                  <span className="brand-lines__retire">
                    {line.retired ? <span>{t('brands.lineRetired')}</span> : null}
                    <Button
                      size="mini"
                      fill="none"
                      color={line.retired ? 'primary' : 'danger'}
                      aria-label={`${t(line.retired ? 'form.restore' : 'brands.retireLine')} ${line.name}`}
                      onClick={() => setLineRetired(index, !line.retired)}
                    >
                      {t(line.retired ? 'form.restore' : 'brands.retireLine')}
                    </Button>
                  </span>
                )
              }
            >
              <Input
                id={fieldDomId(name)}
                value={line.name}
                maxLength={PRODUCT_NAME_MAX}
                placeholder={t('brands.linePlaceholder')}
                autoComplete="off"
                onChange={(value) => setLine(index, value)}
                {...invalidProps(name, errors[name])}
              />
            </Field>
          );
        })}
        <Button
          type="button"
          size="small"
          fill="outline"
          color="primary"
          onClick={() => set('lines', [...values.lines, { id: null, name: '' }])}
        >
          <AddOutline aria-hidden /> {t('brands.addLine')}
        </Button>
      </fieldset>
      <div className="product-form__actions">
        {id === null ? null : (
          <RetireButton
            name={initial.name}
            retired={retired}
            loading={retire.isPending}
            // As it was entered: what is typed and not saved stays out.
            change={(next) => retire.mutateAsync({ id, body: { ...toBrandInput(initial), retired: next } })}
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
