import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { count } from 'drizzle-orm';
import { expect, it } from 'vitest';
import {
  banners,
  dictionaryOptions,
  knowledgeArticles,
  products,
  shop,
  users,
  webTranslations,
  workflows,
} from '../../db/schema.ts';
import { bearer, DEMO, DEMO_PASSWORD, describeOnDatabases, type TestContext } from '../../test/test-app.ts';

/**
 * Issue 28 item 1: an empty database is a shop not set up. It seeds nothing by itself; the setup
 * page sets it up once (its owner and details), or fills it with the demo when asked. The
 * expected answers come from the text, not from the code.
 */

const webDist = mkdtempSync(path.join(os.tmpdir(), 'jewel-web-'));
mkdirSync(path.join(webDist, 'assets'));
writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><html lang="zh-Hans"><body>shell</body></html>');
writeFileSync(path.join(webDist, 'assets', 'app-abc123.js'), 'console.log(1);');

const OWNER = { name: '林店长', mobile: '13900001111', password: 'open-sesame-2026' };
const SHOP = {
  name: '銀座質店',
  address: '東京都中央区銀座 1-1',
  phone: '03-0000-0000',
  licence_no: '東京都公安委員会 第301010001234号',
  currency: 'JPY',
  time_zone: 'Asia/Tokyo',
  languages: ['ja', 'en'],
};
const SETUP = { owner: OWNER, shop: SHOP };

const ALREADY_SET_UP = 2060;
const NOT_SET_UP = 2061;
const VALIDATION = 1001;
const LOGIN_FAILED = 2001;

async function rows(ctx: TestContext) {
  const n = async (table: typeof users | typeof shop | typeof products | typeof banners) =>
    (await ctx.app.db.select({ n: count() }).from(table))[0]?.n;
  return { shop: await n(shop), users: await n(users), products: await n(products), banners: await n(banners) };
}

const post = (ctx: TestContext, url: string, payload?: object, lang = 'en') =>
  ctx.app.inject({ method: 'POST', url, payload, headers: { lang } });

const state = async (ctx: TestContext) => ctx.json(await ctx.app.inject({ method: 'GET', url: '/api/setup' })).data;

