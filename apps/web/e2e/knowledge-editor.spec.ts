/**
 * Issue 28 item 6: a manager writes a knowledge article in two languages, previews it as readers
 * will see it, saves it unpublished (a recorder neither finds nor opens it), then publishes it
 * (a recorder reads it in their own language). axe on each screen, at the phone's 390 px.
 */
import { paths, withQuery } from '@jewel/contract/values/web-paths';
import { apiCall, LANGS, type Lang, storeLanguage, t, turnWheel, ui, uniqueName } from './app.ts';
import { seriousViolations } from './axe.ts';
import { apiLogin, DEMO, expect, login, shot, test } from './fixtures.ts';

const lang: Lang = 'zh-Hans';
const ka = (key: string, vars: Record<string, string | number> = {}) => t(lang, `knowledge-admin:${key}`, vars);

test('a manager writes an article in two languages, previews it, saves it unpublished, then publishes it', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const word = uniqueName('Spinel');
  const texts = {
    'zh-Hans': { title: `尖晶石与红宝石的区别 ${word}`, body: `## 颜色\n\n尖晶石**单折射**，${word}。` },
    en: { title: `Telling spinel from ruby ${word}`, body: `## Colour\n\nSpinel is **singly refractive**, ${word}.` },
  };
  const manager = await login(page, DEMO.manager);
  const categories = await apiCall<{ id: number; name: string }[]>(
    page.request,
    manager,
    'GET',
    '/api/knowledge/categories',
  );
  const category = categories[1] as { id: number; name: string };

  // From the manager's menu to the list of articles.
  await page.goto(paths.userCenter);
  await ui.row(page, t(lang, 'titles.knowledgeAdmin')).click();
  await expect(ui.title(page)).toHaveText(t(lang, 'titles.knowledgeAdmin'));
  await expect(
    page
      .getByRole('list', { name: ka('list.label') })
      .getByRole('listitem')
      .first(),
  ).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await shot(page, `knowledge-admin-list-${lang}`);

  // A new article: the category, then the texts of two languages, each in its tab.
  await page.getByRole('button', { name: ka('list.add') }).click();
  await expect(ui.title(page)).toHaveText(ka('editor.newTitle'));
  await page.locator('#field-category_id').click();
  await turnWheel(page, category.name);
  await page.locator('.adm-picker').filter({ visible: true }).locator('.adm-picker-header-button').last().click();
  await expect(page.locator('#field-category_id')).toContainText(category.name);
  for (const language of ['zh-Hans', 'en'] as const) {
    const name = t(lang, `language.${language}`);
    await page.getByRole('tab', { name }).click();
    await page.getByRole('textbox', { name: ka('editor.title', { language: name }) }).fill(texts[language].title);
    await page.getByRole('textbox', { name: ka('editor.body', { language: name }) }).fill(texts[language].body);
  }
  // A cover from the app's own pictures: chosen, it is the one shown and marked.
  const watches = page.getByRole('button', { name: ka('editor.picture.watches'), exact: true });
  await watches.click();
  await expect(watches).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('img', { name: ka('editor.coverAlt') })).toHaveAttribute('src', '/knowledge/watches.svg');
  // "Preview" waits for a text: enabled now, once its fade from disabled is over.
  const previewButton = page.getByRole('button', { name: ka('editor.preview', { language: 'English' }) });
  await expect(previewButton).toBeEnabled();
  await expect.poll(() => previewButton.evaluate((button) => getComputedStyle(button).opacity)).toBe('1');
  expect(await seriousViolations(page)).toEqual([]);
  await shot(page, `knowledge-editor-${lang}`, { fullPage: true });

  // The English text as readers will see it: rendered by the server, nothing saved.
  await previewButton.click();
  const preview = page.getByRole('dialog', { name: ka('editor.previewTitle') });
  await expect(preview.locator('.knowledge-body h2')).toHaveText('Colour');
  await expect(preview.locator('.knowledge-body strong')).toHaveText('singly refractive');
  expect(await seriousViolations(page)).toEqual([]);
  await shot(page, `knowledge-editor-preview-${lang}`);
  await preview.getByRole('button', { name: t(lang, 'close') }).click();
  await expect(preview).toBeHidden();

  await page.getByRole('button', { name: ka('editor.saveNew') }).click();
  await expect(ui.toast(page, ka('editor.created'))).toBeVisible();
  await expect(page).toHaveURL(/\/pages-sub\/knowledgeAdmin\/edit\?id=\d+$/);
  const id = Number(new URL(page.url()).searchParams.get('id'));
  await expect(page.getByRole('heading', { name: ka('state.unpublished') })).toBeVisible();
  const saved = await apiCall<{ cover: string }>(page.request, manager, 'GET', `/api/knowledge/manage/articles/${id}`);
  expect(saved.cover).toBe('/knowledge/watches.svg');

  // Unpublished: a recorder's search does not find it, nor does its address open it.
  const recorder = await apiLogin(page.request, DEMO.recorder);
  const found = await apiCall<{ total: number }>(
    page.request,
    recorder,
    'GET',
    `/api/knowledge/articles?keyword=${encodeURIComponent(word)}`,
  );
  expect(found.total).toBe(0);
  const opened = await page.request.get(`/api/knowledge/articles/${id}`, {
    headers: { Authorization: `Bearer ${recorder.token}`, lang: 'en' },
  });
  expect(opened.status()).toBe(404);

  // Published once confirmed.
  await page.getByRole('button', { name: ka('publish.action'), exact: true }).click();
  const confirm = page.getByRole('dialog', { name: ka('publish.confirmTitle', { title: texts['zh-Hans'].title }) });
  await expect(confirm).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await confirm.getByRole('button', { name: ka('publish.action'), exact: true }).click();
  await expect(ui.toast(page, ka('publish.done'))).toBeVisible();
  await expect(page.getByRole('heading', { name: ka('state.published') })).toBeVisible();

  // An English-speaking recorder finds it and reads the English version.
  await login(page, DEMO.recorder);
  await storeLanguage(page, 'en');
  await page.goto(withQuery(paths.knowSearch, { keyword: word }));
  await expect(page.getByTestId('knowledge-card').filter({ hasText: texts.en.title })).toBeVisible();
  await page.goto(withQuery(paths.knowDetail, { id }));
  await expect(page.getByRole('heading', { level: 2, name: texts.en.title })).toBeVisible();
  await expect(page.locator('.knowledge-body h2')).toHaveText('Colour');
  expect(await seriousViolations(page)).toEqual([]);
  await shot(page, 'knowledge-editor-published-en');
});

