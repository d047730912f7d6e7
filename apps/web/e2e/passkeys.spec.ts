/**
 * Passkeys (issue 31, ADR 0103) with Chromium's virtual authenticator: a recorder signs in with
 * the password, adds a passkey under a name of their own, renames it, signs out, and signs in
 * again with the passkey alone; the passkey then shows when it was last used, and removing it
 * asks first. axe on the passkeys page and on the sign-in page with its passkey button; both in
 * four languages for the screenshots.
 *
 * WebAuthn takes `localhost` as a relying party, never an IP address: the journeys' servers answer
 * at 127.0.0.1 (servers.ts), so this journey opens its pages at localhost on the same port. The
 * server, without a public address, is its own relying party there (passkey.service.ts).
 */
import { paths } from '@jewel/contract/values/web-paths';
import type { APIRequestContext, Page } from '@playwright/test';
import {
  LANGS,
  type Lang,
  serverMessage,
  storedSession,
  storeLanguage,
  submitLogin,
  t,
  tickAgreement,
  ui,
} from './app.ts';
import { seriousViolations } from './axe.ts';
import { apiLogin, DEMO, expect, login, shot, test } from './fixtures.ts';
import { serverURL } from './servers.ts';

test.use({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's needs from this pattern
  baseURL: async ({}, use, testInfo) => use(serverURL(testInfo.parallelIndex).replace('127.0.0.1', 'localhost')),
});

const pk = (lang: Lang, key: string, vars: Record<string, string | number> = {}) => t(lang, `passkey:${key}`, vars);

/**
 * A phone's own authenticator in the page's browser: it keeps discoverable credentials, verifies
 * its user and answers at once, as a fingerprint would; its passkeys are synced (backed up).
 */
async function addAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
      defaultBackupEligibility: true,
      defaultBackupState: true,
    },
  });
  const credentials = async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials;
  return {
    credentials,
    /**
     * The phone's passkey as a copy made earlier would be: the same key, its signature counter
     * back where it was then (a cloned authenticator, ADR 0103).
     */
    rewind: async (credential: Awaited<ReturnType<typeof credentials>>[number]) => {
      await cdp.send('WebAuthn.removeCredential', { authenticatorId, credentialId: credential.credentialId });
      await cdp.send('WebAuthn.addCredential', { authenticatorId, credential });
    },
  };
}

/** The recorder's passkeys, all removed: each test starts without any, whatever an earlier run left. */
async function forgetPasskeys(request: APIRequestContext) {
  const { token } = await apiLogin(request, DEMO.recorder);
  const headers = { Authorization: `Bearer ${token}` };
  const listed = (await (await request.get('/api/passkeys', { headers })).json()) as { data: { id: number }[] };
  for (const { id } of listed.data) expect((await request.delete(`/api/passkeys/${id}`, { headers })).ok()).toBe(true);
}

/**
 * The browser offers no passkeys in the mobile field's autofill (conditional UI): the virtual
 * authenticator would answer such an offer by itself, before the button is tapped.
 */
async function withoutAutofill(page: Page) {
  await page.addInitScript(() => {
    if (window.PublicKeyCredential) window.PublicKeyCredential.isConditionalMediationAvailable = async () => false;
  });
}

const rows = (page: Page) => page.getByTestId('passkey-row');
const row = (page: Page, name: string) =>
  rows(page).filter({ has: page.getByRole('heading', { level: 2, name, exact: true }) });

/** Adds a passkey from the passkeys page under `name`, through the name dialog and the authenticator. */
async function addPasskey(page: Page, lang: Lang, name: string, options: { shotAs?: string } = {}) {
  await page.getByRole('button', { name: pk(lang, 'page.add') }).click();
  const dialog = page.getByRole('dialog', { name: pk(lang, 'page.nameTitle') });
  const field = dialog.getByRole('textbox', { name: pk(lang, 'page.nameTitle') });
  // Offered from the phone's browser (the journeys' phone: Chrome on Android).
  await expect(field).toHaveValue('Android · Chrome');
  if (options.shotAs) await shot(page, options.shotAs);
  await field.fill(name);
  await dialog.getByRole('button', { name: t(lang, 'confirm') }).click();
  await expect(ui.toast(page, pk(lang, 'page.added'))).toBeVisible();
  await expect(row(page, name)).toBeVisible();
}

