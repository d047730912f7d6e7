import type { KnowledgeArticle, KnowledgeManagedArticle } from '@jewel/contract/knowledge';
import { LANGS, type Lang } from '@jewel/contract/values/i18n';
import { parseId } from '@jewel/contract/values/ids';
import { KNOWLEDGE_PICTURES, knowledgePicturePath } from '@jewel/contract/values/knowledge-pictures';
import { KNOWLEDGE_MAX } from '@jewel/contract/values/limits';
import { paths, withQuery } from '@jewel/contract/values/web-paths';
import { useQuery } from '@tanstack/react-query';
import { CheckOutline, FileWrongOutline } from 'antd-mobile-icons';
import { type ChangeEvent, useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { errorDomId, Field, FieldError, fieldDomId, invalidProps } from '../../../components/form/field.tsx';
import { PickerField } from '../../../components/form/picker-field.tsx';
import { refusalField, useForm } from '../../../components/form/use-form.ts';
import { ManagersOnly, useIsManager } from '../../../components/managers-only.tsx';
import { Page } from '../../../components/page.tsx';
import { Sheet } from '../../../components/sheet.tsx';
import { LoadError, LoadingRows } from '../../../components/state-views.tsx';
import { StatusView } from '../../../components/status-view.tsx';
import { Button } from '../../../lib/antd-mobile.ts';
import { Dialog } from '../../../lib/dialog.ts';
import { Input } from '../../../lib/input.ts';
import { isApiError, isMissing } from '../../../lib/is-api-error.ts';
import { UPLOAD_MAX_MB, uploadChosenPicture } from '../../../lib/picture-upload.ts';
import { TextArea } from '../../../lib/text-area.ts';
import { successToast } from '../../../lib/toast.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import {
  managedArticleOptions,
  previewBody,
  usePublishArticle,
  useSaveArticle,
} from '../api/knowledge-admin-queries.ts';
import { knowledgeCategoriesOptions } from '../api/knowledge-queries.ts';
import {
  articleInput,
  type EditorValues,
  editorErrors,
  editorFieldOf,
  editorValues,
  languageOfField,
  splitTags,
  type VersionValues,
} from '../article-editor-model.ts';
import { ArticleView } from './article-view.tsx';
import '../knowledge.css';
import '../knowledge-admin.css';

/** The form's id, for its save button in the page footer. */
const FORM_ID = 'article-editor';

/**
 * One knowledge article's editor, for the shop's managers (issue 28 item 6): `?id=` a saved one,
 * none a new one. Anyone else is told whom the page is for.
 */
export function ArticleEditorScreen() {
  const { t } = useTranslation('knowledge-admin');
  const manager = useIsManager();
  const [search] = useSearchParams();
  const id = parseId(search.get('id'));
  const query = useQuery({ ...managedArticleOptions(id ?? 0), enabled: manager && id !== null });
  const only = <ManagersOnly title={t('only.title')} description={t('only.description')} />;
  if (!manager) return <Page>{only}</Page>;
  if (id === null) return <ArticleEditor key="new" saved={null} />;
  if (query.isPending) {
    return (
      <Page>
        <LoadingRows rows={6} />
      </Page>
    );
  }
  if (query.isError && !query.data) {
    if (isApiError(query.error, 'managersOnly')) return <Page>{only}</Page>;
    return (
      <Page>
        {isMissing(query.error) ? (
          <StatusView icon={<FileWrongOutline />} title={t('editor.missing')} description={t('editor.missingHint')} />
        ) : (
          <LoadError onRetry={() => query.refetch()} />
        )}
      </Page>
    );
  }
  return <ArticleEditor key={id} saved={query.data} />;
}

