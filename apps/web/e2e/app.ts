/**
 * What the journeys need to know of the app: its texts in the four languages (the web app's
 * locale files and the server's messages, read rather than copied), where things are on screen,
 * and set-up through the API (guest links, guest entries, the stored session and language).
 *
 *   import { t, ui } from './app.ts';
 *   await expect(ui.title(page)).toHaveText(t('en', 'titles.login'));
 */
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LANG_HEADER, LANGS, type Lang } from '@jewel/contract/values/i18n';
import type { RoleCode } from '@jewel/contract/values/roles';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { ERROR_MESSAGES, NOTIFICATION_TEXTS, translate } from '../../server/src/i18n/messages.ts';
import { expect } from './fixtures.ts';
import { AUTH_STORAGE_KEY, LANGUAGE_STORAGE_KEY, persistedLanguage, type SessionTokens } from './session.ts';

export { LANGS, type Lang };

type Bundle = Record<string, unknown>;

/** The web app's texts: language → namespace → the JSON it loads, every namespace there is. */
const localesDir = fileURLToPath(new URL('../src/locales', import.meta.url));
const bundles = Object.fromEntries(
  LANGS.map((lang) => [
    lang,
    Object.fromEntries(
      readdirSync(path.join(localesDir, lang))
        .filter((file) => file.endsWith('.json'))
        .map((file) => [
          file.replace(/\.json$/, ''),
          JSON.parse(readFileSync(path.join(localesDir, lang, file), 'utf8')),
        ]),
    ),
  ]),
) as Record<Lang, Record<string, Bundle>>;

function lookup(bundle: Bundle | undefined, path: string): unknown {
  let node: unknown = bundle;
  for (const part of path.split('.')) node = (node as Bundle | undefined)?.[part];
  return node;
}

/**
 * A text of the web app as lib/i18n.ts renders it: `t('en', 'auth:login.submit')`, `common` by
 * default, `{{name}}` filled in, `_one`/`_other` chosen by `count` as the language's plural rules say.
 */
export function t(lang: Lang, key: string, vars: Record<string, string | number> = {}): string {
  const [ns, path] = key.includes(':') ? (key.split(':', 2) as [string, string]) : ['common', key];
  const bundle = bundles[lang][ns];
  let text = lookup(bundle, path);
  if (text === undefined && typeof vars.count === 'number') {
    const form = new Intl.PluralRules(lang).select(vars.count);
    text = lookup(bundle, `${path}_${form}`) ?? lookup(bundle, `${path}_other`);
  }
  if (typeof text !== 'string') throw new Error(`no text ${key} in ${lang}`);
  return text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole));
}

/** One of the server's error messages in a language (apps/server/src/i18n/messages.ts). */
export function serverMessage(lang: Lang, name: keyof typeof ERROR_MESSAGES): string {
  return ERROR_MESSAGES[name][lang];
}

/** The content of a "temporary link used" notification, as the server writes it. */
/** A notification's title as the server renders it. */
export function notificationTitle(lang: Lang, type: keyof typeof NOTIFICATION_TEXTS): string {
  return translate(NOTIFICATION_TEXTS[type].title, lang);
}

/** A notification's text as the server renders it. */
export function notificationContent(
  lang: Lang,
  type: keyof typeof NOTIFICATION_TEXTS,
  params: Record<string, string | number>,
): string {
  return translate(NOTIFICATION_TEXTS[type].content, lang, params);
}

export function guestEnteredText(lang: Lang, name: string): string {
  return notificationContent(lang, 'temporary_link_used', { name });
}

/** Where things are on every page. */
export const ui = {
  /** The title in the custom navigation bar. */
  title: (page: Page): Locator => page.getByRole('banner').getByRole('heading', { level: 1 }),
  /** The navigation bar's back arrow. */
  back: (page: Page): Locator => page.getByRole('banner').locator('.adm-nav-bar-back'),
  /** The bottom tab bar. */
  tabBar: (page: Page, lang: Lang): Locator => page.getByRole('navigation', { name: t(lang, 'tabbar_label') }),
  /** One tab of the tab bar by its label. */
  tab: (page: Page, lang: Lang, key: 'tabbar_home' | 'tabbar_know' | 'tabbar_information' | 'tabbar_user'): Locator =>
    ui
      .tabBar(page, lang)
      .locator('.adm-tab-bar-item')
      .filter({ hasText: t(lang, key) }),
  /** A toast showing exactly this text. */
  toast: (page: Page, text: string): Locator => page.locator('.adm-toast-main').getByText(text, { exact: true }),
  /** A row of an antd-mobile list (the personal center's menu, the profile). */
  row: (page: Page, text: string): Locator =>
    page.locator('.adm-list-item').filter({ has: page.locator('.adm-list-item-content-main').getByText(text) }),
};

