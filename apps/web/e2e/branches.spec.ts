/**
 * Issue 32 (docs/adr/0105): the demo's manager opens a second branch with its own licence on the
 * branches page and gives the demo's recorder both branches on the staff page; the recorder signs
 * in, is asked where to work today, chooses the new branch, sees its name on the dashboard and
 * registers an item there, which a recorder of the first branch alone neither lists nor opens and
 * which the manager then cannot close the branch over. axe on each
 * screen; with E2E_SHOTS, the page, its form, the staff sheet and the chooser in four languages at
 * 390 and 360 px. On a server of its own (the demo's data), so that no other journey meets a
 * shop of two branches.
 */
import { paths } from '@jewel/contract/values/web-paths';
import { request as playwrightRequest } from '@playwright/test';
import {
  apiCall,
  fitsPhoneWidth,
  keepLanguage,
  LANGS,
  type Lang,
  serverMessage,
  storedSession,
  submitLogin,
  t,
  ui,
} from './app.ts';
import { seriousViolations } from './axe.ts';
import { commodityBody, enroll, registrationKit } from './commodity-api.ts';
import { apiLogin, DEMO, expect, shot, storeSession, test } from './fixtures.ts';
import { ownServerFor } from './own-server.ts';
import { AUTH_STORAGE_KEY, type SessionTokens } from './session.ts';

const OFFSET = 67;
const b = (lang: Lang, key: string, vars: Record<string, string | number> = {}) => t(lang, `branches:${key}`, vars);
const st = (lang: Lang, key: string, vars: Record<string, string | number> = {}) => t(lang, `staff:${key}`, vars);

const NEW_BRANCH = '梅田店';
const NEW_LICENCE = '大阪府公安委員会 第621110000000号';
const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 360, height: 740 },
] as const;