test('the managers’ list and the editor fit the phone in every language, at 390 and 360 px, and a desk at 1280', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const manager = await login(page, DEMO.manager);
  const [first] = await apiCall<{ id: number }[]>(page.request, manager, 'GET', '/api/knowledge/manage/articles');
  for (const shotLang of LANGS) {
    await storeLanguage(page, shotLang);
    for (const viewport of [
      { width: 390, height: 844 },
      { width: 360, height: 740 },
      { width: 1280, height: 800 },
    ]) {
      await page.setViewportSize(viewport);
      const size = `${viewport.width}x${viewport.height}`;
      await page.goto(paths.knowledgeAdmin);
      await expect(ui.title(page)).toHaveText(t(shotLang, 'titles.knowledgeAdmin'));
      // A phone's cards, a desk's table (issue 28 item 9).
      await expect(
        (viewport.width >= 1024
          ? page.getByTestId('knowledge-admin-row')
          : page.getByTestId('knowledge-admin-card')
        ).first(),
      ).toBeVisible();
      await page.evaluate(() => document.fonts.ready);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
        0,
      );
      // axe on the list as on the editor, at the phone's 390 px and the desk's 1280 (issue 28).
      if (viewport.width !== 360) expect(await seriousViolations(page)).toEqual([]);
      await shot(page, `knowledge-admin-list-${shotLang}-${size}`);

      await page.goto(withQuery(paths.knowledgeEditor, { id: first?.id ?? 0 }));
      await expect(ui.title(page)).toHaveText(t(shotLang, 'knowledge-admin:editor.editTitle'));
      await expect(page.locator('#field-category_id')).not.toHaveClass(/form-picker--empty/);
      await page.evaluate(() => document.fonts.ready);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
        0,
      );
      if (viewport.width !== 360) expect(await seriousViolations(page)).toEqual([]);
      await shot(page, `knowledge-editor-${shotLang}-${size}`);
      // The rest of the form, below the fold.
      await page.locator('.knowledge-editor__preview').scrollIntoViewIfNeeded();
      await shot(page, `knowledge-editor-end-${shotLang}-${size}`);
    }
  }
});