function ArticleEditor({ saved }: { saved: KnowledgeManagedArticle | null }) {
  const { t } = useTranslation('knowledge-admin');
  const navigate = useNavigate();
  const save = useSaveArticle();
  const [lang, setLang] = useState<Lang>(() => LANGS.find((each) => saved?.versions[each]) ?? LANGS[0]);
  const [preview, setPreview] = useState<KnowledgeArticle | null>(null);
  const [previewing, setPreviewing] = useState(false);
  const categories = useQuery(knowledgeCategoriesOptions());
  const { values, set, errors, handleSubmit } = useForm<EditorValues>({
    initial: () => editorValues(saved),
    check: (entered) =>
      editorErrors(entered, saved, { required: t('errors:cannotBeEmpty'), oneLanguage: t('editor.oneLanguage') }),
    refusal: (error) => {
      const named = refusalField(error);
      return named ? { [editorFieldOf(named.field)]: named.message } : {};
    },
  });

  // A problem in a language's texts shows that language (the first such, in the tabs' order).
  const errorLang = Object.keys(errors)
    .map(languageOfField)
    .find((each) => each !== null);
  useEffect(() => {
    if (errorLang) setLang(errorLang);
  }, [errorLang]);

  const submit = handleSubmit(async (entered) => {
    const answer = await save.mutateAsync({ id: saved?.id ?? null, body: articleInput(entered, saved) });
    successToast(t(saved ? 'editor.saved' : 'editor.created'));
    if (!saved) navigate(withQuery(paths.knowledgeEditor, { id: answer.id }), { replace: true });
  });

  const version = values.versions[lang];
  const setVersion = (name: keyof VersionValues, value: string) =>
    set(
      'versions',
      { ...values.versions, [lang]: { ...version, [name]: value } },
      `versions.${lang}.${name}`,
      'versions',
    );

  const showPreview = async () => {
    setPreviewing(true);
    try {
      const { body_html } = await previewBody(version.body_markdown);
      const category = categories.data?.find((each) => each.id === values.category_id);
      const now = new Date().toISOString();
      setPreview({
        id: saved?.id ?? 0,
        title: version.title,
        category: category ?? { id: 0, code: '', name: '' },
        cover: values.cover,
        summary: version.summary,
        tags: splitTags(version.tags),
        language: lang,
        created_at: now,
        updated_at: now,
        body_html,
      });
    } catch {
      // toasted by the API client
    } finally {
      setPreviewing(false);
    }
  };

  const path = (name: keyof VersionValues) => `versions.${lang}.${name}`;
  const languageName = t(`common:language.${lang}`);

  return (
    <Page
      title={t(saved ? 'editor.editTitle' : 'editor.newTitle')}
      footer={
        <Button block color="primary" size="large" type="submit" form={FORM_ID} loading={save.isPending}>
          {t(saved ? 'editor.save' : 'editor.saveNew')}
        </Button>
      }
    >
      <div className="knowledge-editor">
        {saved ? <PublishCard article={saved} title={values.versions[lang].title || t('editor.untitled')} /> : null}
        <form
          id={FORM_ID}
          className="form-boxed knowledge-editor__form"
          noValidate
          onSubmit={(event) => {
            void submit(event);
          }}
        >
          <section className="card" aria-labelledby="knowledge-editor-article">
            <h2 className="card__title" id="knowledge-editor-article">
              {t('editor.article')}
            </h2>
            <Field
              name="category_id"
              label={t('editor.category')}
              required
              error={errors.category_id}
              htmlFor={fieldDomId('category_id')}
            >
              <PickerField
                id={fieldDomId('category_id')}
                label={t('editor.category')}
                value={values.category_id}
                options={(categories.data ?? []).map((category) => ({ value: category.id, label: category.name }))}
                placeholder={t('editor.categoryPlaceholder')}
                loading={categories.isPending}
                failed={categories.isError}
                onRetry={() => categories.refetch()}
                onChange={(value) => set('category_id', value === null ? null : Number(value))}
                invalid={Boolean(errors.category_id)}
              />
            </Field>
            <CoverField cover={values.cover} error={errors.cover} onChange={(cover) => set('cover', cover)} />
          </section>

          <section className="card" aria-labelledby="knowledge-editor-texts">
            <h2 className="card__title" id="knowledge-editor-texts">
              {t('editor.texts')}
            </h2>
            <p className="muted knowledge-editor__hint">{t('editor.textsHint')}</p>
            <div data-field="versions">
              <div className="knowledge-editor__languages" role="tablist" aria-label={t('editor.languages')}>
                {LANGS.map((each) => {
                  const written = Boolean(
                    values.versions[each].title.trim() || values.versions[each].body_markdown.trim(),
                  );
                  return (
                    <button
                      key={each}
                      type="button"
                      role="tab"
                      id={`knowledge-editor-tab-${each}`}
                      aria-selected={each === lang}
                      aria-controls="knowledge-editor-panel"
                      className={each === lang ? 'knowledge-editor__language is-active' : 'knowledge-editor__language'}
                      onClick={() => setLang(each)}
                    >
                      <span lang={each}>{t(`common:language.${each}`)}</span>
                      {written ? <CheckOutline aria-label={t('editor.written')} /> : null}
                    </button>
                  );
                })}
              </div>
              <FieldError id={errorDomId('versions')} error={errors.versions} />
            </div>
            <div id="knowledge-editor-panel" role="tabpanel" aria-labelledby={`knowledge-editor-tab-${lang}`}>
              <Field
                name={path('title')}
                label={t('editor.title', { language: languageName })}
                error={errors[path('title')]}
                htmlFor={fieldDomId(path('title'))}
                stacked
              >
                <Input
                  id={fieldDomId(path('title'))}
                  value={version.title}
                  maxLength={KNOWLEDGE_MAX.title}
                  placeholder={t('editor.titlePlaceholder')}
                  autoComplete="off"
                  onChange={(value) => setVersion('title', value)}
                  {...invalidProps(path('title'), errors[path('title')])}
                />
              </Field>
              <Field
                name={path('summary')}
                label={t('editor.summary', { language: languageName })}
                error={errors[path('summary')]}
                hint={t('editor.summaryHint')}
                htmlFor={fieldDomId(path('summary'))}
                stacked
              >
                <TextArea
                  id={fieldDomId(path('summary'))}
                  value={version.summary}
                  maxLength={KNOWLEDGE_MAX.summary}
                  placeholder={t('editor.summaryPlaceholder')}
                  autoSize={{ minRows: 2, maxRows: 4 }}
                  onChange={(value) => setVersion('summary', value)}
                  {...invalidProps(path('summary'), errors[path('summary')])}
                />
              </Field>
              <Field
                name={path('body_markdown')}
                label={t('editor.body', { language: languageName })}
                error={errors[path('body_markdown')]}
                hint={t('editor.bodyHint')}
                htmlFor={fieldDomId(path('body_markdown'))}
                stacked
              >
                <TextArea
                  id={fieldDomId(path('body_markdown'))}
                  className="knowledge-editor__markdown"
                  value={version.body_markdown}
                  maxLength={KNOWLEDGE_MAX.body}
                  placeholder={t('editor.bodyPlaceholder')}
                  autoSize={{ minRows: 8, maxRows: 20 }}
                  onChange={(value) => setVersion('body_markdown', value)}
                  {...invalidProps(path('body_markdown'), errors[path('body_markdown')])}
                />
              </Field>
              <Field
                name={path('tags')}
                label={t('editor.tags', { language: languageName })}
                error={errors[path('tags')]}
                hint={t('editor.tagsHint')}
                htmlFor={fieldDomId(path('tags'))}
                stacked
              >
                <Input
                  id={fieldDomId(path('tags'))}
                  value={version.tags}
                  placeholder={t('editor.tagsPlaceholder')}
                  autoComplete="off"
                  onChange={(value) => setVersion('tags', value)}
                  {...invalidProps(path('tags'), errors[path('tags')])}
                />
              </Field>
              <Button
                block
                fill="outline"
                color="primary"
                className="knowledge-editor__preview"
                loading={previewing}
                disabled={!version.body_markdown.trim()}
                onClick={() => void showPreview()}
              >
                {t('editor.preview', { language: languageName })}
              </Button>
            </div>
          </section>
        </form>
      </div>
      <Sheet
        open={preview !== null}
        onClose={() => setPreview(null)}
        title={t('editor.previewTitle')}
        className="knowledge-editor__preview-sheet"
      >
        <p className="muted">{t('editor.previewHint')}</p>
        {preview ? <ArticleView article={preview} preview /> : null}
      </Sheet>
    </Page>
  );
}