test.describe('branches', () => {
  const shopURL = ownServerFor(OFFSET);

  test('a manager opens a branch and staffs it; the recorder chooses it and registers there', async ({
    page,
    openPhone,
  }) => {
    test.setTimeout(240_000);
    const lang: Lang = 'zh-Hans';
    const base = shopURL();
    const request = await playwrightRequest.newContext({ baseURL: base });
    const manager = await apiLogin(request, DEMO.manager);
    const staff = await apiCall<{ items: { id: number; name: string; mobile: string }[] }>(
      request,
      manager,
      'GET',
      '/api/staff',
    );
    const recorderName = staff.items.find((member) => member.mobile === DEMO.recorder)?.name ?? '';
    expect(recorderName).not.toBe('');

    // The branches page, from the personal center: the demo's one branch, the shop's details.
    await storeSession(page, manager);
    await page.goto(`${base}${paths.userCenter}`);
    await ui.row(page, t(lang, 'titles.branches')).click();
    await expect(ui.title(page)).toHaveText(t(lang, 'titles.branches'));
    await expect(page.getByTestId('branch-card')).toHaveCount(1);
    expect(await seriousViolations(page)).toEqual([]);

    // A second branch with its own name, address and licence; the rest the shop's.
    await page.getByRole('button', { name: b(lang, 'open'), exact: true }).click();
    const form = page.getByRole('dialog', { name: b(lang, 'form.openTitle') });
    await form.getByRole('textbox', { name: b(lang, 'form.name') }).fill(NEW_BRANCH);
    await form.getByRole('textbox', { name: b(lang, 'form.address') }).fill('大阪市北区梅田 1-1');
    await form.getByRole('textbox', { name: b(lang, 'form.licence_no') }).fill(NEW_LICENCE);
    expect(await seriousViolations(page)).toEqual([]);
    await form.getByRole('button', { name: b(lang, 'form.open'), exact: true }).click();
    await expect(ui.toast(page, b(lang, 'done.opened'))).toBeVisible();
    const opened = page.getByRole('article', { name: NEW_BRANCH });
    await expect(opened.getByTestId('branch-licence')).toHaveText(NEW_LICENCE);
    await expect(page.getByTestId('branch-card')).toHaveCount(2);

    // The staff page: the recorder works at both.
    await page.goto(`${base}${paths.staff}`);
    const card = page.getByTestId('staff-card').filter({ hasText: DEMO.recorder });
    await card.getByRole('button', { name: st(lang, 'branches.open', { name: recorderName }) }).click();
    const sheet = page.getByRole('dialog', { name: st(lang, 'branches.title', { name: recorderName }) });
    await sheet.getByRole('checkbox', { name: NEW_BRANCH }).check();
    expect(await seriousViolations(page)).toEqual([]);
    await sheet.getByRole('button', { name: st(lang, 'branches.save'), exact: true }).click();
    await expect(ui.toast(page, st(lang, 'branches.saved'))).toBeVisible();
    await expect(card.getByTestId('staff-branches')).toContainText(NEW_BRANCH);

    // The recorder signs in on their phone and is asked where to work today.
    const phone = await openPhone();
    await phone.goto(`${base}${paths.login}`);
    await submitLogin(phone, lang, { mobile: DEMO.recorder, password: DEMO.password, agree: true });
    const chooser = phone.getByRole('dialog', { name: t(lang, 'user:branch.choose') });
    await expect(chooser.getByRole('button', { name: NEW_BRANCH })).toBeVisible();
    expect(await seriousViolations(phone)).toEqual([]);
    await chooser.getByRole('button', { name: NEW_BRANCH }).click();
    await expect(ui.toast(phone, t(lang, 'user:branch.done', { name: NEW_BRANCH }))).toBeVisible();
    await expect(phone.getByText(t(lang, 'dashboard:greeting.branch', { name: NEW_BRANCH }))).toBeVisible();
    await expect(chooser).toHaveCount(0);

    // An item registered by this session goes to the branch it works at.
    const stored = await storedSession(phone);
    const recorder = { token: stored?.token ?? '' } as SessionTokens;
    const kit = await registrationKit(request, recorder, [0xd4, 0xaf, 0x37]);
    const [item] = await enroll(request, recorder, [commodityBody(kit, '梅田の金のブレスレット')]);
    expect(item?.no).toBeTruthy();

    // A recorder of the first branch alone neither lists it nor opens it.
    const invited = await apiCall<{ password: string }>(request, manager, 'POST', '/api/staff', {
      name: '本店记录员',
      mobile: '13900006701',
      roles: ['recorder'],
    });
    const firstOnly = await apiLogin(request, '13900006701', invited.password);
    const listed = await apiCall<{ items: { id: number }[] }>(request, firstOnly, 'GET', '/api/commodities?limit=50');
    expect(listed.items.map((row) => row.id)).not.toContain(item?.id);
    const notTheirs = await request.get(`/api/commodities/${item?.id}`, {
      headers: { Authorization: `Bearer ${firstOnly.token}` },
    });
    expect(notTheirs.status()).toBe(404);

    // So the manager cannot close that branch while the item is under way: the server says why.
    await page.goto(`${base}${paths.branches}`);
    await opened.getByRole('button', { name: b(lang, 'actions.closeNamed', { name: NEW_BRANCH }) }).click();
    await page
      .getByRole('dialog', { name: b(lang, 'confirm.closeTitle', { name: NEW_BRANCH }) })
      .getByRole('button', { name: b(lang, 'actions.close') })
      .click();
    await expect(ui.toast(page, serverMessage(lang, 'branchHasItemsUnderWay').replace('{count}', '1'))).toBeVisible();
    await expect(opened.locator('[data-tag="closed"]')).toHaveCount(0);

    // The personal center names the branch, and switches back.
    await phone.goto(`${base}${paths.userCenter}`);
    await expect(phone.getByTestId('working-branch')).toHaveText(NEW_BRANCH);

    // Each screen in four languages at a phone's widths: whole, and axe finds nothing.
    for (const each of LANGS) {
      await keepLanguage(page, each);
      await keepLanguage(phone, each);
      for (const viewport of VIEWPORTS) {
        const size = `${viewport.width}`;
        await page.setViewportSize(viewport);
        await phone.setViewportSize(viewport);

        await page.goto(`${base}${paths.branches}`);
        await expect(ui.title(page)).toHaveText(t(each, 'titles.branches'));
        await expect(page.getByTestId('branch-card')).toHaveCount(2);
        await fitsPhoneWidth(page);
        await shot(page, `branches-${each}-${size}`);

        await page.getByRole('button', { name: b(each, 'actions.editNamed', { name: NEW_BRANCH }) }).click();
        const edit = page.getByRole('dialog', { name: b(each, 'form.editTitle', { name: NEW_BRANCH }) });
        await expect(edit.getByRole('textbox', { name: b(each, 'form.licence_no') })).toHaveValue(NEW_LICENCE);
        await fitsPhoneWidth(page);
        await shot(page, `branch-form-${each}-${size}`);
        if (viewport.width === 360) expect(await seriousViolations(page)).toEqual([]);
        await edit.getByRole('button', { name: t(each, 'common:cancel') }).click();
        await expect(edit).toHaveCount(0);

        await page.goto(`${base}${paths.staff}`);
        await card.getByRole('button', { name: st(each, 'branches.open', { name: recorderName }) }).click();
        const branches = page.getByRole('dialog', { name: st(each, 'branches.title', { name: recorderName }) });
        await expect(branches.getByRole('checkbox', { name: NEW_BRANCH })).toBeChecked();
        await fitsPhoneWidth(page);
        await shot(page, `staff-branches-${each}-${size}`);
        // The sheet itself: at 740 px the list behind it is scrolled to the card, and axe measures
        // the navigation bar's button over the cards under the mask (the whole page is checked above).
        if (viewport.width === 360) expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
        await page.keyboard.press('Escape');
        await expect(branches).toHaveCount(0);

        // The chooser, as right after a sign-in.
        await phone.evaluate((key) => {
          const kept = JSON.parse(localStorage.getItem(key) ?? '{}');
          kept.state.askBranch = true;
          localStorage.setItem(key, JSON.stringify(kept));
        }, AUTH_STORAGE_KEY);
        await phone.goto(`${base}${paths.home}`);
        const asked = phone.getByRole('dialog', { name: t(each, 'user:branch.choose') });
        await expect(asked.getByRole('button', { name: NEW_BRANCH })).toBeVisible();
        await fitsPhoneWidth(phone);
        await shot(phone, `branch-chooser-${each}-${size}`);
        if (viewport.width === 360) expect(await seriousViolations(phone)).toEqual([]);
        await asked.getByRole('button', { name: t(each, 'common:cancel') }).click();
        await expect(asked).toHaveCount(0);
        await expect(phone.getByText(t(each, 'dashboard:greeting.branch', { name: NEW_BRANCH }))).toBeVisible();
        await shot(phone, `home-branch-${each}-${size}`);
      }
    }
    await request.dispose();
  });
});
