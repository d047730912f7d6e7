/**
 * Changing the password (SPEC.md §5): the three rules and their messages, then a real change,
 * which ends the session; the new password signs in. A valuer no other journey signs in as.
 */
import type { APIRequestContext } from '@playwright/test';
import { apiCall, submitLogin, t, ui } from './app.ts';
import { apiLogin, DEMO, expect, login, test } from './fixtures.ts';

const lang = 'zh-Hans';
const mobile = DEMO.valuers[2];
const newPassword = 'e2e-changed-4';

/** Back to the demo password, whatever a failed earlier attempt left behind. */
async function restoreDemoPassword(request: APIRequestContext) {
  const response = await request.post('/api/auth/login', { data: { mobile, password: newPassword } });
  if (!response.ok()) return;
  const session = (await response.json()).data;
  await apiCall(request, session, 'POST', '/api/user/changePass', {
    old_password: newPassword,
    password: DEMO.password,
    password_confirmation: DEMO.password,
  });
}

test('changing the password: its three rules, then a change that asks to sign in again', async ({ page }) => {
  const demoLogin = await page.request.post('/api/auth/login', { data: { mobile, password: DEMO.password } });
  if (!demoLogin.ok()) await restoreDemoPassword(page.request);
  try {
    const { user } = await login(page, mobile);
    await page.goto('/pages/userCenter/index');
    await ui.row(page, t(lang, 'user:center.changePassword')).click();
    await expect(ui.title(page)).toHaveText(t(lang, 'titles.updatePassword'));

    const current = page.getByRole('textbox', { name: t(lang, 'user:password.current'), exact: true });
    const next = page.getByRole('textbox', { name: t(lang, 'user:password.new'), exact: true });
    const again = page.getByRole('textbox', { name: t(lang, 'user:password.confirm'), exact: true });
    const submit = page.getByRole('button', { name: t(lang, 'user:password.submit') });
    const alerts = page.getByRole('alert');

    await current.fill(DEMO.password);
    await submit.click();
    await expect(alerts.filter({ hasText: t(lang, 'user:password.empty') })).toBeVisible();

    await next.fill('12345');
    await again.fill('12345');
    await submit.click();
    await expect(alerts).toHaveText([t(lang, 'user:password.tooShort', { min: 6 })]);

    await next.fill(newPassword);
    await again.fill(`${newPassword}x`);
    await submit.click();
    await expect(alerts).toHaveText([t(lang, 'user:password.mismatch')]);

    await again.fill(newPassword);
    await submit.click();
    await expect(ui.toast(page, t(lang, 'success.passwordChanged'))).toBeVisible();
    await expect(page).toHaveURL('/pages/login/index');
    await expect(ui.title(page)).toHaveText(t(lang, 'titles.login'));

    await submitLogin(page, lang, { mobile, password: newPassword, agree: true });
    await expect(page).toHaveURL('/pages/home/index');
    await expect(page.locator('.dashboard-greeting').getByRole('heading', { level: 2 })).toContainText(user.name);
  } finally {
    await restoreDemoPassword(page.request);
  }
  // Other journeys sign in with the demo password.
  await apiLogin(page.request, mobile);
});