test('a recorder adds a passkey, renames it, signs in with it alone, sees it used, and removes it', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const lang: Lang = 'zh-Hans';
  const name = '柜台的手机';
  const renamed = '收银台备用机';
  await forgetPasskeys(page.request);
  const authenticator = await addAuthenticator(page);
  await withoutAutofill(page);

  // Signed in with the password, from the sign-in page.
  await page.goto(paths.login);
  await submitLogin(page, lang, { mobile: DEMO.recorder, password: DEMO.password, agree: true });
  await expect(page).toHaveURL(paths.home);
  const recorder = (await storedSession(page))?.user?.name ?? '';
  expect(recorder).not.toBe('');

  // The personal center's row opens the page: none yet.
  await page.goto(paths.userCenter);
  await expect(ui.row(page, t(lang, 'user:center.passkeys'))).toBeVisible();
  await shot(page, `user-center-${lang}`);
  await ui.row(page, t(lang, 'user:center.passkeys')).click();
  await expect(ui.title(page)).toHaveText(t(lang, 'titles.passkeys'));
  await expect(page.getByRole('heading', { name: pk(lang, 'page.empty') })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // Added under the name given, synced, not used yet; the phone holds it.
  await addPasskey(page, lang, name);
  await expect(row(page, name)).toContainText(pk(lang, 'page.synced'));
  await expect(row(page, name)).toContainText(pk(lang, 'page.neverUsed'));
  expect(await authenticator.credentials()).toHaveLength(1);
  await expect(ui.toast(page, pk(lang, 'page.added'))).toBeHidden();
  expect(await seriousViolations(page)).toEqual([]);

  // Renamed.
  await row(page, name)
    .getByRole('button', { name: pk(lang, 'page.renameNamed', { name }) })
    .click();
  const renaming = page.getByRole('dialog', { name: pk(lang, 'page.renameTitle') });
  const field = renaming.getByRole('textbox');
  await expect(field).toHaveValue(name);
  await field.fill(renamed);
  await renaming.getByRole('button', { name: t(lang, 'confirm') }).click();
  await expect(ui.toast(page, pk(lang, 'page.renamed'))).toBeVisible();
  await expect(row(page, renamed)).toBeVisible();
  await expect(rows(page)).toHaveCount(1);

  // Signed out.
  await ui.back(page).click();
  await ui.row(page, t(lang, 'user:center.logout')).click();
  await page
    .getByRole('dialog', { name: t(lang, 'user:center.logout') })
    .getByRole('button', { name: t(lang, 'user:center.logout') })
    .click();
  await expect(page).toHaveURL(paths.login);

  // The passkey button asks for the agreement first, as the password does.
  const passkeyButton = page.getByRole('button', { name: pk(lang, 'signIn.button') });
  await expect(passkeyButton).toBeVisible();
  await expect(page.getByRole('textbox', { name: t(lang, 'auth:login.mobile') })).toHaveAttribute(
    'autocomplete',
    'username webauthn',
  );
  expect(await seriousViolations(page)).toEqual([]);
  await passkeyButton.click();
  await expect(page.getByRole('alert')).toHaveText(t(lang, 'auth:login.agreementRequired'));
  expect(await storedSession(page).then((session) => session?.token ?? null)).toBeNull();

  // Signed in with the passkey alone: nothing typed.
  await tickAgreement(page, lang);
  await expect(page.getByRole('textbox', { name: t(lang, 'auth:login.password'), exact: true })).toHaveValue('');
  await passkeyButton.click();
  await expect(page).toHaveURL(paths.home);
  await expect(page.locator('.dashboard-greeting').getByRole('heading', { level: 2 })).toContainText(recorder);
  expect((await storedSession(page))?.user?.name).toBe(recorder);

  // Its last use shows.
  await page.goto(paths.passkeys);
  const lastUsed = pk(lang, 'page.lastUsed', { date: '' }).trim();
  await expect(row(page, renamed)).toContainText(lastUsed);
  await expect(row(page, renamed)).not.toContainText(pk(lang, 'page.neverUsed'));
  await shot(page, `passkeys-${lang}-used`);

  // Removed, once confirmed.
  await row(page, renamed)
    .getByRole('button', { name: pk(lang, 'page.removeNamed', { name: renamed }) })
    .click();
  const confirm = page.getByRole('dialog', { name: pk(lang, 'page.removeTitle', { name: renamed }) });
  await expect(confirm).toContainText(pk(lang, 'page.removeText'));
  await confirm.getByRole('button', { name: pk(lang, 'page.remove') }).click();
  await expect(ui.toast(page, pk(lang, 'page.removed'))).toBeVisible();
  await expect(rows(page)).toHaveCount(0);
  await expect(page.getByRole('heading', { name: pk(lang, 'page.empty') })).toBeVisible();
});

