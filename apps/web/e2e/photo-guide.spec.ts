/**
 * The photo guide (issue 17): the recorder picks the category "bag" and the product photos become
 * its shot list, every shot missing; two shots taken → "2 of 7" and the rest named; a blurred
 * photo is warned about and kept with "use anyway"; the item registered keeps which photo is
 * which shot, and the kept blurred photo stays marked for the valuer (issue 29 item 9). The shot
 * list at 360 px in the four languages. A ring's engraving, stone and hallmark shots take the
 * engraving, inlay and material photo sections, a watch's serial and case back its engraving and
 * material photos, a bag's label and serial its engraving photos (issue 29 item 10).
 */
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { apiCall, LANGS, type Lang, t } from './app.ts';
import { seriousViolations } from './axe.ts';
import { distribute } from './commodity-api.ts';
import {
  addPhotos,
  field,
  fieldId,
  fillCommodity,
  fillCustomer,
  picture,
  searchList,
  setLanguage,
  uniquePhone,
} from './commodity-ui.ts';
import { apiLogin, DEMO, expect, login, shot, test } from './fixtures.ts';
import { png } from './photos.ts';

const lang: Lang = 'zh-Hans';
const g = (key: string, vars: Record<string, string | number> = {}, language: Lang = lang) =>
  t(language, `enroll:guide.${key}`, vars);
const ENROLL = '/pages-sub/commodityEnroll/index';

interface Category {
  id: number;
  name: string;
  shots: { code: string; name: string; outline: string; covers: string | null }[];
}

