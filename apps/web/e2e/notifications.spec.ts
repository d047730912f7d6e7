/**
 * Notifications read and unread: two guests enter through the recorder's links (the server tells
 * a link's creator), the unread badges show it, and opening one marks it read.
 */
import type { Page } from '@playwright/test';
import { apiCall, createGuestLink, enterAsGuest, guestEnteredText, t, ui, uniqueName } from './app.ts';
import { apiLogin, DEMO, expect, storeSession, test } from './fixtures.ts';

const lang = 'zh-Hans';

interface NotificationPage {
  items: { id: number }[];
  unread: number;
}

/** The Unread, Read or All filter of the notification list; its name carries the unread count. */
function filterTab(page: Page, filter: 'all' | 'unread' | 'read') {
  return page.getByRole('tab', { name: new RegExp(`^${t(lang, `notification:tabs.${filter}`)}`) });
}

test('two guests’ entries arrive unread; opening one marks it read', async ({ page }) => {
  const recorder = await apiLogin(page.request, DEMO.recorder);
  // Start from nothing unread, whatever else happened to the recorder before.
  const before = await apiCall<NotificationPage>(
    page.request,
    recorder,
    'GET',
    '/api/user/notifications?status=unread&page=1&page_size=100',
  );
  for (const { id } of before.items) {
    await apiCall(page.request, recorder, 'GET', `/api/user/notifications/${id}/markAsRead`);
  }
  const guests = [uniqueName('Ann '), uniqueName('Bo ')];
  for (const [index, role] of (['recorder', 'valuers'] as const).entries()) {
    const link = await createGuestLink(page.request, recorder, role);
    await enterAsGuest(page.request, link.uuid, guests[index] ?? '');
  }
  const [first = '', second = ''] = guests.map((name) => guestEnteredText(lang, name));

  await storeSession(page, recorder);
  await page.goto('/');
  const meTab = ui.tab(page, lang, 'tabbar_user');
  await expect(meTab.locator('.adm-badge')).toHaveText('2');

  await meTab.click();
  await expect(ui.title(page)).toHaveText(t(lang, 'titles.userCenter'));
  await expect(page.getByText(t(lang, 'user:center.unreadCount', { count: 2 }))).toBeVisible();
  await ui.row(page, t(lang, 'user:center.notifications')).click();
  await expect(ui.title(page)).toHaveText(t(lang, 'titles.notifications'));

  await filterTab(page, 'unread').click();
  await expect(page).toHaveURL('/pages-sub/notifications/index?status=unread');
  await expect(filterTab(page, 'unread')).toContainText(t(lang, 'notification:list.unreadCount', { count: 2 }));
  const cards = page.getByRole('main').getByRole('listitem');
  await expect(cards).toHaveCount(2);
  // Newest first.
  await expect(cards.nth(0)).toContainText(second);
  await expect(cards.nth(1)).toContainText(first);

  await cards.filter({ hasText: second }).getByRole('link').click();
  await expect(ui.title(page)).toHaveText(t(lang, 'titles.notificationDetail'));
  await expect(page.getByRole('article')).toContainText(second);

  await ui.back(page).click();
  await expect(page).toHaveURL('/pages-sub/notifications/index?status=unread');
  await expect(cards).toHaveCount(1);
  await expect(cards).toContainText(first);
  await expect(filterTab(page, 'unread')).toContainText(t(lang, 'notification:list.unreadCount', { count: 1 }));

  await filterTab(page, 'read').click();
  await expect(cards.filter({ hasText: second })).toHaveCount(1);
  await expect(cards.filter({ hasText: first })).toHaveCount(0);

  // Back in the personal center, one left unread.
  await ui.back(page).click();
  await expect(ui.title(page)).toHaveText(t(lang, 'titles.userCenter'));
  await expect(page.getByText(t(lang, 'user:center.unreadCount', { count: 1 }))).toBeVisible();
  await expect(meTab.locator('.adm-badge')).toHaveText('1');
});