test('the passkeys page and the sign-in page’s passkey button in four languages', async ({ page, openPhone }) => {
  test.setTimeout(120_000);
  await forgetPasskeys(page.request);
  await addAuthenticator(page);
  await login(page, DEMO.recorder);
  const signedOut = await openPhone();
  const name = 'Shop counter iPhone';
  for (const lang of LANGS) {
    await storeLanguage(page, lang);
    await page.goto(paths.passkeys);
    await expect(ui.title(page)).toHaveText(t(lang, 'titles.passkeys'));
    if (lang === LANGS[0]) await addPasskey(page, lang, name, { shotAs: `passkeys-${lang}-name` });
    await expect(row(page, name)).toContainText(pk(lang, 'page.synced'));
    await expect(ui.toast(page, pk(lang, 'page.added'))).toBeHidden();
    expect(await seriousViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(page, `passkeys-${lang}`);

    await row(page, name)
      .getByRole('button', { name: pk(lang, 'page.removeNamed', { name }) })
      .click();
    const confirm = page.getByRole('dialog', { name: pk(lang, 'page.removeTitle', { name }) });
    await expect(confirm).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, `passkeys-${lang}-remove`);
    await confirm.getByRole('button', { name: t(lang, 'cancel') }).click();
    await expect(confirm).toBeHidden();

    await storeLanguage(signedOut, lang);
    await signedOut.goto(paths.login);
    await expect(signedOut.getByRole('button', { name: pk(lang, 'signIn.button') })).toBeVisible();
    expect(await seriousViolations(signedOut)).toEqual([]);
    expect(await signedOut.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(signedOut, `login-passkey-${lang}`);
  }
  // At the server's IP address WebAuthn cannot work: the page says so, lists what there is, offers nothing to tap.
  for (const lang of LANGS) {
    await storeLanguage(page, lang);
    await page.goto(`${serverURL(test.info().parallelIndex)}${paths.passkeys}`);
    const notice = page.getByRole('status', { name: pk(lang, 'unavailable.title') });
    await expect(notice).toContainText(pk(lang, 'unavailable.address'));
    await expect(row(page, name)).toBeVisible();
    await expect(page.getByRole('main').getByRole('button')).toHaveCount(0);
    await expect(page.getByRole('button', { name: pk(lang, 'page.add') })).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, `passkeys-${lang}-unavailable`);
  }

  // The next run starts without it.
  await page.goto(paths.passkeys);
  await row(page, name)
    .getByRole('button', { name: pk('ja', 'page.removeNamed', { name }) })
    .click();
  await page
    .getByRole('dialog', { name: pk('ja', 'page.removeTitle', { name }) })
    .getByRole('button', { name: pk('ja', 'page.remove') })
    .click();
  await expect(rows(page)).toHaveCount(0);
});

test('the mobile field’s autofill offers the passkey: picked before the agreement, it waits for it', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const lang: Lang = 'en';
  const name = 'Autofill phone';
  await forgetPasskeys(page.request);
  await addAuthenticator(page);
  await storeLanguage(page, lang);
  const { user } = await login(page, DEMO.recorder);
  await page.goto(paths.passkeys);
  await addPasskey(page, lang, name);
  await page.evaluate(() => localStorage.clear());

  // The virtual authenticator answers the autofill's offer at once, as a person picking the
  // passkey in the mobile field's suggestions would: without the agreement, nothing is sent.
  await storeLanguage(page, lang);
  await page.goto(paths.login);
  await expect(page.getByRole('alert')).toHaveText(t(lang, 'auth:login.agreementRequired'));
  expect(await storedSession(page)).toBeNull();
  await expect(page).toHaveURL(paths.login);

  // Ticked, the offer starts again and the passkey signs in: no button tapped, nothing typed.
  await tickAgreement(page, lang);
  await expect(page).toHaveURL(paths.home);
  await expect(page.locator('.dashboard-greeting').getByRole('heading', { level: 2 })).toContainText(user.name);
  await forgetPasskeys(page.request);
});

test('a cloned passkey, whose counter does not grow, is refused and signs nobody in', async ({ page }) => {
  test.setTimeout(120_000);
  const lang: Lang = 'en';
  await forgetPasskeys(page.request);
  const authenticator = await addAuthenticator(page);
  await withoutAutofill(page);
  await storeLanguage(page, lang);

  await page.goto(paths.login);
  await submitLogin(page, lang, { mobile: DEMO.recorder, password: DEMO.password, agree: true });
  await expect(page).toHaveURL(paths.home);
  await page.goto(paths.passkeys);
  await addPasskey(page, lang, 'Counter phone');
  await expect(row(page, 'Counter phone')).toBeVisible();
  // The copy: the passkey as it was when it was added.
  const [copy] = await authenticator.credentials();
  if (!copy) throw new Error('the authenticator holds no passkey');

  const signOutAndTapPasskey = async () => {
    await page.evaluate(() => localStorage.removeItem('jewel-auth'));
    await page.goto(paths.login);
    await tickAgreement(page, lang);
    await page.getByRole('button', { name: pk(lang, 'signIn.button') }).click();
  };

  // The phone itself signs in: its counter grows past the copy's.
  await signOutAndTapPasskey();
  await expect(page).toHaveURL(paths.home);

  // The copy signs with a counter the shop has seen already: refused, said, nobody signed in.
  await authenticator.rewind(copy);
  await signOutAndTapPasskey();
  await expect(ui.toast(page, serverMessage(lang, 'passkeyNotRecognized'))).toBeVisible();
  await expect(page).toHaveURL(paths.login);
  expect(await storedSession(page).then((session) => session?.token ?? null)).toBeNull();
  expect(await seriousViolations(page)).toEqual([]);
});