/**
 * The cover: none, a picture uploaded at once when chosen (the manager's own), or one of the app's
 * own pictures; removable.
 */
function CoverField({ cover, error, onChange }: { cover: string; error?: string; onChange: (cover: string) => void }) {
  const { t } = useTranslation('knowledge-admin');
  const file = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const pick = async (event: ChangeEvent<HTMLInputElement>) => {
    const url = await uploadChosenPicture(event.target, t('editor.coverTooLarge', { mb: UPLOAD_MAX_MB }), setUploading);
    if (url) onChange(url);
  };
  return (
    <Field name="cover" label={t('editor.cover')} error={error} hint={t('editor.coverHint')} group>
      <div className={cover ? 'knowledge-editor__cover' : 'knowledge-editor__cover is-empty'} aria-busy={uploading}>
        {cover ? <img src={cover} alt={t('editor.coverAlt')} /> : <span className="muted">{t('editor.noCover')}</span>}
      </div>
      <input
        ref={file}
        type="file"
        accept="image/*"
        hidden
        data-testid="article-cover"
        onChange={(event) => void pick(event)}
      />
      <div className="knowledge-editor__cover-actions">
        <Button fill="outline" color="primary" loading={uploading} onClick={() => file.current?.click()}>
          {cover ? t('editor.coverReplace') : t('editor.coverChoose')}
        </Button>
        {cover ? (
          <Button fill="outline" onClick={() => onChange('')}>
            {t('editor.coverRemove')}
          </Button>
        ) : null}
      </div>
      <fieldset className="knowledge-editor__pictures">
        <legend className="muted knowledge-editor__pictures-title">{t('editor.pictures')}</legend>
        <div className="knowledge-editor__picture-grid">
          {KNOWLEDGE_PICTURES.map((picture) => {
            const path = knowledgePicturePath(picture);
            return (
              <button
                key={picture}
                type="button"
                className="knowledge-editor__picture"
                aria-pressed={cover === path}
                aria-label={t(`editor.picture.${picture}`)}
                onClick={() => onChange(path)}
              >
                <img src={path} alt="" />
              </button>
            );
          })}
        </div>
      </fieldset>
    </Field>
  );
}

