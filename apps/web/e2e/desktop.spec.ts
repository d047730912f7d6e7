/**
 * Issue 28 item 9: the back office at a manager's desk. At 1280 px the staff, the catalog's four
 * lists, the audit trail, the ledger, the data base, the knowledge articles and the backups kept
 * are tables in a frame wider than a phone's (750 px): one column sorted (its order checked
 * against the reader's collation, or the server's sort in the address), one hidden and still
 * hidden after a reload; axe at 1280 and at 390 px, where the same page shows its cards. The
 * shop's details lay out in two columns there. Then each page in four languages, and one at 360 px.
 */
import { INTL_LOCALES } from '@jewel/contract/values/i18n';
import { paths } from '@jewel/contract/values/web-paths';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { apiCall, LANGS, type Lang, storeLanguage, t, ui, uniqueName } from './app.ts';
import { seriousViolations } from './axe.ts';
import {
  act,
  appraise,
  buybackProof,
  commodityBody,
  enrollAndDistribute,
  registrationKit,
  verdict,
} from './commodity-api.ts';
import { apiLogin, DEMO, expect, login, shot, test } from './fixtures.ts';

test.use({ viewport: { width: 1280, height: 800 } });

interface Desk {
  name: string;
  path: string;
  titleKey: string;
  /** Each list's cards below 1024 px. */
  card: string;
  /** The table's caption (its accessible name), in the reader's language. */
  caption: (lang: Lang) => string | RegExp;
  /** A column sorted on the rows loaded: its header key, and whether it holds numbers. */
  sort: { header: string; numeric?: boolean };
  /** An optional column hidden from the "Columns" menu. */
  hide: string;
  /** The card's action on a row, from the keyboard: a sheet opened and closed, or a link to the item. */
  open: (page: Page, table: Locator, lang: Lang) => Promise<void>;
}

/** Enter on the control opens a sheet named `title`; Escape closes it. */
async function opensSheet(page: Page, control: Locator, title: string) {
  await control.focus();
  await control.press('Enter');
  const sheet = page.getByRole('dialog', { name: title });
  await expect(sheet).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(sheet).toBeHidden();
}

/** The first link of the table (a row's number) goes to its item's page. */
async function linksTo(table: Locator, path: string) {
  await expect(table.getByRole('link').first()).toHaveAttribute('href', new RegExp(`^${path}\\?id=\\d+$`));
}

const DESKS: Desk[] = [
  {
    name: 'staff',
    path: paths.staff,
    titleKey: 'titles.staff',
    card: 'staff-card',
    caption: (lang) => t(lang, 'staff:listLabel'),
    sort: { header: 'staff:form.name' },
    hide: 'staff:form.mobile',
    open: (page, table, lang) =>
      opensSheet(
        page,
        table.getByRole('button', { name: t(lang, 'staff:actions.open', { name: '李明' }) }),
        t(lang, 'staff:actions.title', { name: '李明' }),
      ),
  },
  {
    name: 'catalog',
    path: paths.catalog,
    titleKey: 'titles.catalog',
    card: 'catalog-products__row',
    caption: (lang) => t(lang, 'catalog:lists.categories.title'),
    sort: { header: 'catalog:lists.code' },
    hide: 'catalog:table.rules',
    open: async (page, table, lang) =>
      opensSheet(
        page,
        table.locator('tbody tr').first().getByRole('button'),
        t(lang, 'catalog:lists.categories.editTitle'),
      ),
  },
  {
    name: 'audit',
    path: paths.audit,
    titleKey: 'titles.audit',
    card: 'audit-card',
    caption: (lang) =>
      new RegExp(
        `^${escapeRegExp(t(lang, 'audit:listLabel', { from: 'FROM', to: 'TO' }))
          .replace('FROM', '.+')
          .replace('TO', '.+')}$`,
      ),
    sort: { header: 'audit:filters.person' },
    hide: 'audit:table.note',
    open: (_page, table) => linksTo(table, paths.commodityDetail),
  },
  {
    name: 'ledger',
    path: paths.ledger,
    titleKey: 'titles.ledger',
    card: 'ledger-card',
    caption: (lang) =>
      new RegExp(
        `^${escapeRegExp(t(lang, 'ledger:listLabel', { from: 'FROM', to: 'TO' }))
          .replace('FROM', '.+')
          .replace('TO', '.+')}$`,
      ),
    sort: { header: 'ledger:fields.price', numeric: true },
    hide: 'ledger:payment.label',
    open: (_page, table) => linksTo(table, paths.ledgerEntry),
  },
  {
    name: 'information',
    path: paths.information,
    titleKey: 'titles.information',
    card: 'information-card',
    caption: (lang) => t(lang, 'information:table.caption'),
    // The data base's server sorts: checked through the address below.
    sort: { header: 'information:detail.estimate' },
    hide: 'information:detail.category',
    open: (_page, table) => linksTo(table, paths.informationDetail),
  },
  {
    name: 'knowledge',
    path: paths.knowledgeAdmin,
    titleKey: 'titles.knowledgeAdmin',
    card: 'knowledge-admin-card',
    caption: (lang) => t(lang, 'knowledge-admin:list.label'),
    sort: { header: 'knowledge-admin:list.table.title' },
    hide: 'knowledge-admin:list.table.languages',
    open: (_page, table) => linksTo(table, paths.knowledgeEditor),
  },
  {
    name: 'operations',
    path: paths.operations,
    titleKey: 'titles.operations',
    card: 'backup-row',
    caption: (lang) => t(lang, 'operations:backups.listLabel'),
    sort: { header: 'operations:backups.table.check' },
    hide: 'operations:backups.table.files',
    // A backup is only looked at: its row, like its card, has no action.
    open: async () => {},
  },
];

