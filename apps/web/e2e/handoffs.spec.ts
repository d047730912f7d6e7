/**
 * Handoffs on the dashboard (issue 12): the valuer who must give a comprehensive assessment (one
 * who did neither appraisal) is told at once and counts it; and the dashboard figures of the
 * recorder and the valuers match the items' stages at each step of a life cycle, one stage per
 * item (docs/decisions.md "Dashboard figures, one stage each"). The items are made and moved
 * through the API; what is checked is what each person's phone shows. Figures are compared as
 * changes from what the dashboard showed before, since other journeys share the database.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { apiCall, type Lang, notificationContent, notificationTitle, t, ui } from './app.ts';
import {
  act,
  appraise,
  buybackProof,
  commodityBody,
  distribute,
  enroll,
  registrationKit,
  runTag,
  verdict,
} from './commodity-api.ts';
import { comprehensivePath, personPage } from './commodity-ui.ts';
import { apiLogin, DEMO, expect, shot, test } from './fixtures.ts';
import type { SessionTokens } from './session.ts';

const lang: Lang = 'zh-Hans';

type Figures = Record<string, number>;
const RECORDER_FIGURES = [
  'registered',
  'toBeDistributed',
  'inAppraisal',
  'toBeModified',
  'inReconsideration',
  'pendingComprehensive',
  'identified',
  'closed',
];
const VALUER_FIGURES = [
  'toBeAppraisedToday',
  'inAppraisal',
  'toReconsider',
  'pendingComprehensive',
  'toBeModified',
  'identified',
  'appraisals',
  'reconsiderations',
];

/**
 * The large figures of the dashboard shown on `page`, by key (the "today" lines aside), read in
 * one go; a figure still loading reads as NaN.
 */
async function readFigures(page: Page, keys: string[]): Promise<Figures> {
  const shown = await page
    .locator('.dashboard-stat[data-figure]')
    .evaluateAll((tiles) =>
      Object.fromEntries(
        tiles.map((tile) => [
          tile.getAttribute('data-figure'),
          tile.querySelector('.dashboard-stat__value')?.textContent ?? '',
        ]),
      ),
    );
  return Object.fromEntries(keys.map((key) => [key, Number.parseInt((shown[key] ?? '').replace(/\D/g, ''), 10)]));
}

/** Waits until the dashboard shows `before` changed by `change` (every figure not named stays). */
async function expectFigures(page: Page, keys: string[], before: Figures, change: Figures, label: string) {
  const want = Object.fromEntries(keys.map((key) => [key, (before[key] ?? 0) + (change[key] ?? 0)]));
  await expect.poll(() => readFigures(page, keys), { message: label, timeout: 20_000 }).toEqual(want);
}

/** Opens the help sheet of the dashboard group `group` and answers it. */
async function openHelp(page: Page, title: string) {
  await page.getByRole('button', { name: t(lang, 'dashboard:stats.helpOpen', { title }) }).click();
  const sheet = page.getByRole('dialog', { name: t(lang, 'dashboard:stats.helpTitle', { title }) });
  await expect(sheet).toBeVisible();
  return sheet;
}

/** `count` bracelets registered in one enrollment, handed to `valuerId` at once when named. */
async function bracelets(request: APIRequestContext, recorder: SessionTokens, count: number, valuerId?: number) {
  const kit = await registrationKit(request, recorder, [0x3b, 0x82, 0xff]);
  const tag = runTag();
  const items = Array.from({ length: count }, (_, index) =>
    commodityBody(kit, `手镯 ${tag}-${index + 1}`, { size_unit: 'mm', ...(valuerId ? { valuer_id: valuerId } : {}) }),
  );
  return enroll(request, recorder, items, {
    customer: { customer_name: `客户${tag}`, customer_address: '上海市静安区' },
  });
}

/** Another level: the reconsideration disagrees. */
const DISAGREEING = verdict({ state_level: 'B', price_low: 12000, price_high: 14000 });

