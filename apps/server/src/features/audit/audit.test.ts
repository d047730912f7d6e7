import { DEMO_MOBILES } from '@jewel/contract/values/demo';
import { beforeAll, expect, it } from 'vitest';
import { distribute, type Kit, prepareKit, register } from '../../test/commodity-kit.ts';
import { insertLedgerEntry } from '../../test/ledger-fixtures.ts';
import { bearer, DEMO, DEMO_PASSWORD, describeOnDatabases, type TestContext } from '../../test/test-app.ts';

/**
 * Issue 28 item 7: managers read the audit trail. The expected records are the issue's list:
 * every transition, setting change, staff change, identity view, ledger correction and alert
 * acknowledgement, each told in the reader's language with who did it; filtered by person, item,
 * kind and period (shop days); exported as CSV. The words are PRODUCT.md's and the seed's
 * status names, written out here.
 */

const MANAGERS_ONLY = 2033;
const VALIDATION = 1001;
const DATE_RANGE_INVALID = 4040;

interface AuditRecord {
  key: string;
  kind: string;
  at: string;
  actor: { id: number; name: string };
  what: string;
  change: string | null;
  note: string | null;
  item: { id: number; no: string } | null;
}

function api(ctx: TestContext) {
  const call = (token: string, method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, payload?: object, lang = 'en') =>
    ctx.app.inject({ method, url, payload, headers: { ...bearer(token), lang } });
  return { call };
}

/** Today in the shop's time zone (the demo's: Asia/Shanghai), and a day either side. */
function shopDays() {
  const day = (offset: number) =>
    new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date(Date.now() + offset * 86_400_000));
  return { yesterday: day(-1), today: day(0), tomorrow: day(1) };
}

