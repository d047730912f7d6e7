/** The setup page (issue 28 item 1) as an owner fills it, for the journeys that start a shop. */
import type { Page } from '@playwright/test';
import { type Lang, t } from './app.ts';

const s = (lang: Lang, key: string) => t(lang, `setup:${key}`);

/** Every field of the setup page: the owner given, the shop 金陵珠宝回收 in Nanjing. */
export async function fillSetup(page: Page, lang: Lang, owner: { name: string; mobile: string; password: string }) {
  // The label, with the required mark after it.
  const field = (key: string) => page.getByRole('textbox', { name: s(lang, `fields.${key}`) });
  await field('owner_name').fill(owner.name);
  await field('owner_mobile').fill(owner.mobile);
  await field('owner_password').fill(owner.password);
  await field('shop_name').fill('金陵珠宝回收');
  await field('shop_address').fill('南京市秦淮区中山南路 1 号');
  await field('shop_phone').fill('025-0000-0000');
  await field('shop_licence_no').fill('91320100MA1XXXXXXX');
}