describeOnDatabases(
  'a shop set up by its owner',
  (ctx) => {
    it('an empty database is not set up: nothing seeded, nobody signs in, every page opens the setup page', async () => {
      expect(await state(ctx)).toEqual({ set_up: false, demo: false, name: null });
      expect(await rows(ctx)).toEqual({ shop: 0, users: 0, products: 0, banners: 0 });
      // The demo's public password opens nothing: there is no demo account.
      const login = await post(ctx, '/api/auth/login', { mobile: DEMO.recorder, password: DEMO_PASSWORD });
      expect(login.statusCode).toBe(409);
      expect(ctx.json(login)).toMatchObject({
        code: NOT_SET_UP,
        msg: "This shop is not set up yet: open the app's first page to set it up.",
      });
      for (const url of ['/', '/pages/login/index', '/pages/home/index?x=1']) {
        const page = await ctx.app.inject({ method: 'GET', url });
        expect(page.statusCode, url).toBe(302);
        expect(page.headers.location, url).toBe('/pages-sub/setup/index');
      }
      const setupPage = await ctx.app.inject({ method: 'GET', url: '/pages-sub/setup/index' });
      expect(setupPage.statusCode).toBe(200);
      expect(setupPage.body).toContain('<html lang="zh-Hans">');
      // The service worker keeps index.html at install: never a redirect.
      expect((await ctx.app.inject({ method: 'GET', url: '/index.html' })).statusCode).toBe(200);
      // Files are files whatever the shop's state.
      expect((await ctx.app.inject({ method: 'GET', url: '/assets/app-abc123.js' })).statusCode).toBe(200);
    });

    it('a setup with a field out of bounds is refused whole, and writes nothing', async () => {
      const refused = [
        { ...SETUP, owner: { ...OWNER, password: '12345' } },
        { ...SETUP, owner: { ...OWNER, mobile: 'call me' } },
        { ...SETUP, shop: { ...SHOP, name: ' ' } },
        { ...SETUP, shop: { ...SHOP, licence_no: '' } },
        { ...SETUP, shop: { ...SHOP, currency: 'EUR' } },
        { ...SETUP, shop: { ...SHOP, time_zone: 'Mars/Olympus_Mons' } },
        { ...SETUP, shop: { ...SHOP, languages: [] } },
        { ...SETUP, shop: { ...SHOP, languages: ['ja', 'ja'] } },
        { ...SETUP, shop: { ...SHOP, languages: ['fr'] } },
        { owner: OWNER },
      ];
      for (const body of refused) {
        const response = await post(ctx, '/api/setup', body);
        expect(response.statusCode, JSON.stringify(body)).toBe(400);
        expect(ctx.json(response).code).toBe(VALIDATION);
      }
      expect(await rows(ctx)).toEqual({ shop: 0, users: 0, products: 0, banners: 0 });
    });

    it('the setup makes the owner, who signs in; the shop starts with the catalog and the knowledge base, not the demo', async () => {
      const response = await post(ctx, '/api/setup', SETUP);
      expect(response.statusCode).toBe(200);
      expect(ctx.json(response).data).toEqual({ set_up: true, demo: false, name: '銀座質店' });
      expect(await state(ctx)).toEqual({ set_up: true, demo: false, name: '銀座質店' });

      const [row] = await ctx.app.db.select().from(shop);
      expect(row).toMatchObject({
        demo: false,
        name: '銀座質店',
        address: '東京都中央区銀座 1-1',
        phone: '03-0000-0000',
        licenceNo: '東京都公安委員会 第301010001234号',
        currency: 'JPY',
        timeZone: 'Asia/Tokyo',
        languages: ['ja', 'en'],
      });
      const people = await ctx.app.db.select().from(users);
      expect(people.map((user) => [user.mobile, user.name, user.roles, user.manager])).toEqual([
        ['13900001111', '林店长', ['recorder'], true],
      ]);
      expect(row?.ownerId).toBe(people[0]?.id);
      // The password is kept as a hash only.
      expect(people[0]?.passwordHash).not.toContain(OWNER.password);

      const token = await ctx.login(OWNER.mobile, OWNER.password);
      const settings = await ctx.app.inject({ method: 'GET', url: '/api/settings', headers: bearer(token) });
      expect(ctx.json(settings).data.default_currency).toBe('JPY');

      // The demo's accounts do not exist: its public password opens nothing.
      const demoLogin = await post(ctx, '/api/auth/login', { mobile: DEMO.recorder, password: DEMO_PASSWORD });
      expect(ctx.json(demoLogin).code).toBe(LOGIN_FAILED);

      const n = async (table: typeof dictionaryOptions | typeof workflows | typeof knowledgeArticles) =>
        (await ctx.app.db.select({ n: count() }).from(table))[0]?.n ?? 0;
      expect(await n(dictionaryOptions)).toBeGreaterThan(0);
      expect(await n(workflows)).toBe(2);
      expect(await n(knowledgeArticles)).toBe(9);
      expect(await rows(ctx)).toEqual({ shop: 1, users: 1, products: 75, banners: 0 });
      expect((await ctx.app.db.select({ n: count() }).from(webTranslations))[0]?.n).toBe(0);
    });

    it('once set up, the setup page is gone and a second setup or the demo changes nothing', async () => {
      const before = await rows(ctx);
      for (const [url, body] of [
        ['/api/setup', { ...SETUP, owner: { ...OWNER, mobile: '13900002222' } }],
        ['/api/setup/demo', undefined],
      ] as const) {
        const response = await post(ctx, url, body, 'ja');
        expect(response.statusCode, url).toBe(409);
        expect(ctx.json(response), url).toMatchObject({
          code: ALREADY_SET_UP,
          msg: 'この店舗はすでに設定済みです。ログインしてください。',
        });
      }
      expect(await rows(ctx)).toEqual(before);
      const setupPage = await ctx.app.inject({ method: 'GET', url: '/pages-sub/setup/index' });
      expect(setupPage.statusCode).toBe(302);
      expect(setupPage.headers.location).toBe('/');
      const home = await ctx.app.inject({ method: 'GET', url: '/pages/home/index' });
      expect(home.statusCode).toBe(200);
      expect(home.body).not.toContain('data-shop');
    });
  },
  { webDist },
  undefined,
  { empty: true },
);

describeOnDatabases(
  'two setups at once',
  (ctx) => {
    it('make one shop with one owner; the other is told the shop is set up', async () => {
      const [first, second] = await Promise.all([
        post(ctx, '/api/setup', SETUP),
        post(ctx, '/api/setup', { owner: { ...OWNER, mobile: '13900003333' }, shop: { ...SHOP, name: 'Other' } }),
      ]);
      expect([first?.statusCode, second?.statusCode].sort()).toEqual([200, 409]);
      const loser = first?.statusCode === 409 ? first : second;
      expect(loser && ctx.json(loser).code).toBe(ALREADY_SET_UP);
      expect((await rows(ctx)).shop).toBe(1);
      expect((await rows(ctx)).users).toBe(1);
      expect((await rows(ctx)).products).toBe(75);
    });
  },
  { webDist },
  undefined,
  { empty: true },
);

describeOnDatabases(
  'the demo chosen on the setup page',
  (ctx) => {
    it('fills the empty shop with the demo, marks every page, and nobody sets it up afterwards', async () => {
      const response = await post(ctx, '/api/setup/demo');
      expect(response.statusCode).toBe(200);
      expect(ctx.json(response).data).toEqual({ set_up: true, demo: true, name: null });
      expect(await ctx.login(DEMO.recorder)).toBeTruthy();
      expect(await rows(ctx)).toEqual({ shop: 1, users: 5, products: 75, banners: 3 });
      for (const url of ['/', '/pages/login/index', '/index.html']) {
        const page = await ctx.app.inject({ method: 'GET', url });
        expect(page.statusCode, url).toBe(200);
        expect(page.body, url).toContain('<html data-shop="demo" lang="zh-Hans">');
      }
      const again = await post(ctx, '/api/setup', SETUP);
      expect(ctx.json(again).code).toBe(ALREADY_SET_UP);
      expect((await rows(ctx)).users).toBe(5);
    });
  },
  { webDist },
  undefined,
  { empty: true },
);
