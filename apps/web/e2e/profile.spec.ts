/**
 * The personal info page: the name through a prompt dialog, the gender through a picker, the
 * avatar through an upload; each shows the success toast and stays changed.
 */
import { crc32, deflateSync } from 'node:zlib';
import { apiCall, t, ui, uniqueName } from './app.ts';
import { DEMO, expect, login, test } from './fixtures.ts';

const lang = 'zh-Hans';
/** A valuer whose profile only this journey changes. */
const mobile = DEMO.valuers[0];

/** A small PNG, made here rather than kept as a file: 8×8 pixels of one colour. */
function png(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([Buffer.from(type, 'latin1'), data])));
    return Buffer.concat([length, Buffer.from(type, 'latin1'), data, crc]);
  };
  const size = 8;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits a channel, RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(size * 3, Buffer.from([0x3b, 0x82, 0xff]))]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(Array.from({ length: size }, () => row)))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

test('changing the name, the gender and the avatar', async ({ page }) => {
  const session = await login(page, mobile);
  const dictionary = await apiCall<{ user: { genders: { value: number; label: string }[] } }>(
    page.request,
    null,
    'GET',
    '/api/dictionary',
  );
  const { gender } = await apiCall<{ gender: number }>(page.request, session, 'GET', '/api/user/info');
  const genderLabel = (value: number) => dictionary.user.genders.find((option) => option.value === value)?.label ?? '';
  const newGender = gender === 1 ? 2 : 1;
  const newName = uniqueName('王建国');

  await page.goto('/pages/userCenter/index');
  // The role in the page's language, whatever language the sign-in call had (here, none).
  await expect(page.getByRole('region', { name: t(lang, 'user:center.profile') })).toContainText(
    t(lang, 'role.valuers'),
  );
  await ui.row(page, t(lang, 'user:center.personalInfo')).click();
  await expect(ui.row(page, t(lang, 'user:info.role'))).toContainText(t(lang, 'role.valuers'));
  await expect(ui.title(page)).toHaveText(t(lang, 'titles.userInfo'));
  const updated = ui.toast(page, t(lang, 'success.updated'));
  const nameRow = ui.row(page, t(lang, 'user:info.name'));
  const genderRow = ui.row(page, t(lang, 'user:info.gender'));
  await expect(genderRow).toContainText(genderLabel(gender));

  // The name, in a prompt dialog.
  await nameRow.click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: t(lang, 'user:info.editName') }).fill(newName);
  await dialog.getByRole('button', { name: t(lang, 'confirm') }).click();
  await expect(dialog).toBeHidden();
  await expect(nameRow).toContainText(newName);
  await expect(updated).toBeVisible();
  await expect(updated).toBeHidden();

  // The gender, with the picker.
  await genderRow.click();
  const picker = page.locator('.adm-picker');
  // A tap on the option turns the wheel to it.
  await picker.getByText(genderLabel(newGender), { exact: true }).tap();
  await picker.locator('.adm-picker-header-button').last().click();
  await expect(genderRow).toContainText(genderLabel(newGender));
  await expect(updated).toBeVisible();
  await expect(updated).toBeHidden();

  // The avatar, uploaded.
  const avatar = page.getByRole('main').getByRole('img', { name: t(lang, 'user:info.avatar') });
  const before = await avatar.getAttribute('src');
  await page.locator('input[type="file"]').setInputFiles({ name: 'avatar.png', mimeType: 'image/png', buffer: png() });
  await expect(avatar).toHaveAttribute('src', /^\/api\/files\/.+/);
  await expect(updated).toBeVisible();
  expect(await avatar.getAttribute('src')).not.toBe(before);
  await expect.poll(() => avatar.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  const uploaded = await avatar.getAttribute('src');

  // The personal center shows the new name and avatar.
  await ui.back(page).click();
  await expect(ui.title(page)).toHaveText(t(lang, 'titles.userCenter'));
  await expect(page.getByRole('heading', { level: 2, name: newName })).toBeVisible();
  await expect(page.getByRole('main').getByRole('img', { name: t(lang, 'user:info.avatar') })).toHaveAttribute(
    'src',
    uploaded ?? '',
  );

  // And so does the server, after a reload.
  await page.reload();
  await expect(page.getByRole('heading', { level: 2, name: newName })).toBeVisible();
});
