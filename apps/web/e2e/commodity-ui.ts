/**
 * What the commodity journeys share: registering through the form (pictures, pickers, photo
 * fields), a person's own phone in their language, the appraisal form's choices and dialogs,
 * and the dictionary's labels as the server gives them.
 */
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import { apiCall, type Lang, storeLanguage } from './app.ts';
import { expect, storeSession } from './fixtures.ts';
import type { SessionTokens } from './session.ts';

export interface ImageFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/** A small picture of one colour (PNG or JPEG). */
export async function picture(name: string, colour: [number, number, number], format: 'png' | 'jpeg' = 'jpeg') {
  const image = sharp({
    create: { width: 320, height: 240, channels: 3, background: { r: colour[0], g: colour[1], b: colour[2] } },
  });
  const buffer = format === 'png' ? await image.png().toBuffer() : await image.jpeg().toBuffer();
  return { name, mimeType: format === 'png' ? 'image/png' : 'image/jpeg', buffer } satisfies ImageFile;
}

/** A camera-sized photo (4000×3000, busy, over 1 MB): the phone must shrink it before upload. */
export async function cameraPhoto(): Promise<ImageFile> {
  const width = 4000;
  const height = 3000;
  const raw = Buffer.alloc(width * height * 3);
  let seed = 7;
  for (let i = 0; i < raw.length; i += 1) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    raw[i] = (i % (width * 3)) / 47 + (seed >> 24);
  }
  const buffer = await sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 92 })
    .toBuffer();
  expect(buffer.length).toBeGreaterThan(1024 * 1024);
  return { name: 'IMG_0001.JPG', mimeType: 'image/jpeg', buffer };
}

export const uniquePhone = () => `139${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
export const fieldId = (path: string) => `#field-${path.replace(/\./g, '-')}`;

export function field(page: Page, path: string): Locator {
  return page.locator(`[data-field="${path}"]`);
}

/** Opens a picker (a wheel, or a list with a search box) and takes its first option. */
export async function pickFirst(page: Page, path: string) {
  await page.locator(fieldId(path)).click();
  const wheel = page.locator('.adm-picker').filter({ visible: true });
  const list = searchList(page);
  await expect(wheel.or(list)).toBeVisible();
  if (await list.count()) {
    await list.locator('.search-picker__option').first().click();
    await expect(list).toHaveCount(0);
  } else {
    await expect(wheel.locator('.adm-picker-view-column-item').first()).toBeVisible();
    await wheel.locator('.adm-picker-header-button').last().click();
    await expect(wheel).toHaveCount(0);
  }
  await expect(page.locator(fieldId(path))).not.toHaveClass(/form-picker--empty/);
}

/** The open list of a searchable picker (components/form/search-picker.tsx), named by its field. */
export function searchList(page: Page, name?: string): Locator {
  return page.getByRole('dialog', name === undefined ? {} : { name, exact: true }).filter({
    has: page.getByRole('searchbox'),
    visible: true,
  });
}

export async function addPhotos(page: Page, path: string, files: ImageFile[]) {
  await field(page, path).locator('input[data-source="gallery"]').setInputFiles(files);
}

/** Every photo tile of the page uploaded. */
export async function photosUploaded(page: Page, count: number) {
  await expect(page.locator('.photo-grid__cell[data-state]')).toHaveCount(count);
  await expect(page.locator('.photo-grid__cell[data-state="done"]')).toHaveCount(count, { timeout: 30_000 });
}

export async function fillCustomer(page: Page, name: string, phone: string) {
  await page.locator(fieldId('customer_name')).fill(name);
  await page.locator(fieldId('customer_phone')).fill(phone);
  await page.locator(fieldId('customer_address')).fill('上海市黄浦区南京东路 1 号');
}

/** The required fields of commodity `index` except its photos. */
export async function fillCommodity(page: Page, index: number, name: string) {
  const at = (name: string) => `commodities.${index}.${name}`;
  await pickFirst(page, at('brand_id'));
  await pickFirst(page, at('category_id'));
  await page.locator(fieldId(at('product_name'))).fill(name);
  await pickFirst(page, at('product_status'));
  await page.locator(fieldId(at('weight'))).fill('5.2');
}

export async function requiredPhotos(page: Page, index: number, tag: number) {
  const at = (name: string) => `commodities.${index}.${name}`;
  await addPhotos(page, at('size_pics'), [await picture(`size-${tag}.jpg`, [200, 30, 30])]);
  await addPhotos(page, at('product_pics'), [
    await picture(`product-${tag}a.jpg`, [30, 200, 30]),
    await picture(`product-${tag}b.png`, [30, 30, 200], 'png'),
  ]);
  await addPhotos(page, at('accessory_pics'), [await picture(`box-${tag}.png`, [240, 200, 10], 'png')]);
}

/** A person's own phone (`openPhone` of the fixtures), signed in as `session`, in `lang`. */
export async function personPage(openPhone: () => Promise<Page>, session: SessionTokens, lang: Lang): Promise<Page> {
  const page = await openPhone();
  await storeSession(page, session);
  await setLanguage(page, lang, false);
  return page;
}

/** The language the app uses from the next load on (its persisted language store); reloads unless told not to. */
export async function setLanguage(page: Page, lang: Lang, reload = true) {
  await storeLanguage(page, lang);
  if (reload) await page.reload();
}

/** The dictionary's labels in `lang`, as the server gives them to the app. */
export async function dictionary(request: APIRequestContext, session: SessionTokens, lang: Lang) {
  const data = await apiCall<Record<string, Record<string, { value: string | number; label: string }[]>>>(
    request,
    session,
    'GET',
    '/api/dictionary',
    undefined,
    lang,
  );
  return (section: string, group: string, value: string | number) => {
    const label = data[section]?.[group]?.find((option) => option.value === value)?.label;
    if (!label) throw new Error(`no label ${section}.${group} ${value}`);
    return label;
  };
}

export const identifyPath = (id: number) => `/pages-sub/commodityIdentify/index?id=${id}`;
export const comprehensivePath = (id: number) => `/pages-sub/flowIdentify/comprehensive?id=${id}`;
export const recyclePath = (id: number) => `/pages-sub/commodityRecycle/index?id=${id}`;
export const detailPath = (id: number) => `/pages-sub/commodityDetail/index?id=${id}`;

export const footer = (page: Page) => page.locator('.page__footer');
export const dialog = (page: Page) =>
  page
    .locator('.adm-dialog')
    .filter({ has: page.locator('.adm-dialog-body') })
    .last();

/** A selector option inside the field group labelled `group`. */
export function option(page: Page, group: string, label: string): Locator {
  return page
    .getByRole('group', { name: group, exact: true })
    .locator('.adm-selector-item')
    .filter({ hasText: new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) })
    .first();
}

/** Chooses `label` in the picker that the row `rowId` opens. */
export async function pick(page: Page, rowId: string, label: string) {
  await page.locator(`#${rowId}`).click();
  const popup = page.locator('.adm-picker-popup .adm-popup-body').filter({ visible: true });
  await expect(popup).toBeVisible();
  // The wheel takes a tap (a touch), not a mouse click.
  await popup.locator('.adm-picker-view-column-item').filter({ hasText: label }).first().tap();
  // The wheel has taken the item before the choice is confirmed.
  await expect(popup.locator('.adm-picker-view-column-item-active').filter({ hasText: label })).toHaveCount(1);
  await popup.locator('.adm-picker-header-button').last().click();
  await expect(page.locator(`#${rowId}`)).toContainText(label);
  // Closed for good: a wheel still sliding away would be a second visible popup for the next pick.
  await expect(popup).toBeHidden();
}
