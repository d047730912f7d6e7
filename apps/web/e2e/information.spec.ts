/**
 * The data base and its subtotals against the real server. Identified commodities are prepared
 * through the API (the recorder registers them with an uploaded photo and hands them to valuer 1
 * with the quick workflow; valuer 1 starts and submits the appraisal; the recorder buys one
 * back). The recorder then filters the data base, opens a row, adds a subtotal of the filter;
 * a new result arrives through the API; a recomputation gives version 2, and the version list
 * shows both with different figures. Screenshots of the list and the subtotal in Chinese and
 * Japanese at two phone sizes go to E2E_SHOTS.
 */
import { randomUUID } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { apiCall, type Lang, pickChip, storeLanguage, t, ui } from './app.ts';
import { PHONE_VIEWPORT } from './chromium.ts';
import {
  act,
  appraise,
  buybackProof,
  commodityBody,
  enrollAndDistribute,
  type RegistrationKit,
  registrationKit,
  verdict,
} from './commodity-api.ts';
import { apiLogin, DEMO, expect, shot, storeSession, test } from './fixtures.ts';
import type { SessionTokens } from './session.ts';

const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 360, height: 740 },
] as const;
const lang: Lang = 'zh-Hans';

interface People {
  recorder: SessionTokens;
  valuer: SessionTokens;
  kit: RegistrationKit;
}

async function people(request: APIRequestContext): Promise<People> {
  const recorder = await apiLogin(request, DEMO.recorder);
  const valuer = await apiLogin(request, DEMO.valuers[0]);
  return { recorder, valuer, kit: await registrationKit(request, recorder, [0xc9, 0xa2, 0x27]) };
}

/**
 * One commodity through the real calls to a final result: registered with the photo, handed to
 * valuer 1 with the quick workflow, started and appraised (→ 70), and bought back when asked.
 */
async function identified(
  request: APIRequestContext,
  who: People,
  name: string,
  overrides: Record<string, unknown>,
  recycle?: { price: number; currency: string },
) {
  const item = await enrollAndDistribute(request, who.recorder, commodityBody(who.kit, name), who.valuer.user.id, {
    customer: { customer_name: '王先生' },
    workflowId: who.kit.quickId,
  });
  await appraise(request, who.valuer, item.id, verdict({ report: '刻印、螺丝与重量均一致。', ...overrides }));
  if (recycle) {
    const proof = await buybackProof(request, who.recorder);
    await act(request, who.recorder, item.id, 'recycle', { is_recycle: 1, ...recycle, ...proof });
  }
  return item;
}

