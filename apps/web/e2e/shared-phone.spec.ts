/**
 * A shared phone keeps nothing of the last user (issue 27 item 11): a register draft left by one
 * user is neither shown to the next one (staff or guest recorder), after a sign-out or after a
 * session that ended by itself, nor kept anywhere in the browser's storage; its owner gets it
 * back after an expired session; the offline copy of an item's history keeps no customer value.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { apiCall, createGuestLink, type Lang, spoilStoredSession, storeLanguage, submitLogin, t, ui } from './app.ts';
import { commodityBody, enroll, registrationKit, runTag, versionOf } from './commodity-api.ts';
import { fieldId, uniquePhone } from './commodity-ui.ts';
import { apiLogin, DEMO, expect, login, test } from './fixtures.ts';

// Cache Storage is among what the phone keeps: with the service worker that fills it.
test.use({ serviceWorkers: 'allow' });

const lang: Lang = 'en';
const ENROLL = '/pages-sub/commodityEnroll/index';
const CUSTOMER_FIELDS = ['customer_name', 'customer_phone', 'customer_address'] as const;

/** What A types: values found nowhere else, so that finding one anywhere means it stayed. */
function typedByA() {
  const tag = runTag();
  return {
    customer_name: `Hanako Shared${tag}`,
    customer_phone: uniquePhone(),
    customer_address: `4-2-8 Shibakoen ${tag}`,
  };
}

/**
 * Everything the page's origin keeps: localStorage, sessionStorage, every IndexedDB database's
 * records and Cache Storage's requests and text answers, as one text.
 */
async function phoneStorage(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const parts: string[] = [JSON.stringify({ ...localStorage }), JSON.stringify({ ...sessionStorage })];
    for (const { name } of await indexedDB.databases()) {
      if (!name) continue;
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open(name);
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      for (const store of Array.from(db.objectStoreNames)) {
        const records = await new Promise<unknown[]>((resolve, reject) => {
          const request = db.transaction(store, 'readonly').objectStore(store).getAll();
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(request.error);
        });
        for (const record of records) {
          parts.push(JSON.stringify(record));
          for (const value of Object.values(record as object))
            if (value instanceof Blob && value.size < 5_000_000) parts.push(await value.text());
        }
      }
      db.close();
    }
    if ('caches' in window) {
      for (const cacheName of await caches.keys()) {
        const cache = await caches.open(cacheName);
        for (const request of await cache.keys()) {
          parts.push(request.url);
          const answer = await cache.match(request);
          if (answer && /json|text/.test(answer.headers.get('content-type') ?? '')) parts.push(await answer.text());
        }
      }
    }
    return parts.join('\n');
  });
}

async function expectNothingOf(page: Page, ...typed: Record<string, string>[]) {
  const kept = await phoneStorage(page);
  for (const value of typed.flatMap(Object.values))
    expect(kept, `"${value}" is still on the phone`).not.toContain(value);
}

async function fillDraft(page: Page, typed: Record<string, string>) {
  await page.goto(ENROLL);
  for (const name of CUSTOMER_FIELDS) await page.locator(fieldId(name)).fill(typed[name] ?? '');
  // The draft is on the phone (written at each change): what the next user must not get.
  await expect.poll(() => phoneStorage(page)).toContain(typed.customer_address);
}

async function expectEmptyForm(page: Page) {
  await page.goto(ENROLL);
  await expect(ui.title(page)).toHaveText(t(lang, 'titles.commodityEnroll'));
  for (const name of CUSTOMER_FIELDS) await expect(page.locator(fieldId(name))).toHaveValue('');
}

async function signInOnTheForm(page: Page, mobile: string) {
  await expect(page).toHaveURL(/\/pages\/login\/index/);
  await submitLogin(page, lang, { mobile, password: DEMO.password, agree: true });
  await expect(page).not.toHaveURL(/\/pages\/login\/index/);
}

async function signOut(page: Page) {
  await page.goto('/pages/userCenter/index');
  await ui.row(page, t(lang, 'user:center.logout')).click();
  const dialog = page.getByRole('dialog', { name: t(lang, 'user:center.logout') });
  await dialog.getByRole('button', { name: t(lang, 'user:center.logout') }).click();
  await expect(page).toHaveURL(/\/pages\/login\/index/);
}

test.beforeEach(async ({ page }) => {
  await storeLanguage(page, lang);
});

test('after a sign-out the next user and a guest recorder open an empty register form, and nothing of it stays', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const typed = typedByA();
  await page.goto('/pages/login/index');
  await signInOnTheForm(page, DEMO.recorder);
  await fillDraft(page, typed);

  await signOut(page);
  await expectNothingOf(page, typed);

  // User B signs in on the same phone and opens the register form.
  await signInOnTheForm(page, DEMO.valuers[0]);
  await expectEmptyForm(page);
  await expectNothingOf(page, typed);
  await signOut(page);

  // A guest recorder, through a link A made on their own phone.
  const link = await createGuestLink(page.request, await apiLogin(page.request, DEMO.recorder), 'recorder');
  await page.goto(link.path);
  await page.getByRole('textbox', { name: t(lang, 'temporary:entry.name') }).fill(`Guest ${runTag()}`);
  await page.getByRole('button', { name: t(lang, 'temporary:entry.submit') }).click();
  await expect(page).toHaveURL('/pages/home/index');
  await expectEmptyForm(page);
  await expectNothingOf(page, typed);
});

