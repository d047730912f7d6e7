/**
 * The journeys' `test`: @playwright/test's, with a `consoleErrors` auto-fixture that fails a test
 * whose page logged an error, threw, lost a request or got a 5xx; and sign-in helpers.
 *
 *   import { DEMO, expect, login, test } from './fixtures.ts';
 *   test('…', async ({ page, consoleErrors }) => {
 *     consoleErrors.allow.push(/expected failure/);
 *     await login(page, DEMO.recorder);
 *     await page.goto('/');
 *   });
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { type APIRequestContext, type BrowserContext, test as base, expect, type Page } from '@playwright/test';
import { serverURL } from './servers.ts';
import { AUTH_STORAGE_KEY, persistedSession, type SessionTokens } from './session.ts';

/** The demo sign-ins the server seeds into an empty embedded database (README "Demo sign-ins"). */
export const DEMO = {
  password: 'demo123456',
  recorder: '13800000001',
  valuers: ['13800000002', '13800000003', '13800000004'],
  manager: '13800000005',
} as const;

export interface ConsoleErrors {
  /** Everything seen so far: console errors, uncaught page errors, failed requests, 5xx responses. */
  readonly entries: string[];
  /** Entries containing one of these strings, or matching one of these patterns, do not fail the test. */
  readonly allow: (string | RegExp)[];
}

/**
 * Allowed for every test. The API answers 4xx as part of its contract (a wrong password, a
 * validation error, an expired token), and the app handles them; Chromium still logs each as
 * "Failed to load resource". A 4xx for anything else (a missing chunk) is still an error.
 * Aborted requests are cancellations (a query cancelled, a navigation away), not failures.
 * Chromium asks for /favicon.ico by itself when the page declares no icon: not the app's request.
 */
const alwaysAllowed: RegExp[] = [
  /^console: Failed to load resource: .*status of 4\d\d .*\(\/api\//,
  /^console: Failed to load resource: .*status of 404 .*\(\/favicon\.ico\)$/,
  /net::ERR_ABORTED/,
];

function allowed(entry: string, allow: readonly (string | RegExp)[]): boolean {
  return [...alwaysAllowed, ...allow].some((a) => (typeof a === 'string' ? entry.includes(a) : a.test(entry)));
}

function pathOf(url: string): string {
  try {
    const { pathname, search } = new URL(url);
    return pathname + search;
  } catch {
    return url;
  }
}

/** Records a page's console errors, uncaught errors, failed requests and 5xx answers into `errors`. */
function watch(page: Page, errors: ConsoleErrors) {
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const where = message.location().url;
    errors.entries.push(`console: ${message.text()}${where ? ` (${pathOf(where)})` : ''}`);
  });
  page.on('pageerror', (error) => errors.entries.push(`pageerror: ${error.stack ?? error.message}`));
  page.on('requestfailed', (request) =>
    errors.entries.push(
      `requestfailed: ${request.method()} ${pathOf(request.url())}: ${request.failure()?.errorText ?? 'failed'}`,
    ),
  );
  page.on('response', (response) => {
    if (response.status() >= 500)
      errors.entries.push(`response: ${response.status()} ${response.request().method()} ${pathOf(response.url())}`);
  });
}

interface Fixtures {
  consoleErrors: ConsoleErrors;
  /**
   * Another person's phone: a page in a fresh browser context with the project's phone settings,
   * watched for errors like `page`, closed after the test.
   */
  openPhone: () => Promise<Page>;
}

export const test = base.extend<Fixtures>({
  // The server of this worker (e2e/servers.ts): pages and requests of a journey reach only it.
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's needs from this pattern
  baseURL: async ({}, use, testInfo) => use(serverURL(testInfo.parallelIndex)),
  consoleErrors: [
    async ({ page }, use, testInfo) => {
      const errors: ConsoleErrors = { entries: [], allow: [] };
      watch(page, errors);

      await use(errors);

      const unexpected = errors.entries.filter((entry) => !allowed(entry, errors.allow));
      if (unexpected.length > 0) {
        await testInfo.attach('console-errors', { body: unexpected.join('\n'), contentType: 'text/plain' });
      }
      expect(unexpected, 'errors in the page (push to consoleErrors.allow to accept one)').toEqual([]);
    },
    { auto: true },
  ],
  openPhone: async ({ browser, consoleErrors, baseURL, serviceWorkers }, use, testInfo) => {
    const contexts: BrowserContext[] = [];
    const { viewport, deviceScaleFactor, isMobile, hasTouch, userAgent, locale } = testInfo.project.use;
    await use(async () => {
      const context = await browser.newContext({
        viewport,
        deviceScaleFactor,
        isMobile,
        hasTouch,
        userAgent,
        locale,
        baseURL,
        serviceWorkers,
      });
      contexts.push(context);
      const page = await context.newPage();
      watch(page, consoleErrors);
      return page;
    });
    await Promise.all(contexts.map((context) => context.close()));
  },
});

export { expect };

/** Signs in through the API (`POST /api/auth/login`) and answers the session, nothing else. */
export async function apiLogin(
  request: APIRequestContext,
  mobile: string,
  password: string = DEMO.password,
): Promise<SessionTokens> {
  const response = await request.post('/api/auth/login', { data: { mobile, password } });
  const body = (await response.json()) as { code: number; msg: string; data: SessionTokens };
  expect(response.ok() && body.code === 0, `sign-in of ${mobile}: ${response.status()} ${body.msg}`).toBe(true);
  return body.data;
}

/**
 * Puts the session into localStorage the way the app's persisted auth store writes it, before
 * the page's own scripts run at its next navigation. Written once per call and page: a sign-out
 * in the journey is not undone by a later reload.
 */
export async function storeSession(page: Page, session: SessionTokens): Promise<void> {
  await page.addInitScript(
    ([key, value, marker]) => {
      try {
        if (sessionStorage.getItem(marker)) return;
        localStorage.setItem(key, value);
        sessionStorage.setItem(marker, '1');
      } catch {
        // about:blank and opaque origins have no storage.
      }
    },
    // One marker per call, so that a later login (another user) is written once too.
    [AUTH_STORAGE_KEY, persistedSession(session), `e2e-session-stored-${randomUUID()}`] as const,
  );
}

/** Signs in through the API as `mobile` and stores the session for the page's next navigation. */
export async function login(page: Page, mobile: string, password: string = DEMO.password): Promise<SessionTokens> {
  const session = await apiLogin(page.request, mobile, password);
  await storeSession(page, session);
  return session;
}

/**
 * Screenshots for a person to look at (UI.md "Check it with your own eyes"), taken only when
 * `E2E_SHOTS` names a folder: `E2E_SHOTS=/tmp/shots npx playwright test`. CI takes none.
 */
export const SHOTS_DIR = process.env.E2E_SHOTS ?? '';

export async function shot(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<void> {
  if (!SHOTS_DIR) return;
  mkdirSync(SHOTS_DIR, { recursive: true });
  // Transitions and animations jump to their end: the picture shows the page at rest.
  await page.screenshot({ path: `${SHOTS_DIR}/${name}.png`, animations: 'disabled', ...options });
}
