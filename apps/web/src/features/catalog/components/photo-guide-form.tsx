import {
  MAX_SHOTS_PER_CATEGORY,
  outlinePath,
  PHOTO_OUTLINES,
  PHOTO_SECTIONS,
  type PhotoOutline,
  type PhotoSection,
} from '@jewel/contract/values/photo-guide';
import { AddOutline, DeleteOutline, DownOutline, LeftOutline, UpOutline } from 'antd-mobile-icons';
import { useEffect, useRef } from 'react';
import { errorDomId, Field, fieldDomId, invalidProps } from '../../../components/form/field.tsx';
import { PickerField } from '../../../components/form/picker-field.tsx';
import { refusalAtField, useForm } from '../../../components/form/use-form.ts';
import { Button } from '../../../lib/antd-mobile.ts';
import { Input } from '../../../lib/input.ts';
import { successToast } from '../../../lib/toast.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useSavePhotoGuide } from '../api/catalog-queries.ts';
import {
  emptyShot,
  type GuideValues,
  guideProblems,
  moved,
  type ShotValues,
  toPhotoGuide,
} from '../photo-guide-model.ts';
import { NamesFields } from './names-fields.tsx';

/**
 * A category's photo guide (issue 28 item 5): the shots the register page asks for, in order,
 * each with its code, its name in every language, the outline drawn on its empty tile and the
 * photo section it takes. Saved whole, as photo-guides.csv replaces a category's list.
 */
export function PhotoGuideForm({
  categoryId,
  categoryName,
  initial,
  onBack,
}: {
  categoryId: number;
  categoryName: string;
  initial: GuideValues;
  onBack: () => void;
}) {
  const { t } = useTranslation('catalog');
  const save = useSavePhotoGuide(categoryId);
  const { values, set, errors, handleSubmit } = useForm({
    initial,
    check: (entered: GuideValues) =>
      Object.fromEntries(
        Object.entries(guideProblems(entered)).map(([field, problem]) => [
          field,
          problem === 'name'
            ? t('errors:cannotBeEmpty')
            : t(`guide.problems.${problem}`, { max: MAX_SHOTS_PER_CATEGORY }),
        ]),
      ),
    refusal: refusalAtField,
  });
  const { shots } = values;
  // Opened in the category's place: the reader starts at its title.
  const title = useRef<HTMLHeadingElement>(null);
  useEffect(() => title.current?.focus(), []);
  /** A shot added, removed or moved: every error's place changes, so they all go. */
  const reshape = (next: ShotValues[]) => set('shots', next, ...Object.keys(errors));
  const change = (index: number, patch: Partial<ShotValues>, field: string) =>
    set(
      'shots',
      shots.map((shot, at) => (at === index ? { ...shot, ...patch } : shot)),
      `shots.${index}.${field}`,
    );

  const submit = handleSubmit(async (entered) => {
    await save.mutateAsync(toPhotoGuide(entered));
    successToast(t('guide.saved'));
    onBack();
  });

  const outlines = PHOTO_OUTLINES.map((outline) => ({ value: outline, label: t(`guide.outlines.${outline}`) }));
  const sections = PHOTO_SECTIONS.map((section) => ({ value: section, label: t(`guide.coversOf.${section}`) }));

  return (
    <form
      className="form-boxed product-form photo-guide-form"
      noValidate
      onSubmit={(event) => {
        void submit(event);
      }}
    >
      <Button className="photo-guide-form__back" fill="none" size="small" onClick={onBack}>
        <LeftOutline aria-hidden /> {t('guide.back')}
      </Button>
      <h3 className="photo-guide-form__title" ref={title} tabIndex={-1}>
        {t('guide.title', { name: categoryName })}
      </h3>
      <p className="photo-guide-form__hint">{t('guide.hint')}</p>
      {shots.length === 0 ? <p className="photo-guide-form__none">{t('guide.none')}</p> : null}
      {shots.map((shot, index) => {
        const at = (field: string) => `shots.${index}.${field}`;
        const number = index + 1;
        return (
          <fieldset key={shot.key} className="photo-guide-shot" data-shot={index}>
            <legend className="photo-guide-shot__legend">
              <span
                className="photo-guide-shot__outline"
                aria-hidden
                style={{ maskImage: `url(${outlinePath(shot.outline)})` }}
              />
              {t('guide.shot', { index: number })}
            </legend>
            <Field
              name={at('code')}
              label={t('guide.code')}
              required
              error={errors[at('code')]}
              htmlFor={fieldDomId(at('code'))}
              hint={t('guide.codeHint')}
            >
              <Input
                id={fieldDomId(at('code'))}
                value={shot.code}
                maxLength={40}
                placeholder={t('guide.codePlaceholder')}
                autoComplete="off"
                autoCapitalize="off"
                onChange={(code) => change(index, { code }, 'code')}
                {...invalidProps(at('code'), errors[at('code')])}
              />
            </Field>
            <NamesFields
              path={at('name')}
              names={shot.name}
              required
              errors={errors}
              onChange={(name, lang) => change(index, { name }, `name.${lang}`)}
            />
            <Field
              name={at('outline')}
              label={t('guide.outline')}
              error={errors[at('outline')]}
              htmlFor={fieldDomId(at('outline'))}
            >
              <PickerField<PhotoOutline>
                id={fieldDomId(at('outline'))}
                errorId={errorDomId(at('outline'))}
                label={t('guide.outline')}
                searchable
                value={shot.outline}
                options={outlines}
                onChange={(outline) => change(index, { outline: outline ?? 'generic' }, 'outline')}
              />
            </Field>
            <Field
              name={at('covers')}
              label={t('guide.covers')}
              error={errors[at('covers')]}
              htmlFor={fieldDomId(at('covers'))}
            >
              <PickerField<PhotoSection>
                id={fieldDomId(at('covers'))}
                errorId={errorDomId(at('covers'))}
                label={t('guide.covers')}
                value={shot.covers}
                options={sections}
                noneLabel={t('guide.coversNone')}
                onChange={(covers) => change(index, { covers }, 'covers')}
              />
            </Field>
            <div className="photo-guide-shot__moves">
              <Button
                size="small"
                fill="none"
                aria-label={t('guide.moveUp', { index: number })}
                disabled={index === 0}
                onClick={() => reshape(moved(shots, index, index - 1))}
              >
                <UpOutline aria-hidden />
              </Button>
              <Button
                size="small"
                fill="none"
                aria-label={t('guide.moveDown', { index: number })}
                disabled={index === shots.length - 1}
                onClick={() => reshape(moved(shots, index, index + 1))}
              >
                <DownOutline aria-hidden />
              </Button>
              <Button
                size="small"
                fill="none"
                color="danger"
                aria-label={t('guide.remove', { index: number })}
                onClick={() => reshape(shots.filter((_, at) => at !== index))}
              >
                <DeleteOutline aria-hidden />
              </Button>
            </div>
          </fieldset>
        );
      })}
      {errors.shots ? (
        <p className="photo-guide-form__error" role="alert">
          {errors.shots}
        </p>
      ) : null}
      <Button
        block
        fill="outline"
        disabled={shots.length >= MAX_SHOTS_PER_CATEGORY}
        onClick={() => reshape([...shots, emptyShot()])}
      >
        <AddOutline aria-hidden /> {t('guide.add')}
      </Button>
      <div className="product-form__actions">
        <Button type="submit" color="primary" size="large" loading={save.isPending}>
          {t('guide.save')}
        </Button>
      </div>
    </form>
  );
}