test('the valuer who may give the comprehensive assessment is told at once and counts it', async ({
  openPhone,
  request,
}) => {
  test.setTimeout(120_000);
  const recorder = await apiLogin(request, DEMO.recorder);
  const [valuer1, valuer2, valuer3] = await Promise.all(DEMO.valuers.map((mobile) => apiLogin(request, mobile)));
  if (!valuer1 || !valuer2 || !valuer3) throw new Error('three valuers');

  // Valuer 3 has the dashboard open; nobody reloads.
  const third = await personPage(openPhone, valuer3, lang);
  await third.goto('/');
  await expect(third.locator('.dashboard-stat__value').first()).toBeVisible({ timeout: 60_000 });
  const before = await readFigures(third, VALUER_FIGURES);
  const firstBefore = await apiCall<{ pending_comprehensive: number }>(request, valuer1, 'GET', '/api/user/statistics');

  // Valuer 1 appraises, valuer 2 disagrees.
  const [item] = await bracelets(request, recorder, 1, valuer1.user.id);
  if (!item) throw new Error('enrolled');
  await appraise(request, valuer1, item.id);
  await act(request, valuer2, item.id, 'start-reconsideration');
  // Before the disagreement, valuer 3 only sees it as a reconsideration they might have taken.
  await expectFigures(third, VALUER_FIGURES, before, {}, 'taken by valuer 2: not valuer 3’s');
  // (Valuer 3 was asked for that reconsideration: the count of unread notices moved already.)
  const unread = (await apiCall<{ unread: number }>(request, valuer3, 'GET', '/api/user/notifications?status=unread'))
    .unread;
  await act(request, valuer2, item.id, 'reconsider', DISAGREEING);

  // Told and counted without a reload.
  const badge = ui.tab(third, lang, 'tabbar_user').locator('.adm-badge-content');
  await expect(badge).toHaveText(String(unread + 1));
  await expectFigures(third, VALUER_FIGURES, before, { pendingComprehensive: 1 }, 'a disagreement for valuer 3');
  await expect(third.locator('[data-figure="pendingComprehensive"] .dashboard-stat__value')).toHaveClass(
    /dashboard-stat__value--attention/,
  );
  // The two who took part are not asked (and not counted).
  const firstAfter = await apiCall<{ pending_comprehensive: number }>(request, valuer1, 'GET', '/api/user/statistics');
  expect(firstAfter.pending_comprehensive).toBe(firstBefore.pending_comprehensive);

  // The help sheet says what the figure counts.
  const sheet = await openHelp(third, t(lang, 'dashboard:stats.title.valuers'));
  await expect(sheet.locator('[data-figure="pendingComprehensive"]')).toContainText(
    t(lang, 'dashboard-help:valuers.pendingComprehensive'),
  );
  await shot(third, 'handoffs-valuer-help');
  await sheet.getByRole('button', { name: t(lang, 'confirm') }).click();
  await expect(sheet).toBeHidden();
  await shot(third, 'handoffs-valuer-dashboard');

  // The notice opens the comprehensive assessment of that item.
  await third.goto('/pages-sub/notifications/index?status=unread');
  // (A whole page load: slow on a busy machine.)
  await expect(third.getByText(notificationContent(lang, 'comprehensive_needed', { number: item.no }))).toBeVisible({
    timeout: 60_000,
  });
  await third.getByText(notificationTitle(lang, 'comprehensive_needed')).first().click();
  await third.getByRole('button', { name: t(lang, 'notification:detail.open') }).click();
  await expect(third).toHaveURL(comprehensivePath(item.id));
});