/** The login form, filled and submitted as a person would. */
export async function submitLogin(
  page: Page,
  lang: Lang,
  credentials: { mobile: string; password: string; agree: boolean },
): Promise<void> {
  await page.getByRole('textbox', { name: t(lang, 'auth:login.mobile') }).fill(credentials.mobile);
  await page.getByRole('textbox', { name: t(lang, 'auth:login.password'), exact: true }).fill(credentials.password);
  if (credentials.agree) await tickAgreement(page, lang);
  await tapSignIn(page, lang);
}

/**
 * Taps "Sign in" near its left end: a toast in the middle of the screen (a refusal just shown)
 * can cover the button's centre and take the tap for its 2 s.
 */
export async function tapSignIn(page: Page, lang: Lang): Promise<void> {
  await page
    .getByRole('button', { name: t(lang, 'auth:login.submit'), exact: true })
    .click({ position: { x: 24, y: 12 } });
}

/** Ticks the privacy and user agreement box (a native checkbox). */
export async function tickAgreement(page: Page, lang: Lang): Promise<void> {
  await page.getByRole('checkbox', { name: t(lang, 'auth:login.agreementLabel') }).check();
}

/** The path and query of the page shown. */
export function location(page: Page): string {
  const url = new URL(page.url());
  return url.pathname + url.search;
}

/** The login page's address when sent there from `target`. */
export function loginRedirect(target: string): string {
  return `/pages/login/index?${new URLSearchParams({ redirect: target })}`;
}

/** A sessionStorage marker, so that an init script acts at the next navigation only, not at a reload. */
function onceMarker(): string {
  return `e2e-once-${randomUUID()}`;
}

/** The language the app starts in at the next navigation, as its language store keeps it. */
export async function storeLanguage(page: Page, lang: Lang): Promise<void> {
  await page.addInitScript(
    ({ marker, key, value }) => {
      try {
        if (sessionStorage.getItem(marker)) return;
        sessionStorage.setItem(marker, '1');
        localStorage.setItem(key, value);
      } catch {
        // about:blank and opaque origins have no storage.
      }
    },
    { marker: onceMarker(), key: LANGUAGE_STORAGE_KEY, value: persistedLanguage(lang) },
  );
}

/** The app in `lang` from its next load (the page already open), as its language store keeps it. */
export async function keepLanguage(page: Page, lang: Lang): Promise<void> {
  await page.evaluate(({ key, value }) => localStorage.setItem(key, value), {
    key: LANGUAGE_STORAGE_KEY,
    value: persistedLanguage(lang),
  });
}

