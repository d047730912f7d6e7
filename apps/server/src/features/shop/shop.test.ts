import { count } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { shop, shopChanges } from '../../db/schema.ts';
import { parseCsv } from '../../lib/csv.ts';
import { insertAt, prepareKit, uploadPhoto } from '../../test/commodity-kit.ts';
import { insertLedgerEntry } from '../../test/ledger-fixtures.ts';
import { drawnPages } from '../../test/pdf-glyphs.ts';
import { bearer, describeOnDatabases, type TestContext } from '../../test/test-app.ts';
import { isLocalAddress } from './shop.service.ts';

/**
 * Issue 28 item 4, the shop's details: edited by managers, each change recorded (who, when, old
 * → new), and printed at once wherever the shop is named, on every instance.
 */

const OWNER = { name: '林店长', mobile: '13900001111', password: 'open-sesame-2026' };
const DETAILS = {
  name: '銀座質店',
  address: '東京都中央区銀座 1-1',
  phone: '03-0000-0000',
  licence_no: '第301010001234号',
  currency: 'JPY',
  time_zone: 'Asia/Tokyo',
  languages: ['ja', 'en'],
};

const MANAGERS_ONLY = 2033;
const VALIDATION = 1001;

describeOnDatabases(
  "the shop's details",
  (ctx: TestContext) => {
    let owner = '';
    let clerk = '';
    const call = (token: string, method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
      ctx.app.inject({ method, url, payload, headers: { ...bearer(token), lang: 'en' } });
    const changeRows = async () => (await ctx.app.db.select({ n: count() }).from(shopChanges))[0]?.n;

    it('are what the setup page was given, with no change yet', async () => {
      await ctx.app.inject({ method: 'POST', url: '/api/setup', payload: { owner: OWNER, shop: DETAILS } });
      owner = await ctx.login(OWNER.mobile, OWNER.password);
      const answer = ctx.json(await call(owner, 'GET', '/api/shop')).data;
      expect(answer).toEqual({
        details: DETAILS,
        public_url: null,
        public_url_warning: true,
        // The environment's until a manager saves the shop's own (shop-rules.test.ts).
        rules: {
          identity_check: { always: true, thresholds: {} },
          retention_months: 36,
          watch_ack_single_person: false,
          managers_strong_sign_in: false,
        },
        images: { logo: null, seal: null },
        changes: [],
      });
    });

    it('a change is kept field by field, who and when, old and new, newest first', async () => {
      const changed = { ...DETAILS, name: '銀座質店 本店', licence_no: '第301010009999号', languages: ['ja'] };
      const answer = ctx.json(await call(owner, 'PUT', '/api/shop', changed)).data;
      expect(answer.details).toEqual(changed);
      const lines = answer.changes.map(({ at, ...rest }: { at: string }) => {
        expect(Date.now() - Date.parse(at)).toBeLessThan(60_000);
        return rest;
      });
      expect(lines).toEqual(
        expect.arrayContaining([
          { field: 'name', old: '銀座質店', new: '銀座質店 本店', by: '林店长' },
          { field: 'licence_no', old: '第301010001234号', new: '第301010009999号', by: '林店长' },
          { field: 'languages', old: 'ja, en', new: 'ja', by: '林店长' },
        ]),
      );
      expect(lines).toHaveLength(3);
      // Saved again as it is: nothing more to record.
      await call(owner, 'PUT', '/api/shop', changed);
      expect(await changeRows()).toBe(3);
    });

    it('a change out of bounds is refused whole and records nothing', async () => {
      const before = JSON.stringify(await ctx.app.db.select().from(shop));
      for (const body of [
        { ...DETAILS, name: '' },
        { ...DETAILS, currency: 'EUR' },
        { ...DETAILS, time_zone: 'Nowhere/Else' },
        { ...DETAILS, languages: [] },
      ]) {
        const response = await call(owner, 'PUT', '/api/shop', body);
        expect(response.statusCode).toBe(400);
        expect(ctx.json(response).code).toBe(VALIDATION);
      }
      expect(JSON.stringify(await ctx.app.db.select().from(shop))).toBe(before);
      expect(await changeRows()).toBe(3);
    });

    it('the public address: warned of while unset on a local address, then set, recorded, and checked', async () => {
      const before = ctx.json(await call(owner, 'GET', '/api/shop')).data;
      // The tests' requests come to localhost: QR codes printed now would open it.
      expect(before).toMatchObject({ public_url: null, public_url_warning: true });
      for (const public_url of ['ftp://shop.example.com', 'shop.example.com', 'https://shop.example.com/?a=1', '']) {
        const refused = await call(owner, 'PUT', '/api/shop/public-url', { public_url });
        expect(refused.statusCode, public_url).toBe(400);
        expect(ctx.json(refused).code).toBe(VALIDATION);
      }
      const set = ctx.json(
        await call(owner, 'PUT', '/api/shop/public-url', { public_url: 'https://ginza.example.jp/' }),
      ).data;
      expect(set).toMatchObject({ public_url: 'https://ginza.example.jp', public_url_warning: false });
      expect(set.changes[0]).toMatchObject({
        field: 'public_url',
        old: null,
        new: 'https://ginza.example.jp',
        by: '林店长',
      });
      const cleared = ctx.json(await call(owner, 'PUT', '/api/shop/public-url', { public_url: null })).data;
      expect(cleared).toMatchObject({ public_url: null, public_url_warning: true });
      await call(owner, 'PUT', '/api/shop/public-url', { public_url: 'https://ginza.example.jp' });
      expect(await changeRows()).toBe(6);
    });

    it('the logo and the seal: the manager’s own photos, each change recorded; another’s photo refused', async () => {
      const logo = await uploadPhoto(ctx, owner, 30);
      const seal = await uploadPhoto(ctx, owner, 200);
      const before = await changeRows();
      const set = ctx.json(await call(owner, 'PUT', '/api/shop/images', { logo, seal })).data;
      expect(set.images).toEqual({ logo, seal });
      expect(set.changes.slice(0, 2)).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ field: 'logo', old: null, new: logo, by: '林店长' }),
          expect.objectContaining({ field: 'seal', old: null, new: seal, by: '林店长' }),
        ]),
      );
      expect(await changeRows()).toBe((before ?? 0) + 2);
      // A path that is not a stored photo, or a photo someone else uploaded, changes nothing.
      const { password } = ctx.json(
        await call(owner, 'POST', '/api/staff', { name: 'Stamp', mobile: '13900003333', roles: ['recorder'] }),
      ).data;
      const theirs = await uploadPhoto(ctx, await ctx.login('13900003333', password), 90);
      for (const [body, field] of [
        [{ logo, seal: theirs }, 'seal'],
        [{ logo: '/etc/passwd', seal }, 'logo'],
      ] as const) {
        const refused = await call(owner, 'PUT', '/api/shop/images', body);
        expect(refused.statusCode).toBe(400);
        expect(ctx.json(refused)).toMatchObject({ code: VALIDATION, data: { field } });
      }
      expect(ctx.json(await call(owner, 'GET', '/api/shop')).data.images).toEqual({ logo, seal });
      expect(await changeRows()).toBe((before ?? 0) + 2);
      // Removed: none again, recorded.
      const cleared = ctx.json(await call(owner, 'PUT', '/api/shop/images', { logo: null, seal })).data;
      expect(cleared.images).toEqual({ logo: null, seal });
      expect(cleared.changes[0]).toMatchObject({ field: 'logo', old: logo, new: null });
    });

    it('are for managers only', async () => {
      const { password } = ctx.json(
        await call(owner, 'POST', '/api/staff', { name: 'Clerk', mobile: '13900002222', roles: ['recorder'] }),
      ).data;
      clerk = await ctx.login('13900002222', password);
      for (const [method, payload] of [['GET'], ['PUT', DETAILS]] as const) {
        const refused = await call(clerk, method, '/api/shop', payload);
        expect(refused.statusCode).toBe(403);
        expect(ctx.json(refused).code).toBe(MANAGERS_ONLY);
      }
    });

    it("give every user the shop's clock at sign-in, and a new zone at their next refresh (issue 29 item 5)", async () => {
      const signIn = ctx.json(
        await ctx.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { mobile: OWNER.mobile, password: OWNER.password },
        }),
      ).data;
      expect(signIn.user.time_zone).toBe('Asia/Tokyo');
      const saved = { name: '銀座質店 本店', licence_no: '第301010009999号', languages: ['ja'] };
      await call(owner, 'PUT', '/api/shop', { ...DETAILS, ...saved, time_zone: 'Europe/Paris' });
      const refreshed = ctx.json(
        await ctx.app.inject({
          method: 'POST',
          url: '/api/auth/refresh',
          payload: { refresh_token: signIn.refresh_token },
        }),
      ).data;
      expect(refreshed.user.time_zone).toBe('Europe/Paris');
      // A clerk is no manager, and reads the shop's clock all the same.
      expect(ctx.json(await call(clerk, 'GET', '/api/user/info')).data.time_zone).toBe('Europe/Paris');
    });

    it('print at once where the shop is named, on another instance too', async () => {
      // Another instance on the same database: nothing to tell it.
      const other = await buildApp({
        config: ctx.config,
        database: { ...ctx.app.database, listen: async () => async () => {} },
        logger: false,
      });
      try {
        const page = await other.inject({ method: 'GET', url: '/verify/AAAAAAAAAAAAAAAAAAAAAA?lang=ja' });
        expect(page.statusCode).toBe(404);
        expect(page.body).toContain('<p class="shop">銀座質店 本店</p>');
        // Numbers and phones never parted at a line's end (issue 29 item 6).
        expect(page.body).toContain('<p class="issuer">許可番号 第<span class="nobr">301010009999</span>号</p>');
        expect(page.body).toContain(
          '<p class="issuer">東京都中央区銀座 1-1 · <span class="nobr">03-0000-0000</span></p>',
        );
        // A real shop's pages carry no demo note.
        expect(page.body).not.toContain('class="demo"');
      } finally {
        await other.close();
      }
    });

    it('name it on every document, which carry no demo mark: certificate, tags, ledger, audit trail', async () => {
      // The owner is the counter's recorder; three valuers, invited by the owner, make an item's round.
      const valuers: string[] = [];
      for (const mobile of ['13900004441', '13900004442', '13900004443']) {
        const invited = await call(owner, 'POST', '/api/staff', { name: `V${mobile}`, mobile, roles: ['valuers'] });
        valuers.push(await ctx.login(mobile, ctx.json(invited).data.password));
      }
      const [first, second, third] = valuers as [string, string, string];
      const kit = await prepareKit(ctx, [owner, first, second, third]);
      // The shop as its manager left it above, in Japanese.
      const name = '銀座質店 本店';
      const licence = '許可番号 第301010009999号';
      const contact = '東京都中央区銀座 1-1 · 03-0000-0000';
      const unmarked = (text: string) => !text.includes('DEMO') && !text.includes('デモ');

      const item = await insertAt(ctx, kit, 'identifiedByAgreement');
      const certificate = drawnPages(
        (await call(owner, 'GET', `/api/commodities/${item}/certificate?lang=ja`)).rawPayload,
      );
      expect(certificate).toHaveLength(1);
      for (const part of [name, licence, ...contact.split(' · ')]) expect(certificate[0]?.text).toContain(part);
      expect(certificate.every((page) => unmarked(page.text))).toBe(true);

      const tags = drawnPages(
        (await call(owner, 'POST', '/api/commodities/tags', { ids: [item], lang: 'ja' })).rawPayload,
      );
      expect(tags[0]?.text).toContain(`${name} · ${licence} · ${contact}`);
      expect(tags.every((page) => unmarked(page.text))).toBe(true);

      const day = '2026-11-20';
      await insertLedgerEntry(ctx, kit, { day });
      const ledger = (format: string) =>
        call(owner, 'GET', `/api/ledger/export?from=${day}&to=${day}&format=${format}&lang=ja`);
      const ledgerCsv = (await ledger('csv')).body;
      expect(parseCsv(ledgerCsv)[0]?.fields).toEqual([name, licence, contact]);
      expect(unmarked(ledgerCsv)).toBe(true);
      const ledgerPdf = drawnPages((await ledger('pdf')).rawPayload);
      for (const part of [name, licence]) expect(ledgerPdf[0]?.text).toContain(part);
      expect(ledgerPdf.every((page) => unmarked(page.text))).toBe(true);

      const auditCsv = (await call(owner, 'GET', '/api/audit/export?kind=setting&lang=ja')).body;
      expect(parseCsv(auditCsv)[0]?.fields).toEqual([name, licence, contact]);
      expect(unmarked(auditCsv)).toBe(true);
    });
  },
  {},
  undefined,
  { empty: true },
);