/** Whether readers see the article, and the button that changes it, once confirmed. */
function PublishCard({ article, title }: { article: KnowledgeManagedArticle; title: string }) {
  const { t } = useTranslation('knowledge-admin');
  const publish = usePublishArticle();
  const toggle = async () => {
    const next = !article.published;
    const confirmed = await Dialog.confirm({
      title: t(next ? 'publish.confirmTitle' : 'unpublish.confirmTitle', { title }),
      content: t(next ? 'publish.confirmText' : 'unpublish.confirmText'),
      confirmText: t(next ? 'publish.action' : 'unpublish.action'),
      cancelText: t('common:cancel'),
    });
    if (!confirmed) return;
    try {
      await publish.mutateAsync({ id: article.id, published: next });
      successToast(t(next ? 'publish.done' : 'unpublish.done'));
    } catch {
      // toasted by the API client
    }
  };
  return (
    <section className="card knowledge-editor__state" aria-labelledby="knowledge-editor-state">
      <div>
        <h2 className="card__title" id="knowledge-editor-state">
          {t(article.published ? 'state.published' : 'state.unpublished')}
        </h2>
        <p className="muted">{t(article.published ? 'state.publishedHint' : 'state.unpublishedHint')}</p>
      </div>
      <Button
        color={article.published ? 'default' : 'primary'}
        fill={article.published ? 'outline' : 'solid'}
        loading={publish.isPending}
        onClick={() => void toggle()}
      >
        {t(article.published ? 'unpublish.action' : 'publish.action')}
      </Button>
    </section>
  );
}