/** The page is no wider than the phone's viewport. */
export async function fitsPhoneWidth(page: Page): Promise<void> {
  const width = page.viewportSize()?.width ?? 0;
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

/**
 * Spoils the stored session before the app starts at the next navigation: the access token's
 * signature (still a well-formed JWT) and/or the refresh token. The user stays, so the app
 * believes it is signed in until the server says otherwise.
 */
export async function spoilStoredSession(page: Page, spoil: { access: boolean; refresh: boolean }): Promise<void> {
  await page.addInitScript(
    ({ marker, key, access, refresh }) => {
      try {
        if (sessionStorage.getItem(marker)) return;
        sessionStorage.setItem(marker, '1');
      } catch {
        return;
      }
      const stored = JSON.parse(localStorage.getItem(key) ?? 'null');
      if (!stored?.state?.token) return;
      if (access) {
        const [header, payload] = String(stored.state.token).split('.');
        stored.state.token = `${header}.${payload}.${'A'.repeat(43)}`;
      }
      if (refresh) stored.state.refreshToken = 'spoiled-refresh-token';
      localStorage.setItem(key, JSON.stringify(stored));
    },
    { marker: onceMarker(), key: AUTH_STORAGE_KEY, ...spoil },
  );
}

/** The session the app keeps in localStorage right now. */
export async function storedSession(
  page: Page,
): Promise<{ token: string | null; refreshToken: string | null; user: { name: string } | null } | null> {
  const raw = await page.evaluate((key) => localStorage.getItem(key), AUTH_STORAGE_KEY);
  return raw ? JSON.parse(raw).state : null;
}

interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

/** An API call as `session`'s user; fails the test unless it answers code 0. */
export async function apiCall<T>(
  request: APIRequestContext,
  session: Pick<SessionTokens, 'token'> | null,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH',
  path: string,
  data?: unknown,
  lang: Lang = 'zh-Hans',
): Promise<T> {
  const headers: Record<string, string> = { platform: 'h5', lang: LANG_HEADER[lang] };
  if (session) headers.Authorization = `Bearer ${session.token}`;
  const response = await request.fetch(path, { method, headers, data });
  const body = (await response.json()) as Envelope<T>;
  expect(body.code, `${method} ${path}: ${response.status()} ${body.msg}`).toBe(0);
  return body.data;
}

/** A guest link of `role` made by `creator` (`POST /api/auth/tmp`). */
export async function createGuestLink(
  request: APIRequestContext,
  creator: SessionTokens,
  role: RoleCode,
): Promise<{ uuid: string; path: string }> {
  const link = await apiCall<{ uuid: string; path: string }>(request, creator, 'POST', '/api/auth/tmp', { role });
  expect(link.path).toBe(`/t_${role === 'recorder' ? 'r' : 'v'}${link.uuid}`);
  return link;
}

/** A guest's entry through a link (`POST /api/auth/guest`): the link's creator is notified. */
export async function enterAsGuest(request: APIRequestContext, uuid: string, name: string): Promise<SessionTokens> {
  return apiCall<SessionTokens>(request, null, 'POST', '/api/auth/guest', { uuid, name });
}

/** A name no other run or test has used. */
export function uniqueName(prefix: string): string {
  return `${prefix}${randomUUID().slice(0, 6)}`;
}

/**
 * Turns an antd-mobile Picker wheel to `label` the way a screen reader does, through the wheel's
 * accessible previous / next buttons (a tap on an item lands on those buttons, which lie above it).
 */
export async function turnWheel(page: Page, label: string, column = 0): Promise<void> {
  const wheel = page.locator('.adm-picker-view-column').nth(column);
  const active = wheel.locator('.adm-picker-view-column-item-active');
  // A filter's wheel loads at the first tap (components/choice-chip.tsx): its items once it is there.
  await expect(active).toBeVisible();
  const labels = await wheel.locator('.adm-picker-view-column-item').allTextContents();
  const target = labels.indexOf(label);
  expect(target, `${label} is one of ${labels.join(', ')}`).toBeGreaterThanOrEqual(0);
  // Each step moves one item; a tap while the wheel still settles from the last one can be lost on
  // a busy machine (CI saw it once), so each step looks again and taps again, up and down alike.
  for (let step = 0; step < 3 * labels.length; step += 1) {
    const current = labels.indexOf((await active.textContent()) ?? '');
    if (current === target) return;
    await wheel
      .locator('.adm-picker-view-column-accessible-button')
      .nth(target < current ? 0 : 1)
      .dispatchEvent('click');
    await expect(active)
      .not.toHaveText(labels[current] ?? '', { timeout: 2000 })
      .catch(() => undefined);
  }
  await expect(active).toHaveText(label);
}

/** A day (`YYYY-MM-DD`) chosen in the date field (components/form/date-field.tsx) inside `scope`. */
export async function fillDate(scope: Locator, iso: string): Promise<void> {
  const [year, month, day] = iso.split('-').map(Number);
  await scope.locator('select[data-part="year"]').selectOption(String(year));
  await scope.locator('select[data-part="month"]').selectOption(String(month));
  await scope.locator('select[data-part="day"]').selectOption(String(day));
}

/** A filter chip (components/choice-chip.tsx) set to `choice`: opened, its wheel turned, confirmed. */
export async function pickChip(page: Page, lang: Lang, label: string, choice: string): Promise<void> {
  await page.getByRole('button', { name: new RegExp(`^${label}:`) }).click();
  await turnWheel(page, choice);
  await page
    .locator('.adm-picker-header-button')
    .filter({ hasText: t(lang, 'common:confirm') })
    .click();
  await expect(page.locator('.adm-picker')).toBeHidden();
}
