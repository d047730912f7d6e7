import type { WorkflowInput, WorkflowRecord } from '@jewel/contract/catalog-admin';
import { Field, fieldDomId, invalidProps } from '../../../components/form/field.tsx';
import { refusalAtField, useForm } from '../../../components/form/use-form.ts';
import { Button } from '../../../lib/antd-mobile.ts';
import { Input } from '../../../lib/input.ts';
import { Switch } from '../../../lib/switch.tsx';
import { successToast } from '../../../lib/toast.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useLanguageStore } from '../../../stores/language-store.ts';
import { useSaveWorkflow } from '../api/catalog-queries.ts';
import { codeAndNameProblems, trimmedNames } from '../entry-model.ts';
import { NamesFields } from './names-fields.tsx';
import { RetireButton } from './retire-button.tsx';

const emptyWorkflow = (): WorkflowInput => ({
  code: '',
  name: { 'zh-Hans': '', 'zh-Hant': '', en: '', ja: '' },
  reconsideration: true,
});

const entered = ({ code, name, reconsideration }: WorkflowInput): WorkflowInput => ({
  code: code.trim(),
  name: trimmedNames(name),
  reconsideration,
});

/**
 * An appraisal workflow's form (issue 28 item 5): its code, its name in every language, and
 * whether a second valuer reconsiders. The standard one (what a distribution naming none follows)
 * keeps its code and reconsideration and is never retired: only its names change here.
 */
export default function WorkflowForm({ workflow, onDone }: { workflow: WorkflowRecord | null; onDone: () => void }) {
  const { t } = useTranslation('catalog');
  const lang = useLanguageStore((state) => state.currentLang);
  const save = useSaveWorkflow();
  const retire = useSaveWorkflow();
  const initial = workflow ? entered(workflow) : emptyWorkflow();
  const fixed = workflow?.standard ?? false;
  const { values, set, errors, handleSubmit } = useForm({
    initial,
    check: (typed: WorkflowInput) =>
      Object.fromEntries(
        Object.entries(codeAndNameProblems(typed)).map(([field, problem]) => [
          field,
          problem === 'name' ? t('errors:cannotBeEmpty') : t('lists.problems.code'),
        ]),
      ),
    refusal: refusalAtField,
  });
  const id = workflow?.id ?? null;

  const submit = handleSubmit(async (typed) => {
    await save.mutateAsync({ id, body: entered(typed) });
    successToast(t('form.saved'));
    onDone();
  });

  return (
    <form
      className="form-boxed product-form"
      noValidate
      onSubmit={(event) => {
        void submit(event);
      }}
    >
      {workflow?.retired ? <p className="product-form__retired">{t('workflows.retiredHint')}</p> : null}
      {fixed ? <p className="photo-guide-form__hint">{t('workflows.standardHint')}</p> : null}
      <Field
        name="code"
        label={t('lists.code')}
        required
        error={errors.code}
        htmlFor={fieldDomId('code')}
        hint={fixed ? undefined : t('workflows.codeHint')}
      >
        <Input
          id={fieldDomId('code')}
          value={values.code}
          maxLength={60}
          placeholder={t('workflows.codePlaceholder')}
          autoComplete="off"
          autoCapitalize="off"
          disabled={fixed}
          onChange={(code) => set('code', code)}
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
      <Field name="reconsideration" label={t('workflows.reconsideration')} hint={t('workflows.reconsiderationHint')}>
        <Switch
          checked={values.reconsideration}
          disabled={fixed}
          onChange={(on) => set('reconsideration', on)}
          aria-label={t('workflows.reconsideration')}
        />
      </Field>
      <div className="product-form__actions">
        {id === null || fixed || !workflow ? null : (
          <RetireButton
            name={workflow.name[lang]}
            retired={workflow.retired}
            loading={retire.isPending}
            confirm={t('workflows.retireConfirm', { name: workflow.name[lang] })}
            // As it was entered: what is typed and not saved stays out.
            change={(next) => retire.mutateAsync({ id, body: { ...initial, retired: next } })}
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