describeOnDatabases('the audit trail, for managers', (ctx) => {
  const { call } = api(ctx);
  let manager = '';
  let managerId = 0;
  let kit: Kit;
  const trail = async (query: string, token = manager, lang = 'en') => {
    const response = await call(token, 'GET', `/api/audit?${query}`, undefined, lang);
    expect(response.statusCode).toBe(200);
    return ctx.json(response).data as { items: AuditRecord[]; next_cursor: string | null };
  };
  const told = (records: AuditRecord[]) =>
    records.map(({ kind, what, change, note }) => ({ kind, what, change, note }));

  beforeAll(async () => {
    manager = await ctx.login(DEMO_MOBILES.manager);
    managerId = ctx.json(await call(manager, 'GET', '/api/user/info')).data.id;
    kit = await prepareKit(ctx);
  });

  it('is for managers only: a recorder and a valuer are refused, in their language', async () => {
    for (const token of [kit.recorder.token, kit.valuer1.token]) {
      const refused = await call(token, 'GET', '/api/audit', undefined, 'zh-Hans');
      expect(refused.statusCode).toBe(403);
      expect(ctx.json(refused)).toMatchObject({ code: MANAGERS_ONLY, msg: '仅店铺管理员可以操作' });
      expect((await call(token, 'GET', '/api/audit/export')).statusCode).toBe(403);
    }
  });

  it('records each staff change with the member named, never a password', async () => {
    const invited = ctx.json(
      await call(manager, 'POST', '/api/staff', { name: '审计新人', mobile: '13900008801', roles: ['recorder'] }),
    ).data;
    const id = invited.member.id;
    // A valuer's role added beside the recorder's (ADR 0104).
    await call(manager, 'PATCH', `/api/staff/${id}`, { roles: ['recorder', 'valuers'], manager: false });
    await call(manager, 'PATCH', `/api/staff/${id}`, { manager: true });
    await call(manager, 'PATCH', `/api/staff/${id}`, { is_enabled: false });
    await call(manager, 'POST', `/api/staff/${id}/password`);
    // The same roles again change nothing, and record nothing.
    await call(manager, 'PATCH', `/api/staff/${id}`, { roles: ['valuers', 'recorder'], manager: true });

    const { items } = await trail(`kind=staff&person=${managerId}&limit=5`);
    expect(told(items)).toEqual([
      { kind: 'staff', what: 'Password reset', change: null, note: 'Member: 审计新人' },
      { kind: 'staff', what: 'Account enabled or disabled', change: 'Yes → No', note: 'Member: 审计新人' },
      { kind: 'staff', what: 'Managing changed', change: 'No → Yes', note: 'Member: 审计新人' },
      { kind: 'staff', what: 'Counter role changed', change: 'Recorder → Recorder · Valuer', note: 'Member: 审计新人' },
      { kind: 'staff', what: 'Added to the staff', change: 'Recorder', note: 'Member: 审计新人' },
    ]);
    expect(items.every((record) => record.actor.name === '周店长' && record.item === null)).toBe(true);
    expect(JSON.stringify(items)).not.toContain(invited.password);
  });

  it('records a setting change, old → new, in the reader’s language', async () => {
    // The demo shop has no details of its own yet: each one given is its own record, and the
    // environment's currency, time zone and languages, saved with them, become the shop's.
    const before = ctx.json(await call(manager, 'GET', '/api/shop')).data.details;
    expect(before).toMatchObject({ name: '', address: '', phone: '', licence_no: '' });
    const saved = await call(manager, 'PUT', '/api/shop', {
      ...before,
      name: '审计之店',
      address: '東京都中央区銀座4-1',
      phone: '03-1234-5678',
      licence_no: '第301010001234号',
    });
    expect(ctx.json(saved)).toMatchObject({ code: 0 });
    const records = (await trail('kind=setting', manager, 'ja')).items;
    expect(told(records)).toEqual([
      { kind: 'setting', what: '言語を変更', change: '（空欄） → zh-Hans, zh-Hant, en, ja', note: null },
      { kind: 'setting', what: 'タイムゾーンを変更', change: '（空欄） → Asia/Shanghai', note: null },
      { kind: 'setting', what: '通貨を変更', change: '（空欄） → CNY', note: null },
      { kind: 'setting', what: '許可番号を変更', change: '（空欄） → 第301010001234号', note: null },
      { kind: 'setting', what: '電話番号を変更', change: '（空欄） → 03-1234-5678', note: null },
      { kind: 'setting', what: '住所を変更', change: '（空欄） → 東京都中央区銀座4-1', note: null },
      { kind: 'setting', what: '店舗名を変更', change: '（空欄） → 审计之店', note: null },
    ]);
    expect(new Set(records.map((record) => record.actor.id))).toEqual(new Set([managerId]));
  });

  it('records an item’s transitions and its alert acknowledgement, found by the item’s number', async () => {
    await call(kit.valuer1.token, 'POST', '/api/watch/notices', {
      source: 'police',
      serial_no: 'AUDIT-7001',
      reference: 'REF-AUDIT-7001',
    });
    const item = await register(ctx, kit, { serial_no: 'AUDIT-7001' });
    const matches = ctx.json(
      await call(kit.recorder.token, 'GET', `/api/watch/matches?status=open&commodity_id=${item.id}`),
    ).data.items;
    const acknowledged = await call(kit.recorder.token, 'POST', `/api/watch/matches/${matches[0].id}/acknowledge`, {
      reason: 'Serial read twice: the notice names another model',
      witness_mobile: DEMO.valuer1,
      witness_password: DEMO_PASSWORD,
    });
    expect(acknowledged.statusCode).toBe(200);
    expect((await distribute(ctx, kit, [item.id], kit.valuer2)).code).toBe(0);

    const { items } = await trail(`item=${encodeURIComponent(item.no)}`);
    expect(told(items)).toEqual([
      { kind: 'transition', what: 'Distributed', change: 'Pending distribution → Pending appraisal', note: null },
      {
        kind: 'alert',
        what: 'Watch-list alert acknowledged',
        change: null,
        note: `Reason: Serial read twice: the notice names another model · Witness: ${kit.valuer1.name}`,
      },
      { kind: 'transition', what: 'Matched the stolen-goods watch list', change: 'Pending distribution', note: null },
      { kind: 'transition', what: 'Registered', change: 'Pending distribution', note: null },
    ]);
    expect(items.every((record) => record.item?.no === item.no)).toBe(true);
    expect(items[1]?.actor).toEqual({ id: kit.recorder.id, name: kit.recorder.name });
    // Filtered by kind too: the acknowledgement alone.
    expect(told((await trail(`item=${encodeURIComponent(item.no)}&kind=alert`)).items)).toHaveLength(1);
  });

  it('records a view of identity data, naming the customer by number only, and a ledger correction', async () => {
    const entry = await insertLedgerEntry(ctx, kit, { sellerName: '監査 花子', signature: null });
    const detail = await call(kit.recorder.token, 'GET', `/api/ledger/entries/${entry.id}`);
    expect(detail.statusCode).toBe(200);
    const corrected = await call(kit.recorder.token, 'POST', `/api/ledger/entries/${entry.id}/correct`, {
      seller_age: 47,
      reason: 'Age misread from the licence',
    });
    expect(corrected.statusCode).toBe(200);
    const correctionId = ctx.json(corrected).data.id;

    // The correction answers the new entry: a view of it too, newest first.
    const views = (await trail(`kind=identity&person=${kit.recorder.id}&limit=2`)).items;
    const viewOf = (id: number) => ({
      kind: 'identity',
      what: 'Ledger entry viewed',
      change: null,
      note: `Customer No. ${entry.customerId} · entry:${id}`,
    });
    expect(told(views)).toEqual([viewOf(correctionId), viewOf(entry.id)]);
    const [correction] = (await trail('kind=ledger&limit=1')).items;
    expect(correction).toMatchObject({
      kind: 'ledger',
      what: 'Ledger entry corrected',
      change: `Entry No. ${entry.id} corrected by No. ${correctionId}`,
      note: 'Age misread from the licence',
      item: { id: entry.commodityId, no: entry.commodityNo },
      actor: { id: kit.recorder.id },
    });
    // The trail shows no personal data of the customer.
    expect(JSON.stringify(views)).not.toContain('監査 花子');
  });

  it('takes a period of shop days: today holds today’s records, yesterday and tomorrow none of them', async () => {
    const { yesterday, today, tomorrow } = shopDays();
    const latest = (await trail(`person=${managerId}&limit=1`)).items[0];
    const todays = (await trail(`person=${managerId}&from=${today}&to=${today}&limit=1`)).items[0];
    expect(todays?.key).toBe(latest?.key);
    expect((await trail(`person=${managerId}&from=${tomorrow}`)).items).toEqual([]);
    expect((await trail(`person=${managerId}&from=${yesterday}&to=${yesterday}`)).items).toEqual([]);
    // A period that ends before it starts is refused, naming the field.
    const refused = await call(manager, 'GET', `/api/audit?from=${today}&to=${yesterday}`);
    expect(refused.statusCode).toBe(400);
    expect(ctx.json(refused)).toMatchObject({ code: DATE_RANGE_INVALID, data: { field: 'to' } });
  });

  it('reads page by page with a cursor: each record once, in order; a forged cursor is refused', async () => {
    const whole = (await trail('limit=50')).items;
    expect(whole.length).toBeGreaterThan(12);
    const paged: AuditRecord[] = [];
    let cursor: string | null = null;
    do {
      const page: { items: AuditRecord[]; next_cursor: string | null } = await trail(
        `limit=4${cursor ? `&cursor=${cursor}` : ''}`,
      );
      paged.push(...page.items);
      cursor = page.next_cursor;
    } while (cursor && paged.length < 12);
    expect(paged.map((record) => record.key)).toEqual(whole.slice(0, paged.length).map((record) => record.key));
    const times = whole.map((record) => record.at);
    expect(times).toEqual([...times].sort().reverse());

    for (const forged of ['abc', Buffer.from('["2026-01-01","staff",1]').toString('base64url')]) {
      const refused = await call(manager, 'GET', `/api/audit?cursor=${forged}`);
      expect(refused.statusCode).toBe(400);
      expect(ctx.json(refused)).toMatchObject({ code: VALIDATION, data: { field: 'cursor' } });
    }
  });

  it('exports the filter as CSV in the chosen language: the shop and period above, oldest first', async () => {
    const { today } = shopDays();
    const response = await call(manager, 'GET', `/api/audit/export?kind=staff&from=${today}&lang=ja`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="audit_${today}_end.csv"`);
    const lines = response.body.replace(/^\uFEFF/, '').split(/\r?\n/);
    // The shop as the manager named it above, and the demo's data said to be the demo's (issue 28).
    expect(lines[0]).toBe(
      '审计之店,許可番号 第301010001234号,東京都中央区銀座4-1 · 03-1234-5678,デモデータです。実在の店舗の記録ではありません。',
    );
    expect(lines[1]).toBe(`監査記録,${today}〜…（店舗の日付、Asia/Shanghai）`);
    expect(lines[3]).toBe('日時,種別,担当者,内容,変更,詳細,品物番号');
    const rows = lines.slice(4).filter(Boolean);
    expect(rows[0]).toMatch(
      /^\d{4}-\d{2}-\d{2} \d{2}:\d{2},スタッフ,周店长,スタッフに追加,受付担当,スタッフ：审计新人,$/,
    );
    expect(rows.at(-1)).toMatch(/,スタッフ,周店长,パスワードを再発行,,スタッフ：审计新人,$/);
  });
});
