import { WATCH_SOURCES, type WatchSource } from '@jewel/contract/values/buyback';
import { noticeHasMark, WATCH_TEXT_MAX } from '@jewel/contract/values/watch';
import { Field, fieldDomId } from '../../../components/form/field.tsx';
import { useForm } from '../../../components/form/use-form.ts';
import { Sheet } from '../../../components/sheet.tsx';
import { Button } from '../../../lib/antd-mobile.ts';
import { Input } from '../../../lib/input.ts';
import { Selector } from '../../../lib/selector.tsx';
import { TextArea } from '../../../lib/text-area.ts';
import { successToast } from '../../../lib/toast.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useCreateNotice } from '../api/watch-queries.ts';

type TextField = 'reference' | 'brand' | 'model' | 'serial_no' | 'engraving';
const TEXT_FIELDS: TextField[] = ['reference', 'brand', 'model', 'serial_no', 'engraving'];

const blank = () => ({
  source: 'police' as WatchSource,
  reference: '',
  brand: '',
  model: '',
  serial_no: '',
  engraving: '',
  description: '',
});

/** A notice typed in from a letter or a fax: checked at once against the items not yet bought. */
export function NoticeForm({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('watch');
  const create = useCreateNotice();
  const { values, set, setValues, errors, handleSubmit } = useForm({
    initial: blank,
    check: (v) => ({ serial_no: noticeHasMark(v) ? undefined : t('form.markRequired') }),
  });

  const submit = handleSubmit(async (v) => {
    const answer = await create.mutateAsync(v);
    successToast(answer.matched > 0 ? t('form.addedMatched', { count: answer.matched }) : t('form.added'));
    setValues(blank());
    onClose();
  });

  return (
    <Sheet open={open} onClose={onClose} title={t('form.title')} className="watch-form">
      <form
        className="form-boxed"
        onSubmit={(event) => {
          void submit(event);
        }}
        noValidate
      >
        <Field name="source" label={t('fields.source')} group>
          <Selector
            columns={3}
            value={[values.source]}
            onChange={(next) => next[0] && set('source', next[0])}
            options={WATCH_SOURCES.map((source) => ({ value: source, label: t(`sources.${source}`) }))}
          />
        </Field>
        {TEXT_FIELDS.map((field) => (
          <Field
            key={field}
            name={field}
            label={t(`fields.${field}`)}
            htmlFor={fieldDomId(`watch.${field}`)}
            error={errors[field]}
            stacked
          >
            <Input
              id={fieldDomId(`watch.${field}`)}
              value={values[field]}
              onChange={(next) => set(field, next, 'serial_no')}
              maxLength={WATCH_TEXT_MAX[field]}
              placeholder={t(`form.placeholders.${field}`)}
              autoComplete="off"
              clearable
            />
          </Field>
        ))}
        <p className="muted watch-form__hint">{t('form.hint')}</p>
        <Field name="description" label={t('fields.description')} htmlFor={fieldDomId('watch.description')} stacked>
          <TextArea
            id={fieldDomId('watch.description')}
            value={values.description}
            onChange={(next) => set('description', next)}
            maxLength={WATCH_TEXT_MAX.description}
            placeholder={t('form.placeholders.description')}
            autoSize={{ minRows: 2, maxRows: 4 }}
          />
        </Field>
        <Button block color="primary" size="large" type="submit" loading={create.isPending}>
          {t('form.submit')}
        </Button>
      </form>
    </Sheet>
  );
}