/** A backup kept at least, so that the operations page lists one ("back up now", as its button does). */
async function keepABackup(request: APIRequestContext) {
  const manager = await apiLogin(request, DEMO.manager);
  const status = await apiCall<{ backups: { items: unknown[] } }>(request, manager, 'GET', '/api/operations');
  if (status.backups.items.length === 0) await apiCall(request, manager, 'POST', '/api/operations/backups');
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The table of a page, by its caption. */
function tableOf(page: Page, desk: Desk, lang: Lang): Locator {
  return page.getByRole('table', { name: desk.caption(lang) });
}

/** The cards of a page below 1024 px (a test id, or the catalog's row buttons). */
function cardsOf(page: Page, desk: Desk): Locator {
  return desk.name === 'catalog' ? page.locator(`.${desk.card}`) : page.getByTestId(desk.card);
}

/** The texts of one column's cells, top to bottom. */
async function columnTexts(table: Locator, header: string): Promise<string[]> {
  const headers = await table.locator('thead th').allTextContents();
  const index = headers.findIndex((text) => text.startsWith(header));
  expect(index, `column ${header} among ${headers.join(', ')}`).toBeGreaterThanOrEqual(0);
  return table.locator(`tbody tr > :nth-child(${index + 1})`).allTextContents();
}

/** The frame at its desk width (1200 px in a 1280 px window), the table inside it without a sideways scroll. */
async function fitsTheDesk(page: Page, table: Locator) {
  expect((await page.locator('.app-frame').boundingBox())?.width).toBe(1200);
  const region = page.locator('.data-table__scroll').filter({ has: table });
  expect(await region.evaluate((element) => element.scrollWidth - element.clientWidth)).toBeLessThanOrEqual(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
}

/** The table's chunks: its code and stylesheet, and its texts (`table.json` of each language). */
const TABLE_CODE = /\/(data-table|table)-[\w-]+\.(js|css)$/;

/** Amounts as written ("¥21,000", "CN¥88,000.00"): their figures. */
const amount = (text: string) => Number(text.replace(/[^\d.]/g, ''));

test('a manager at a desk sorts and chooses the columns of every back-office list, at 1280 and 390 px', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const lang: Lang = 'zh-Hans';
  // A result of the data base, bought back (a ledger entry), and a member added (the audit trail).
  const recorder = await apiLogin(request, DEMO.recorder);
  const valuer = await apiLogin(request, DEMO.valuers[0]);
  const manager = await apiLogin(request, DEMO.manager);
  const kit = await registrationKit(request, recorder, [0x3b, 0x82, 0xff]);
  for (const [name, price] of [
    [uniqueName('桌面戒指'), 21000],
    [uniqueName('桌面手镯'), 5000],
  ] as const) {
    const item = await enrollAndDistribute(request, recorder, commodityBody(kit, name), valuer.user.id, {
      customer: { customer_name: '王先生' },
      workflowId: kit.quickId,
    });
    await appraise(request, valuer, item.id, verdict());
    const proof = await buybackProof(request, recorder);
    await act(request, recorder, item.id, 'recycle', { is_recycle: 1, price, currency: 'CNY', ...proof });
  }
  await apiCall(request, manager, 'POST', '/api/staff', {
    name: uniqueName('佐藤'),
    mobile: `139${String(Date.now()).slice(-8)}`,
    roles: ['recorder'],
  });
  await keepABackup(request);

  await login(page, DEMO.manager);
  for (const desk of DESKS) {
    await test.step(desk.name, async () => {
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.goto(desk.path);
      await expect(ui.title(page)).toHaveText(t(lang, desk.titleKey));
      const table = tableOf(page, desk, lang);
      await expect(table).toBeVisible();
      await expect(table.locator('tbody tr').first()).toBeVisible();
      await expect(cardsOf(page, desk)).toHaveCount(0);
      // A laptop's width, not a phone's frame (750 px); the table fits it, nothing scrolls sideways.
      await fitsTheDesk(page, table);
      expect(await seriousViolations(page)).toEqual([]);

      // Sorted: ascending, then descending.
      const header = t(lang, desk.sort.header);
      const sortButton = table.getByRole('button', { name: header, exact: true });
      const th = table.getByRole('columnheader', { name: header });
      if (desk.name === 'information') {
        await sortButton.click();
        await expect(page).toHaveURL(/sort=price&order=asc/);
        await expect(th).toHaveAttribute('aria-sort', 'ascending');
        await sortButton.press('Enter');
        await expect(page).toHaveURL(/sort=price&order=desc/);
        await expect(th).toHaveAttribute('aria-sort', 'descending');
      } else {
        const before = await columnTexts(table, header);
        const collator = new Intl.Collator(INTL_LOCALES[lang], { numeric: true, sensitivity: 'base' });
        const ascending = desk.sort.numeric
          ? [...before].sort((a, b) => amount(a) - amount(b))
          : [...before].sort(collator.compare);
        await sortButton.click();
        await expect(th).toHaveAttribute('aria-sort', 'ascending');
        expect(await columnTexts(table, header)).toEqual(ascending);
        await sortButton.press('Space');
        await expect(th).toHaveAttribute('aria-sort', 'descending');
        const descending = desk.sort.numeric
          ? [...before].sort((a, b) => amount(b) - amount(a))
          : [...before].sort((a, b) => collator.compare(b, a));
        expect(await columnTexts(table, header)).toEqual(descending);
      }

      // The row keeps the card's action.
      await desk.open(page, table, lang);

      // A column hidden from the keyboard, the focus kept on its box; still hidden after a reload.
      const hidden = t(lang, desk.hide);
      await expect(table.getByRole('columnheader', { name: hidden })).toHaveCount(1);
      const scope = page.locator('.data-table').filter({ has: table });
      const choose = scope.getByRole('button', { name: t(lang, 'table:columns') });
      await choose.focus();
      await choose.press('Enter');
      await expect(choose).toHaveAttribute('aria-expanded', 'true');
      const box = scope.getByRole('checkbox', { name: hidden });
      await box.focus();
      await box.press('Space');
      await expect(box).not.toBeChecked();
      await expect(box).toBeFocused();
      await expect(table.getByRole('columnheader', { name: hidden })).toHaveCount(0);
      expect(await seriousViolations(page)).toEqual([]);
      await shot(page, `desktop-${desk.name}-columns`);
      await page.keyboard.press('Escape');
      await expect(choose).toHaveAttribute('aria-expanded', 'false');
      await expect(choose).toBeFocused();
      await page.reload();
      await expect(table.locator('tbody tr').first()).toBeVisible();
      await expect(table.getByRole('columnheader', { name: hidden })).toHaveCount(0);

      // At a phone's width: the cards, as before, and no table.
      await page.setViewportSize({ width: 390, height: 844 });
      await expect(cardsOf(page, desk).first()).toBeVisible();
      await expect(page.getByRole('table')).toHaveCount(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      expect(await seriousViolations(page)).toEqual([]);
    });
  }
});

test('the back-office tables in four languages at a desk, and one page at 360 px', async ({ page, request }) => {
  test.setTimeout(180_000);
  await keepABackup(request);
  const desked: string[] = [];
  page.on('request', (request) => desked.push(new URL(request.url()).pathname));
  await login(page, DEMO.manager);
  for (const lang of LANGS) {
    await storeLanguage(page, lang);
    for (const desk of DESKS) {
      await page.goto(desk.path);
      await expect(ui.title(page)).toHaveText(t(lang, desk.titleKey));
      const table = tableOf(page, desk, lang);
      await expect(table.locator('tbody tr').first()).toBeVisible();
      await expect(table.getByRole('columnheader', { name: t(lang, desk.sort.header) })).toBeVisible();
      await expect(page.getByRole('button', { name: t(lang, 'table:columns') }).first()).toBeVisible();
      await fitsTheDesk(page, table);
      await shot(page, `desktop-${desk.name}-${lang}`, { fullPage: desk.name === 'catalog' });
    }
  }
  // A phone never loads the table's code, its stylesheet or its texts (a desk does, above).
  expect(desked.some((path) => TABLE_CODE.test(path))).toBe(true);
  await page.setViewportSize({ width: 360, height: 740 });
  await storeLanguage(page, 'ja');
  const loaded: string[] = [];
  page.on('request', (request) => loaded.push(new URL(request.url()).pathname));
  await page.goto(paths.staff);
  await expect(page.getByTestId('staff-card').first()).toBeVisible();
  await page.goto(paths.information);
  await expect(page.getByTestId('information-card').first()).toBeVisible();
  expect(loaded.filter((path) => TABLE_CODE.test(path))).toEqual([]);
  expect(loaded.some((path) => /\/staff-[\w-]+\.js$/.test(path))).toBe(true);
  await page.goto(paths.staff);
  await expect(page.getByTestId('staff-card').first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await shot(page, 'desktop-staff-360-ja');
});

test("the shop's details at a desk: two columns in the wide frame, Save under the details, axe clean", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await login(page, DEMO.manager);
  for (const lang of LANGS) {
    await storeLanguage(page, lang);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(paths.shop);
    await expect(ui.title(page)).toHaveText(t(lang, 'titles.shop'));
    // What prints on the shop's documents on the left (its details first), its rules on the right.
    const columns = page.locator('.shop-page__column');
    await expect(columns).toHaveCount(2);
    const details = columns.nth(0).getByRole('region', { name: t(lang, 'shop:details') });
    await expect(details.getByRole('textbox', { name: t(lang, 'setup:fields.shop_name') })).toBeVisible();
    await expect(columns.nth(1).getByRole('region', { name: t(lang, 'shop:rules.title') })).toBeVisible();
    await page.evaluate(() => document.fonts.ready);
    // Wider than a phone's frame (750 px), nothing sideways.
    expect((await page.locator('.app-frame').boundingBox())?.width).toBe(1200);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
    // Side by side, both from the top.
    const left = await columns.nth(0).boundingBox();
    const right = await columns.nth(1).boundingBox();
    if (!left || !right) throw new Error('the two columns are not laid out');
    expect(right.x).toBeGreaterThanOrEqual(left.x + left.width);
    expect(Math.abs(right.y - left.y)).toBeLessThanOrEqual(1);
    // "Save" sits under the details it saves, as wide as their column.
    const save = await page.getByRole('button', { name: t(lang, 'shop:save'), exact: true }).boundingBox();
    expect(Math.abs((save?.x ?? 0) - left.x)).toBeLessThanOrEqual(1);
    expect(Math.abs((save?.width ?? 0) - left.width)).toBeLessThanOrEqual(1);
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, `desktop-shop-${lang}`, { fullPage: true });
  }
  // At a phone's width, one column again: the second half under the first.
  await page.setViewportSize({ width: 390, height: 844 });
  const first = await page.locator('.shop-page__column').nth(0).boundingBox();
  const second = await page.locator('.shop-page__column').nth(1).boundingBox();
  expect(second?.y).toBeGreaterThan((first?.y ?? 0) + (first?.height ?? 0));
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(await seriousViolations(page)).toEqual([]);
});