test('the dashboards count each item in one stage, at each step of a life cycle', async ({ openPhone, request }) => {
  // Four phones with live dashboards: slow on a busy two-core machine.
  test.setTimeout(480_000);
  const recorder = await apiLogin(request, DEMO.recorder);
  const [valuer1, valuer2, valuer3] = await Promise.all(DEMO.valuers.map((mobile) => apiLogin(request, mobile)));
  if (!valuer1 || !valuer2 || !valuer3) throw new Error('three valuers');

  const recorderPage = await personPage(openPhone, recorder, lang);
  const first = await personPage(openPhone, valuer1, lang);
  const second = await personPage(openPhone, valuer2, lang);
  const third = await personPage(openPhone, valuer3, lang);
  for (const phone of [recorderPage, first, second, third]) {
    await phone.goto('/');
    await expect(phone.locator('.dashboard-stat__value').first()).toBeVisible({ timeout: 60_000 });
  }
  const base = {
    recorder: await readFigures(recorderPage, RECORDER_FIGURES),
    v1: await readFigures(first, VALUER_FIGURES),
    v2: await readFigures(second, VALUER_FIGURES),
    v3: await readFigures(third, VALUER_FIGURES),
  };
  /** The four dashboards against the change from `base` each must show (written by hand per step). */
  const expectAll = async (label: string, change: { recorder: Figures; v1: Figures; v2: Figures; v3: Figures }) => {
    await expectFigures(recorderPage, RECORDER_FIGURES, base.recorder, change.recorder, `${label}: recorder`);
    await expectFigures(first, VALUER_FIGURES, base.v1, change.v1, `${label}: valuer 1`);
    await expectFigures(second, VALUER_FIGURES, base.v2, change.v2, `${label}: valuer 2`);
    await expectFigures(third, VALUER_FIGURES, base.v3, change.v3, `${label}: valuer 3`);
  };

  const [a, b] = await bracelets(request, recorder, 2);
  if (!a || !b) throw new Error('enrolled');
  await expectAll('registered', { recorder: { registered: 2, toBeDistributed: 2 }, v1: {}, v2: {}, v3: {} });

  await distribute(request, recorder, [a.id, b.id], valuer1.user.id);
  // The case: two unstarted items are "to be appraised", and not also "in appraisal".
  await expectAll('distributed', {
    recorder: { registered: 2, inAppraisal: 2 },
    v1: { toBeAppraisedToday: 2 },
    v2: {},
    v3: {},
  });
  await shot(first, 'handoffs-distributed-valuer');

  await act(request, valuer1, a.id, 'start-appraisal');
  await expectAll('A started', {
    recorder: { registered: 2, inAppraisal: 2 },
    v1: { toBeAppraisedToday: 1, inAppraisal: 1 },
    v2: {},
    v3: {},
  });

  await act(request, valuer1, a.id, 'appraise', verdict());
  await act(request, valuer1, b.id, 'start-appraisal');
  await act(request, valuer1, b.id, 'return', { reason: '请补拍刻印' });
  await expectAll('A appraised, B returned', {
    recorder: { registered: 2, inReconsideration: 1, toBeModified: 1 },
    v1: { toBeModified: 1, appraisals: 1 },
    v2: { toReconsider: 1 },
    v3: { toReconsider: 1 },
  });

  await appraise(request, valuer2, a.id, DISAGREEING, 'reconsideration');
  await expectAll('A disagreed', {
    recorder: { registered: 2, pendingComprehensive: 1, toBeModified: 1 },
    v1: { toBeModified: 1, appraisals: 1 },
    v2: { reconsiderations: 1 },
    v3: { pendingComprehensive: 1 },
  });

  await act(request, valuer3, a.id, 'comprehensive', verdict());
  await expectAll('A identified', {
    recorder: { registered: 2, identified: 1, toBeModified: 1 },
    v1: { identified: 1, toBeModified: 1, appraisals: 1 },
    v2: { reconsiderations: 1 },
    v3: {},
  });

  await act(request, recorder, a.id, 'recycle', {
    is_recycle: 1,
    price: 21000,
    currency: 'CNY',
    ...(await buybackProof(request, recorder)),
  });
  await expectAll('A bought', {
    recorder: { registered: 2, closed: 1, toBeModified: 1 },
    v1: { toBeModified: 1, appraisals: 1 },
    v2: { reconsiderations: 1 },
    v3: {},
  });

  // The recorder's help sheet names each stage.
  const sheet = await openHelp(recorderPage, t(lang, 'dashboard:stats.title.recorder'));
  for (const key of RECORDER_FIGURES) {
    await expect(sheet.locator(`[data-figure="${key}"]`)).toContainText(t(lang, `dashboard-help:recorder.${key}`));
  }
});