test('filter the data base, open a row, add a subtotal, recompute it after a new result and see both versions', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const who = await people(request);
  const tag = randomUUID().slice(0, 6).toUpperCase();
  const ring = await identified(request, who, `卡地亚戒指 ${tag}`, {}, { price: 21000, currency: 'CNY' });
  const fake = await identified(request, who, `仿款手袋 ${tag}`, {
    is_real: 2,
    not_genuine_reason: 'stitching',
    state_level: 'B',
    price_low: 300,
    price_high: 500,
  });

  await storeSession(page, who.recorder);
  await page.goto('/pages/information/index');
  await expect(ui.title(page)).toHaveText(t(lang, 'titles.information'));
  const cards = page.getByTestId('information-card');

  // Search by the product name, then narrow to the genuine ones.
  await page.locator('.info-search input').fill(tag);
  await page.locator('.info-search input').press('Enter');
  await expect(cards).toHaveCount(2);
  await expect(cards.first()).toContainText(fake.no);
  await pickChip(page, lang, t(lang, 'information:filter.isReal'), '正品');
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText(ring.no);
  await expect(cards.first()).toContainText(t(lang, 'information:card.bought', { price: '¥21,000.00' }));

  // Its detail shows the result and leads to the commodity.
  await cards.first().click();
  await expect(ui.title(page)).toHaveText(t(lang, 'titles.informationDetail'));
  await expect(page.getByText(ring.no)).toBeVisible();
  await expect(page.getByText('刻印、螺丝与重量均一致。')).toBeVisible();
  await page.getByRole('link', { name: t(lang, 'information:detail.openCommodity') }).click();
  await expect(ui.title(page)).toHaveText(t(lang, 'titles.commodityDetail'));
  await page.goBack();
  await page.goBack();
  await expect(cards).toHaveCount(1);

  // "Add subtotal" carries the filter, shown in words.
  await page.getByRole('link', { name: t(lang, 'information:addSubtotal') }).click();
  await expect(ui.title(page)).toHaveText(t(lang, 'titles.subtotalCreate'));
  await expect(page.getByText(t(lang, 'information:words.contains', { text: tag }))).toBeVisible();
  await expect(page.locator('.info-words dd').filter({ hasText: '正品' })).toBeVisible();
  await page.getByRole('button', { name: t(lang, 'information:create.submit') }).click();
  await expect(page.getByText(t(lang, 'information:create.nameRequired'))).toBeVisible();
  const name = `正品 ${tag}`;
  await page.locator('#subtotal-name').fill(name);
  await page.getByRole('button', { name: t(lang, 'information:create.submit') }).click();
  await expect(ui.title(page)).toHaveText(name);
  await expect(page.getByTestId('subtotal-version')).toHaveText(
    t(lang, 'information:subtotal.version', { version: 1 }),
  );
  await expect(page.getByTestId('figure-count')).toHaveText('1');
  await expect(page.getByTestId('figure-share')).toHaveText('100%');
  const subtotalUrl = page.url();

  // A new result arrives; recomputing adds version 2 with the new figures.
  await identified(request, who, `卡地亚手镯 ${tag}`, { price_low: 40000, price_high: 46000 });
  await page.getByRole('button', { name: t(lang, 'information:subtotal.recompute') }).click();
  await expect(ui.toast(page, t(lang, 'information:detail.recomputed', { version: 2 }))).toBeVisible();
  await expect(page.getByTestId('subtotal-version')).toHaveText(
    t(lang, 'information:subtotal.version', { version: 2 }),
  );
  await expect(page.getByTestId('figure-count')).toHaveText('2');

  await page.getByRole('link', { name: t(lang, 'information:subtotal.versions', { count: 2 }) }).click();
  await expect(ui.title(page)).toHaveText(t(lang, 'titles.subtotalList'));
  const versions = page.getByTestId('subtotal-version-card');
  await expect(versions).toHaveCount(2);
  await expect(versions.nth(0)).toContainText(t(lang, 'information:subtotal.version', { version: 2 }));
  await expect(versions.nth(0).getByTestId('figure-count')).toHaveText('2');
  await expect(versions.nth(1)).toContainText(t(lang, 'information:subtotal.version', { version: 1 }));
  await expect(versions.nth(1).getByTestId('figure-count')).toHaveText('1');
  // The estimate's average moved: (20000 + 24000) / 2 alone, then with (40000 + 46000) / 2.
  await expect(versions.nth(1)).toContainText('¥22,000.00');
  await expect(versions.nth(0)).toContainText('¥32,500.00');
  await shot(page, `versions-zh-Hans-390x844`, { fullPage: true });

  // The subtotal list names it with its latest figures.
  await page.goto('/pages-sub/information/subtotalList');
  await expect(page.getByTestId('subtotal-card').filter({ hasText: name })).toBeVisible();

  // Screenshots: the filtered list and the subtotal, in Chinese and Japanese, at two sizes.
  const listUrl = `/pages/information/index?keyword=${encodeURIComponent(tag)}`;
  for (const shotLang of ['zh-Hans', 'ja'] as const) {
    await storeLanguage(page, shotLang);
    for (const viewport of VIEWPORTS) {
      await page.setViewportSize(viewport);
      await page.goto(listUrl);
      await expect(ui.title(page)).toHaveText(t(shotLang, 'titles.information'));
      await expect(cards).toHaveCount(3);
      await expect(cards.first().locator('.info-tags')).not.toContainText('…');
      await shot(page, `list-${shotLang}-${viewport.width}x${viewport.height}`);
      await page.goto(subtotalUrl);
      await expect(page.getByTestId('figure-count')).toHaveText('2');
      // The filter in words, with the verdict's label from the server's dictionary.
      await expect(page.locator('.info-words dd').last()).toHaveText(shotLang === 'ja' ? '本物' : '正品');
      await shot(page, `subtotal-${shotLang}-${viewport.width}x${viewport.height}`);
      await shot(page, `subtotal-${shotLang}-${viewport.width}x${viewport.height}-full`, { fullPage: true });
    }
  }
  await page.setViewportSize(PHONE_VIEWPORT);
});

test('a temporary user has no data base tab and is told the data base is for staff', async ({ page, request }) => {
  const recorder = await apiLogin(request, DEMO.recorder);
  const link = await apiCall<{ uuid: string }>(request, recorder, 'POST', '/api/auth/tmp', { role: 'recorder' });
  const guest = await apiCall<SessionTokens>(request, null, 'POST', '/api/auth/guest', { uuid: link.uuid });
  await storeSession(page, guest);
  await page.goto('/');
  await expect(ui.tabBar(page, lang)).toBeVisible();
  await expect(ui.tab(page, lang, 'tabbar_information')).toHaveCount(0);
  await page.goto('/pages/information/index');
  await expect(page.getByText(t(lang, 'information:guest.title'))).toBeVisible();
});