test('after a session that ended by itself the owner gets the draft back; anyone else never sees it', async ({
  page,
  consoleErrors,
}) => {
  test.setTimeout(90_000);
  consoleErrors.allow.push(/status of 401/);
  const typed = typedByA();
  await page.goto('/pages/login/index');
  await signInOnTheForm(page, DEMO.recorder);
  await fillDraft(page, typed);

  // The session ends by itself (revoked, expired): nobody signed out. A signs in again.
  await spoilStoredSession(page, { access: true, refresh: true });
  await page.goto(ENROLL);
  await signInOnTheForm(page, DEMO.recorder);
  await page.goto(ENROLL);
  for (const name of CUSTOMER_FIELDS) await expect(page.locator(fieldId(name))).toHaveValue(typed[name]);

  // It ends again, and B signs in on the phone without anyone signing out.
  await spoilStoredSession(page, { access: true, refresh: true });
  await page.goto(ENROLL);
  await signInOnTheForm(page, DEMO.valuers[0]);
  await expectEmptyForm(page);
  await expectNothingOf(page, typed);
});

test("the offline copy of an item's history keeps neither the old nor the new customer values", async ({ page }) => {
  const recorder = await login(page, DEMO.recorder);
  const before = typedByA();
  const after = typedByA();
  const kit = await registrationKit(page.request, recorder, [30, 140, 90]);
  const name = `Shared-phone ring ${runTag()}`;
  const [item] = await enroll(page.request, recorder, [commodityBody(kit, name)], { customer: before });
  if (!item) throw new Error('nothing registered');
  // The customer's details corrected: the history holds `[old, new]` for each.
  await apiCall(page.request, recorder, 'POST', `/api/commodities/${item.id}/update`, {
    ...commodityBody(kit, name),
    ...after,
    version: await versionOf(page.request, recorder, item.id),
  });

  await page.goto(`/pages-sub/commodityDetail/index?id=${item.id}`);
  // Online, the recorder sees the customer as corrected…
  await expect(page.getByText(after.customer_name)).toBeVisible();
  // …and the detail is kept for offline use once the app has written it.
  await expect.poll(() => page.evaluate(() => localStorage.getItem('jewel-query-cache') ?? '')).toContain(item.no);
  await expectNothingOf(page, before, after);
});

test('an unsent outbox stays for its owner alone: the sign-out says so, the next user neither sees nor sends it', async ({
  page,
  consoleErrors,
}) => {
  test.setTimeout(120_000);
  // A's registration cannot reach the server while A is signed in: it waits in the outbox.
  consoleErrors.allow.push(/\/api\/enrollments/);
  await page.route('**/api/enrollments', (route) => route.abort('internetdisconnected'));
  const posts: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/api/enrollments'))
      posts.push(request.headers().authorization ?? '');
  });

  await page.goto('/pages/login/index');
  await signInOnTheForm(page, DEMO.recorder);
  const recorder = await apiLogin(page.request, DEMO.recorder);
  const kit = await registrationKit(page.request, recorder, [90, 30, 140]);
  const customer = typedByA();
  const name = `Outbox bangle ${runTag()}`;
  const key = randomUUID();
  // The entry as the register form queues it offline (lib/outbox.ts), A's.
  await page.evaluate(
    ({ key, body, title, userId }) =>
      localStorage.setItem(
        'jewel-outbox',
        JSON.stringify({
          state: {
            entries: [
              {
                key,
                route: 'commodityEnroll',
                body,
                form: null,
                title,
                items: 1,
                userId,
                queuedAt: Date.now(),
                refresh: [],
                refusal: null,
              },
            ],
          },
          version: 1,
        }),
      ),
    {
      key,
      body: { idempotency_key: key, ...customer, commodities: [commodityBody(kit, name)] },
      title: name,
      userId: recorder.user.id,
    },
  );
  await page.reload();
  await expect.poll(() => posts.length).toBeGreaterThan(0);

  // Signing out says what stays.
  await page.goto('/pages/userCenter/index');
  await ui.row(page, t(lang, 'user:center.logout')).click();
  const dialog = page.getByRole('dialog', { name: t(lang, 'user:center.logout') });
  await expect(dialog.getByText(t(lang, 'user:center.logoutKeepsOutbox', { count: 1 }))).toBeVisible();
  await dialog.getByRole('button', { name: t(lang, 'user:center.logout') }).click();
  await expect(page).toHaveURL(/\/pages\/login\/index/);

  // B: an empty outbox, and nothing sent while B is signed in, the network back or not.
  await page.unroute('**/api/enrollments');
  posts.length = 0;
  await signInOnTheForm(page, DEMO.valuers[0]);
  await page.goto('/pages-sub/outbox/index');
  await expect(page.getByText(t(lang, 'offline:outbox.empty'))).toBeVisible();
  await expect(page.getByText(name)).toHaveCount(0);
  await page.reload();
  await expect(page.getByText(t(lang, 'offline:outbox.empty'))).toBeVisible();
  expect(posts).toEqual([]);
  await signOut(page);

  // A again: it goes out, under A's session, once.
  const sent = page.waitForResponse(
    (response) => response.url().endsWith('/api/enrollments') && response.request().method() === 'POST',
    { timeout: 45_000 },
  );
  await signInOnTheForm(page, DEMO.recorder);
  expect((await sent).ok()).toBe(true);
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('jewel-auth') ?? '{}').state.token);
  expect(posts).toEqual([`Bearer ${token}`]);
  const found = await apiCall<{ items: { product_name: string }[] }>(
    page.request,
    recorder,
    'GET',
    `/api/commodities?keyword=${customer.customer_phone}`,
  );
  expect(found.items.map((item) => item.product_name)).toEqual([name]);
});