describeOnDatabases("the demo shop's details", (ctx: TestContext) => {
  it('show the settings the server runs with where the row says nothing', async () => {
    const manager = await ctx.login('13800000005');
    const answer = ctx.json(
      await ctx.app.inject({ method: 'GET', url: '/api/shop', headers: { ...bearer(manager), lang: 'en' } }),
    ).data;
    expect(answer.details).toEqual({
      name: '',
      address: '',
      phone: '',
      licence_no: '',
      currency: ctx.config.shopCurrency,
      time_zone: ctx.config.shopTimezone,
      languages: ['zh-Hans', 'zh-Hant', 'en', 'ja'],
    });
  });
});

describe('a local address', () => {
  it('is a loopback, private, link-local or .local one, never a public one', () => {
    const local = [
      'localhost',
      '127.0.0.1',
      '::1',
      '[::1]',
      '10.0.0.5',
      '192.168.1.20',
      '172.16.0.1',
      '172.31.255.255',
    ];
    const alsoLocal = ['169.254.1.1', 'shop.local', 'fd12:3456::1', 'fe80::1'];
    for (const host of [...local, ...alsoLocal]) expect(isLocalAddress(host), host).toBe(true);
    for (const host of ['shop.example.com', '8.8.8.8', '172.32.0.1', '172.15.0.1', '11.0.0.1', '2001:db8::1'])
      expect(isLocalAddress(host), host).toBe(false);
  });
});