/** A detailed picture (edges, text), blurred as a shaking hand would, or shot in the dark: the check must warn. */
async function poorPhoto(kind: 'blurred' | 'dark') {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="900" height="700">
    <rect width="100%" height="100%" fill="#c9b79c"/>
    <rect x="150" y="120" width="600" height="460" rx="30" fill="#6b3e26" stroke="#2b1a10" stroke-width="8"/>
    <text x="220" y="420" font-family="sans-serif" font-size="60" fill="#f0e6d2">MAISON 1854</text>
  </svg>`;
  const image = sharp(Buffer.from(svg));
  const buffer = await (kind === 'blurred' ? image.blur(8) : image.linear(0.15, 0)).jpeg({ quality: 88 }).toBuffer();
  return { name: `IMG_${kind}.JPG`, mimeType: 'image/jpeg', buffer };
}

const tiles = (page: Page) => field(page, 'commodities.0.product_pics').locator('.shot-guide__cell');

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    if (sessionStorage.getItem('e2e-guide-started')) return;
    sessionStorage.setItem('e2e-guide-started', '1');
    localStorage.removeItem('jewel-commodity');
    localStorage.removeItem('jewel-photo-uploads');
  });
});

test('the bag’s shot list, two shots, a blurred photo kept, the item registered', async ({ page }) => {
  test.setTimeout(120_000);
  const session = await login(page, DEMO.recorder);
  const categories = await apiCall<Category[]>(page.request, session, 'GET', '/api/categories');
  const bag = categories.find((category) => category.shots.some((shot) => shot.outline === 'bag-front'));
  if (!bag) throw new Error('the seed has no bag shot list');
  const [front, back, base] = bag.shots;
  if (!front || !back || !base) throw new Error('the bag has fewer than three shots');
  const phone = uniquePhone();

  await page.goto(ENROLL);
  await fillCustomer(page, '周女士', phone);
  await fillCommodity(page, 0, '老花 Speedy 30');
  await page.locator(fieldId('commodities.0.category_id')).click();
  await searchList(page).getByRole('button', { name: bag.name, exact: true }).click();
  await expect(page.locator(fieldId('commodities.0.category_id'))).toHaveText(bag.name);

  // Every shot of the bag, in order, missing, with its outline hint.
  await expect(tiles(page)).toHaveCount(bag.shots.length);
  await expect(tiles(page).locator('.shot-guide__name')).toHaveText(bag.shots.map((s) => s.name));
  await expect(tiles(page).and(page.locator('[data-done="false"]'))).toHaveCount(bag.shots.length);
  await expect(tiles(page).first().locator('.shot-guide__outline')).toBeVisible();
  const summary = field(page, 'commodities.0.product_pics').locator('.shot-guide__summary');
  await expect(summary).toContainText(g('progress', { done: 0, total: bag.shots.length }));

  // Two shots: the front and the back.
  await page.getByLabel(`${t(lang, 'photos:gallery')}: ${front.name}`).setInputFiles({
    name: 'front.png',
    mimeType: 'image/png',
    buffer: png([120, 70, 40]),
  });
  await page.getByLabel(`${t(lang, 'photos:gallery')}: ${back.name}`).setInputFiles({
    name: 'back.png',
    mimeType: 'image/png',
    buffer: png([110, 60, 30]),
  });
  await expect(summary).toContainText(g('progress', { done: 2, total: bag.shots.length }));
  const rest = bag.shots.slice(2).map((s) => s.name);
  await expect(summary).toContainText(g('missingList', { names: rest.join(g('separator')) }));
  await expect(page.locator(`[data-shot="${front.code}"][data-done="true"] img`)).toBeVisible();

  // A blurred photo: warned, and kept with "use anyway".
  await page.getByLabel(`${t(lang, 'photos:gallery')}: ${base.name}`).setInputFiles(await poorPhoto('blurred'));
  const warning = page.getByRole('dialog', { name: g('blurred') });
  await expect(warning).toBeVisible();
  // The warning shows the photo it is about (issue 29 item 9).
  const warned = warning.getByRole('img', { name: g('poorPhoto', { index: 1, total: 1 }) });
  await expect(warned).toHaveAttribute('src', /^blob:/);
  expect(await warned.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await shot(page, 'photo-guide-blurred-warning');
  await warning.getByRole('button', { name: g('useAnyway') }).click();
  await expect(warning).toBeHidden();
  await expect(summary).toContainText(g('progress', { done: 3, total: bag.shots.length }));
  // A dark one: "Retake" drops it, the shot stays missing.
  const corners = bag.shots[3];
  if (!corners) throw new Error('the bag has fewer than four shots');
  await page.getByLabel(`${t(lang, 'photos:gallery')}: ${corners.name}`).setInputFiles(await poorPhoto('dark'));
  const darkWarning = page.getByRole('dialog', { name: g('dark') });
  await darkWarning.getByRole('button', { name: g('retakeAction') }).click();
  await expect(darkWarning).toBeHidden();
  await expect(page.locator(`[data-shot="${corners.code}"]`)).toHaveAttribute('data-done', 'false');
  await expect(summary).toContainText(g('progress', { done: 3, total: bag.shots.length }));
  // The submit bar names what is still missing, without standing in the way.
  await expect(page.locator('.enroll-submit__notice--guide')).toContainText(bag.shots[3]?.name ?? '');

  await addPhotos(page, 'commodities.0.size_pics', [await picture('size.jpg', [200, 30, 30])]);
  await addPhotos(page, 'commodities.0.accessory_pics', [await picture('box.png', [240, 200, 10], 'png')]);
  await tiles(page).first().scrollIntoViewIfNeeded();
  await expect(page.locator('.shot-guide__cell[data-done="true"] img')).toHaveCount(3);

  // Axe on the shot list as it is now, done and missing tiles (the page's walk sees it empty).
  const violations = await seriousViolations(page, '[data-field="commodities.0.product_pics"]');
  expect(violations.map((v) => v.id)).toEqual([]);

  // The shot list at 360 px in the four languages (the draft stays through the reloads).
  await page.setViewportSize({ width: 360, height: 740 });
  for (const language of LANGS) {
    await setLanguage(page, language);
    await expect(summary).toContainText(g('progress', { done: 3, total: bag.shots.length }, language));
    await field(page, 'commodities.0.product_pics').scrollIntoViewIfNeeded();
    // The "draft restored" toast has gone.
    await expect(page.locator('.adm-toast-main')).toHaveCount(0, { timeout: 10_000 });
    await shot(page, `photo-guide-${language}-360x740`);
  }
  await setLanguage(page, lang);

  await expect(page.locator('.photo-grid__cell[data-state="done"]')).toHaveCount(2, { timeout: 30_000 });
  await page.getByRole('button', { name: t(lang, 'enroll:actions.submit') }).click();
  await expect(page).toHaveURL(/commodityDetail/);
  const id = Number(new URL(page.url()).searchParams.get('id'));
  const detail = await apiCall<{
    product_pics: string[];
    product_pic_shots: string[];
    photo_flags: Record<string, string>;
  }>(page.request, session, 'GET', `/api/commodities/${id}`);
  expect(detail.product_pic_shots).toEqual([front.code, back.code, base.code]);
  expect(detail.product_pics).toHaveLength(3);
  // The item's page shows its photos, each named with its shot, and what was not taken.
  const photos = page.getByRole('list', { name: t(lang, 'enroll:fields.product_pics') });
  await expect(photos.getByRole('img')).toHaveCount(3);
  await expect(photos.locator('.photo-grid__caption')).toHaveText([front.name, back.name, base.name]);
  await expect(photos.getByRole('img').first()).toHaveAttribute('alt', new RegExp(front.name));
  await expect(page.locator('.commodity-photos__missing')).toContainText(bag.shots[3]?.name ?? '');
  // The blurred photo kept is marked, on its tile and in its name; the others are not (issue 29 item 9).
  const blurred = t(lang, 'photos:flag.blurred');
  expect(detail.photo_flags).toEqual({ [detail.product_pics[2] ?? '']: 'blurred' });
  await expect(page.locator('.photo-grid__flag')).toHaveCount(1);
  await expect(photos.locator('.photo-grid__cell').nth(2).locator('.photo-grid__flag')).toHaveText(blurred);
  await expect(photos.getByRole('img').nth(2)).toHaveAttribute('alt', new RegExp(` · ${blurred}$`));
  await shot(page, `photo-guide-detail-${lang}-390x844`);

  // The valuer it is handed to sees the same mark where they appraise it.
  const valuer = await apiLogin(page.request, DEMO.valuers[0]);
  await distribute(page.request, session, [id], valuer.user.id);
  await login(page, DEMO.valuers[0]);
  await page.goto(`/pages-sub/commodityIdentify/index?id=${id}`);
  const appraised = page.getByRole('list', { name: t(lang, 'enroll:fields.product_pics') });
  await expect(appraised.getByRole('img')).toHaveCount(3);
  await expect(appraised.locator('.photo-grid__flag')).toHaveText([blurred]);
  await expect(appraised.getByRole('img').nth(2)).toHaveAttribute('alt', new RegExp(` · ${blurred}$`));
  await shot(page, `photo-guide-appraisal-${lang}-390x844`);
});

test('a ring, a watch and a bag take their engraving and material photos as shots, not again below', async ({
  page,
}) => {
  const session = await login(page, DEMO.recorder);
  const categories = await apiCall<Category[]>(page.request, session, 'GET', '/api/categories');
  const having = (outline: string) =>
    categories.find((category) => category.shots.some((item) => item.outline === outline));
  const ring = having('ring-top');
  const watch = having('watch-back');
  const bag = having('bag-front');
  if (!ring || !watch || !bag) throw new Error('the seed has no ring, watch or bag shot list');
  expect(ring.shots.map((item) => item.covers).filter(Boolean)).toEqual([
    'engraving_pics',
    'material_pics',
    'inlay_pics',
  ]);
  // The watch's case back carries its material's stamp, its serial number is engraved.
  expect(Object.fromEntries(watch.shots.filter((item) => item.covers).map((item) => [item.code, item.covers]))).toEqual(
    { caseback: 'material_pics', serial: 'engraving_pics' },
  );
  // The bag's inside label and serial or date code are its engravings; no shot is its material or inlay.
  expect(Object.fromEntries(bag.shots.filter((item) => item.covers).map((item) => [item.code, item.covers]))).toEqual({
    label: 'engraving_pics',
    serial: 'engraving_pics',
  });
  const SECTIONS = ['engraving_pics', 'inlay_pics', 'material_pics'];
  /** The photo sections the form shows on their own, in its order. */
  const sections = async (shown: string[]) => {
    for (const name of SECTIONS)
      await expect(field(page, `commodities.0.${name}`), name).toHaveCount(shown.includes(name) ? 1 : 0);
  };
  const choose = async (name: string) => {
    await page.locator(fieldId('commodities.0.category_id')).click();
    await searchList(page).getByRole('button', { name, exact: true }).click();
    await expect(page.locator(fieldId('commodities.0.category_id'))).toHaveText(name);
  };
  const taken = page.getByTestId('photo-sections-taken');
  const takenText = (fields: string[], shots: string[]) =>
    t(lang, 'enroll:guide.sectionsTaken', {
      fields: fields.map((name) => t(lang, `enroll:fields.${name}`)).join(g('separator')),
      shots: shots.join(g('separator')),
    });
  const named = (category: Category, ...codes: string[]) =>
    codes.map((code) => category.shots.find((item) => item.code === code)?.name ?? code);

  await page.goto(ENROLL);
  // No category yet: the three fields as before.
  await sections(SECTIONS);
  await choose(ring.name);
  await expect(tiles(page)).toHaveCount(ring.shots.length);
  await sections([]);
  await expect(taken).toHaveText(takenText(SECTIONS, named(ring, 'inside', 'hallmark', 'stone')));
  await taken.scrollIntoViewIfNeeded();
  await shot(page, `photo-guide-sections-taken-${lang}-390x844`);

  // A watch: its case back and serial shots take the material and engraving photos; an inlay
  // (a set bezel) is still asked for.
  await choose(watch.name);
  await expect(tiles(page)).toHaveCount(watch.shots.length);
  await sections(['inlay_pics']);
  await expect(taken).toHaveText(takenText(['engraving_pics', 'material_pics'], named(watch, 'caseback', 'serial')));

  // A bag: its label and serial take the engraving photos; material and inlay are asked for.
  await choose(bag.name);
  await sections(['inlay_pics', 'material_pics']);
  await expect(taken).toHaveText(takenText(['engraving_pics'], named(bag, 'label', 'serial')));
});
