/**
 * Issue 28 item 9: every page of the back office stays usable on a small phone. The demo's
 * manager (the owner's role) at 360 × 640 opens the catalog, the shop's details, the audit trail,
 * operations, the staff and the knowledge articles, in each of the four languages: nothing is
 * wider than the screen, and axe finds no serious or critical violation.
 */
import { paths } from '@jewel/contract/values/web-paths';
import type { Locator, Page } from '@playwright/test';
import { apiCall, LANGS, type Lang, storeLanguage, t, ui, uniqueName } from './app.ts';
import { seriousViolations } from './axe.ts';
import { apiLogin, DEMO, expect, login, shot, test } from './fixtures.ts';

const WIDTH = 360;
test.use({ viewport: { width: WIDTH, height: 640 } });

interface BackOfficePage {
  name: string;
  path: string;
  titleKey: string;
  /** What shows once the page has its data. */
  ready: (page: Page, lang: Lang) => Locator;
}

const PAGES: BackOfficePage[] = [
  {
    name: 'catalog',
    path: paths.catalog,
    titleKey: 'titles.catalog',
    ready: (page) => page.locator('.catalog-products__row').first(),
  },
  {
    name: 'shop',
    path: paths.shop,
    titleKey: 'titles.shop',
    ready: (page, lang) => page.getByRole('textbox', { name: t(lang, 'setup:fields.shop_name') }),
  },
  {
    name: 'audit',
    path: paths.audit,
    titleKey: 'titles.audit',
    ready: (page) => page.getByTestId('audit-card').first(),
  },
  {
    name: 'operations',
    path: paths.operations,
    titleKey: 'titles.operations',
    ready: (page, lang) => page.getByRole('button', { name: t(lang, 'operations:backups.now') }),
  },
  {
    name: 'staff',
    path: paths.staff,
    titleKey: 'titles.staff',
    ready: (page) => page.getByTestId('staff-card').first(),
  },
  {
    name: 'knowledge-admin',
    path: paths.knowledgeAdmin,
    titleKey: 'titles.knowledgeAdmin',
    ready: (page) => page.getByTestId('knowledge-admin-card').first(),
  },
];

test('a manager at 360 px uses every back-office page in four languages: nothing wider, axe clean', async ({
  page,
}) => {
  test.setTimeout(240_000);
  // Today's audit trail holds a record at least: a member added, with a long name.
  await apiCall(page.request, await apiLogin(page.request, DEMO.manager), 'POST', '/api/staff', {
    name: uniqueName('Alexandrina Featherstonehaugh'),
    mobile: `139${String(Date.now()).slice(-8)}`,
    roles: ['recorder'],
  });
  await login(page, DEMO.manager);
  for (const lang of LANGS) {
    await storeLanguage(page, lang);
    for (const office of PAGES) {
      await test.step(`${office.name} in ${lang}`, async () => {
        await page.goto(office.path);
        await expect(ui.title(page)).toHaveText(t(lang, office.titleKey));
        await expect(office.ready(page, lang)).toBeVisible();
        await page.evaluate(() => document.fonts.ready);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(WIDTH);
        expect(await seriousViolations(page)).toEqual([]);
        await shot(page, `back-office-360-${office.name}-${lang}`, { fullPage: true });
      });
    }
  }
});
