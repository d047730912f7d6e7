import { normalizeMark } from '@jewel/contract/values/buyback';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { commodities, commodityEvents, notifications, watchMatches, watchNotices } from '../../db/schema.ts';
import {
  act,
  buybackProof,
  commodityInput,
  enroll,
  enrollBody,
  enterAsGuest,
  getDetail,
  insertAt,
  type Kit,
  outcome,
  type Person,
  prepareKit,
  register,
  step,
} from '../../test/commodity-kit.ts';
import { bearer, describeOnDatabases } from '../../test/test-app.ts';
import { readNoticeCsv } from './watch-import.ts';

describe('normalizeMark, as the watch list compares', () => {
  it('folds case, width and separators; keeps letters and digits', () => {
    expect(normalizeMark('ab-12 34')).toBe('AB1234');
    expect(normalizeMark('ＡＢ－１２　３４')).toBe('AB1234');
    expect(normalizeMark(' a.b/12_34 ')).toBe('AB1234');
    expect(normalizeMark('  -- ')).toBe('');
    expect(normalizeMark('刻印 No.7')).toBe('刻印NO7');
  });
});

describe('reading a notice CSV', () => {
  it('takes a BOM, quoted fields, CRLF and any column order; refuses bad rows by line', () => {
    const csv =
      '\uFEFFSource,Serial No,model,reference,description\r\n' +
      'police,"AB-12,34",Submariner,"P-1","Stolen ""in transit""\nfrom a shop"\r\n' +
      'nobody,X1,,P-2,\r\n' +
      'association,,,P-3,nothing to recognise\r\n' +
      'police,Y1\r\n' +
      `other,${'9'.repeat(61)},,P-5,\r\n` +
      'other,,Tank Louis,P-6,model only\r\n';
    const read = readNoticeCsv(csv);
    expect(read.rows).toBe(6);
    expect(read.notices).toMatchObject([
      {
        line: 2,
        source: 'police',
        serialNo: 'AB-12,34',
        serialNorm: 'AB1234',
        model: 'Submariner',
        reference: 'P-1',
        description: 'Stolen "in transit"\nfrom a shop',
      },
      { line: 8, source: 'other', model: 'Tank Louis', serialNorm: '' },
    ]);
    expect(read.refused).toEqual([
      { line: 4, reason: 'source', column: 'source' },
      { line: 5, reason: 'empty', column: null },
      { line: 6, reason: 'columns', column: null },
      { line: 7, reason: 'tooLong', column: 'serial_no' },
    ]);
  });
});

describeOnDatabases('stolen-goods watch list', (ctx) => {
  let kit: Kit;
  let valuer: Person;
  const call = (method: 'GET' | 'POST', url: string, token: string, payload?: object, lang = 'en') =>
    ctx.app.inject({ method, url, headers: { ...bearer(token), lang }, ...(payload ? { payload } : {}) });
  const answer = async (method: 'GET' | 'POST', url: string, token: string, payload?: object, lang = 'en') =>
    outcome(ctx, await call(method, url, token, payload, lang));
  const addNotice = (token: string, fields: Record<string, string>) =>
    answer('POST', '/api/watch/notices', token, { source: 'police', ...fields });
  const matchesOf = async (commodityId: number, status = 'all') =>
    (await answer('GET', `/api/watch/matches?status=${status}&commodity_id=${commodityId}`, kit.recorder.token)).data
      .items as { id: number; matched_on: string; stage: string; notice: { id: number }; acknowledgement: unknown }[];
  const recycleBody = async (id: number) => ({
    version: (await answer('GET', `/api/commodities/${id}`, kit.recorder.token)).data.version,
    is_recycle: 1,
    price: 21000,
    currency: 'CNY',
    ...(await buybackProof(ctx, kit.recorder.token)),
  });
  const snapshot = async (id: number) =>
    JSON.stringify([
      await ctx.app.db.select().from(commodities).where(eq(commodities.id, id)),
      await ctx.app.db.select().from(commodityEvents).where(eq(commodityEvents.commodityId, id)),
    ]);
  /** An identified item (70) with these marks, put there directly (no matching ran). */
  const identifiedWith = async (marks: { serialNo?: string; engraving?: string }) => {
    const id = await insertAt(ctx, kit, 'identifiedByAgreement');
    await ctx.app.db.update(commodities).set(marks).where(eq(commodities.id, id));
    return id;
  };

  beforeAll(async () => {
    kit = await prepareKit(ctx);
    valuer = kit.valuer1;
  });

  it('stores the serial number at enrollment and update, and keeps enrollment replays', async () => {
    const body = enrollBody([commodityInput(kit, { serial_no: '  SN-0001 ' })]);
    const first = outcome(ctx, await enroll(ctx, kit.recorder.token, body));
    expect(first.code).toBe(0);
    const id = first.data.commodities[0].id;
    expect(outcome(ctx, await getDetail(ctx, kit.recorder.token, id)).data.serial_no).toBe('SN-0001');
    // The same submit again answers the first enrollment; one with another serial is refused.
    expect(outcome(ctx, await enroll(ctx, kit.recorder.token, body)).data).toMatchObject({ replayed: true });
    const changed = { ...body, commodities: [commodityInput(kit, { serial_no: 'SN-0002' })] };
    expect(outcome(ctx, await enroll(ctx, kit.recorder.token, changed)).code).toBe(4014);
    // No serial sent hashes like an empty one (bodies stored before the field existed replay).
    const plain = enrollBody([commodityInput(kit)]);
    expect(outcome(ctx, await enroll(ctx, kit.recorder.token, plain)).code).toBe(0);
    const again = {
      ...plain,
      commodities: [commodityInput(kit, { serial_no: '' })],
    };
    expect(outcome(ctx, await enroll(ctx, kit.recorder.token, again)).data).toMatchObject({ replayed: true });
    // Too long is refused naming the field.
    const long = enrollBody([commodityInput(kit, { serial_no: 'X'.repeat(61) })]);
    expect(outcome(ctx, await enroll(ctx, kit.recorder.token, long))).toMatchObject({
      code: 1001,
      data: { field: 'commodities.0.serial_no' },
    });
  });

  it('matches a normalized serial at enrollment and tells the recorder; empty never matches', async () => {
    const notice = await addNotice(valuer.token, { serial_no: 'AB1234', brand: 'Rolex', reference: 'KP-2026-001' });
    expect(notice).toMatchObject({
      code: 0,
      data: { matched: 0, notice: { serial_no: 'AB1234', created_by: { id: valuer.id } } },
    });
    // An engraving-only notice: its empty serial never matches an item without a serial.
    await addNotice(valuer.token, { engraving: 'TO MY LOVE 1999' });
    const items = outcome(
      ctx,
      await enroll(
        ctx,
        kit.recorder.token,
        enrollBody([
          commodityInput(kit, { serial_no: 'ab-12 34' }),
          commodityInput(kit, { serial_no: 'ＡＢ１２３４' }),
          commodityInput(kit, { engraving: 'to my love, 1999' }),
          commodityInput(kit, { serial_no: '', engraving: '' }),
          commodityInput(kit, { serial_no: '--', engraving: ' ' }),
        ]),
      ),
    ).data.commodities as { id: number; no: string }[];
    const [dashed, wide, engraved, blank, punct] = items.map((item) => item.id) as number[];
    expect(await matchesOf(dashed ?? 0)).toMatchObject([{ matched_on: 'serial', stage: 'enrollment' }]);
    expect(await matchesOf(wide ?? 0)).toMatchObject([{ matched_on: 'serial', stage: 'enrollment' }]);
    expect(await matchesOf(engraved ?? 0)).toMatchObject([{ matched_on: 'engraving', stage: 'enrollment' }]);
    expect(await matchesOf(blank ?? 0)).toEqual([]);
    expect(await matchesOf(punct ?? 0)).toEqual([]);
    const told = await ctx.app.db.select().from(notifications).where(eq(notifications.type, 'watch_match'));
    expect(told.filter((n) => n.userId === kit.recorder.id).length).toBeGreaterThanOrEqual(3);
    const list = (await answer('GET', '/api/user/notifications?page_size=10', kit.recorder.token, undefined, 'ja')).data
      .items as { type: string; title: string; content: string }[];
    const first = list.find((n) => n.content.includes(items[0]?.no ?? '?'));
    expect(first).toMatchObject({ type: 'watch_match', title: '盗品手配の警告' });
    expect(first?.content).toContain('KP-2026-001');
    // The commodity's history shows the match.
    const detail = outcome(ctx, await getDetail(ctx, kit.recorder.token, dashed ?? 0)).data;
    expect(detail.history.map((e: { action: string }) => e.action)).toContain('watchMatch');
  });

  it('matches at an update that changes the serial, once per notice and item', async () => {
    await addNotice(kit.recorder.token, { serial_no: 'UPD-777' });
    const { id } = await register(ctx, kit, { serial_no: 'none yet' });
    expect(await matchesOf(id)).toEqual([]);
    const update = (serial: string) =>
      step(
        ctx,
        kit.recorder,
        id,
        'update',
        {
          ...commodityInput(kit, { serial_no: serial }),
          customer_name: '张女士',
          customer_phone: '13912345678',
          customer_address: '',
        },
        10,
      );
    await update('upd 777');
    expect(await matchesOf(id)).toMatchObject([{ matched_on: 'serial', stage: 'update' }]);
    await update('none again');
    await update('UPD777');
    expect(await matchesOf(id)).toHaveLength(1);
  });

  it('matches a new notice and an import against items not yet bought back; withdrawn notices stop matching', async () => {
    const waiting = await identifiedWith({ serialNo: 'NEW-1' });
    const bought = await insertAt(ctx, kit, 'recycled');
    await ctx.app.db.update(commodities).set({ serialNo: 'NEW-1' }).where(eq(commodities.id, bought));
    const added = await addNotice(kit.recorder.token, { serial_no: 'new1' });
    expect(added.data.matched).toBe(1);
    expect(await matchesOf(waiting)).toMatchObject([{ stage: 'notice' }]);
    expect(await matchesOf(bought)).toEqual([]);

    const imported = await identifiedWith({ engraving: 'IMP 42' });
    const csv = 'source,reference,serial_no,engraving\npolice,I-1,,imp-42\nwrong,I-2,Z9,\nassociation,I-3,,\n';
    const result = await answer('POST', '/api/watch/notices/import', valuer.token, { csv });
    expect(result).toMatchObject({
      code: 0,
      data: {
        rows: 3,
        imported: 1,
        matched: 1,
        refused: [
          { line: 3, reason: 'source' },
          { line: 4, reason: 'empty' },
        ],
      },
    });
    expect(await matchesOf(imported)).toMatchObject([{ matched_on: 'engraving', stage: 'notice' }]);
    // The same file again adds nothing: its good row is a duplicate now.
    const twice = await answer('POST', '/api/watch/notices/import', valuer.token, { csv });
    expect(twice.data).toMatchObject({ imported: 0, refused: [{ line: 2, reason: 'duplicate' }, {}, {}] });

    // Withdrawn: no longer matches anything new, is kept and listed as withdrawn.
    const gone = await addNotice(valuer.token, { serial_no: 'GONE-5' });
    const withdrawn = await answer('POST', `/api/watch/notices/${gone.data.notice.id}/withdraw`, kit.recorder.token);
    expect(withdrawn.data.withdrawn_at).not.toBeNull();
    expect((await answer('POST', `/api/watch/notices/${gone.data.notice.id}/withdraw`, kit.recorder.token)).code).toBe(
      5046,
    );
    const later = await register(ctx, kit, { serial_no: 'gone-5' });
    expect(await matchesOf(later.id)).toEqual([]);
    const listed = (await answer('GET', '/api/watch/notices?status=withdrawn&keyword=gone5', valuer.token)).data;
    expect(listed.items.map((n: { id: number }) => n.id)).toEqual([gone.data.notice.id]);
    const active = (await answer('GET', '/api/watch/notices?keyword=GONE', valuer.token)).data;
    expect(active.total).toBe(0);
  });

  it('refuses whole imports it cannot read, and refusals change nothing', async () => {
    const before = JSON.stringify(await ctx.app.db.select().from(watchNotices));
    const bad = async (csv: string) => (await answer('POST', '/api/watch/notices/import', valuer.token, { csv })).code;
    expect(await bad('serial_no\nAB1\n')).toBe(5042);
    expect(await bad('source,colour\npolice,red\n')).toBe(5042);
    expect(await bad('source,serial_no\npolice,"AB1\n')).toBe(5044);
    expect(await bad(`source,serial_no\n${'police,X\n'.repeat(2001)}`)).toBe(5043);
    expect((await addNotice(valuer.token, { brand: 'Cartier', serial_no: ' - ' })).code).toBe(5041);
    expect((await answer('POST', '/api/watch/notices', valuer.token, { source: 'rumour', model: 'X' })).code).toBe(
      1001,
    );
    expect(JSON.stringify(await ctx.app.db.select().from(watchNotices))).toBe(before);
  });

  it('blocks the buyback while a match is open, records a match found at buyback, then allows it once acknowledged', async () => {
    const id = await identifiedWith({ serialNo: 'BUY 9000' });
    // A notice that reached the table without matching (as if it raced the item's update).
    const [notice] = await ctx.app.db
      .insert(watchNotices)
      .values({
        source: 'police',
        reference: 'RACE-1',
        serialNo: 'BUY-9000',
        serialNorm: 'BUY9000',
        createdBy: kit.recorder.id,
      })
      .returning();
    const before = await snapshot(id);
    const response = await call(
      'POST',
      `/api/commodities/${id}/recycle`,
      kit.recorder.token,
      await recycleBody(id),
      'ja',
    );
    expect(response.statusCode).toBe(409);
    expect(ctx.json(response)).toMatchObject({ code: 5040, msg: expect.stringContaining('RACE-1') });
    // The refusal bought nothing, but the alert is recorded (with its event) and the recorder told.
    const [match] = await matchesOf(id, 'open');
    expect(match).toMatchObject({ stage: 'recycle', notice: { id: notice?.id } });
    const [row] = await ctx.app.db.select().from(commodities).where(eq(commodities.id, id));
    expect(row?.status).toBe(70);
    expect(await snapshot(id)).not.toBe(before);
    const afterAlert = await snapshot(id);

    // Returning the item to the customer is not blocked by the list.
    const other = await identifiedWith({ serialNo: 'BUY-9000' });
    await step(ctx, kit.recorder, other, 'recycle', { is_recycle: 0 }, 90);

    // Acknowledgement: recorders only, with a reason; a refusal changes nothing.
    const ackUrl = `/api/watch/matches/${match?.id}/acknowledge`;
    expect((await answer('POST', ackUrl, valuer.token, { reason: 'checked' })).code).toBe(2032);
    expect((await answer('POST', ackUrl, kit.recorder.token, { reason: '   ' })).code).toBe(1001);
    expect((await answer('POST', ackUrl, kit.recorder.token, {})).code).toBe(1001);
    expect(
      (await answer('POST', `/api/commodities/${id}/recycle`, kit.recorder.token, await recycleBody(id))).code,
    ).toBe(5040);
    expect(await snapshot(id)).toBe(afterAlert);

    const acked = await answer('POST', ackUrl, kit.recorder.token, { reason: 'Police: serial differs by one digit' });
    expect(acked).toMatchObject({
      code: 0,
      data: { acknowledgement: { by: { id: kit.recorder.id }, reason: 'Police: serial differs by one digit' } },
    });
    expect((await answer('POST', ackUrl, kit.recorder.token, { reason: 'again' })).code).toBe(5045);
    expect(await matchesOf(id, 'open')).toEqual([]);
    expect(await matchesOf(id, 'acknowledged')).toHaveLength(1);

    const proof = await buybackProof(ctx, kit.recorder.token);
    const buyback = { is_recycle: 1, price: 21000, currency: 'CNY', ...proof };
    const bought = await step(ctx, kit.recorder, id, 'recycle', buyback, 80);
    expect(bought.history.map((e: { action: string }) => e.action)).toEqual(
      expect.arrayContaining(['watchMatch', 'watchAcknowledge', 'recycle']),
    );
  });

  it('lets valuers read and add notices; guests nothing', async () => {
    const guest = await enterAsGuest(ctx, kit.recorder.token, 'recorder');
    expect((await answer('GET', '/api/watch/notices', valuer.token)).code).toBe(0);
    expect((await answer('GET', '/api/watch/matches', valuer.token)).code).toBe(0);
    expect((await answer('GET', '/api/watch/notices', guest.token)).code).toBe(2031);
    expect((await answer('GET', '/api/watch/matches', guest.token)).code).toBe(2031);
    expect((await addNotice(guest.token, { serial_no: 'G-1' })).code).toBe(2031);
    const mine = await addNotice(valuer.token, { serial_no: 'V-1' });
    expect((await answer('POST', `/api/watch/notices/${mine.data.notice.id}/withdraw`, valuer.token)).code).toBe(2032);
    const open = await ctx.app.db.select().from(watchMatches);
    expect(open.length).toBeGreaterThan(0);
  });

  it('refuses a guest recorder the buyback of their own matching item too', async () => {
    const guest = await enterAsGuest(ctx, kit.recorder.token, 'recorder', 'G-buy');
    const id = await insertAt(ctx, kit, 'identifiedByAgreement', { recorder: guest.id });
    await ctx.app.db.update(commodities).set({ serialNo: 'GUEST-55' }).where(eq(commodities.id, id));
    await addNotice(kit.recorder.token, { serial_no: 'guest55' });
    const version = outcome(ctx, await getDetail(ctx, guest.token, id)).data.version;
    // A guest cannot upload a signature; the watch list refuses before the buyback's own checks.
    const signature = `p-${'a'.repeat(32)}.png`;
    const refused = outcome(
      ctx,
      await act(ctx, guest.token, id, 'recycle', { version, is_recycle: 1, price: 100, currency: 'CNY', signature }),
    );
    expect(refused.code).toBe(5040);
    // Another guest, who cannot see the item, learns nothing of the list.
    const stranger = await enterAsGuest(ctx, kit.recorder.token, 'recorder', 'G-other');
    const hidden = outcome(
      ctx,
      await act(ctx, stranger.token, id, 'recycle', { version, is_recycle: 1, price: 100, currency: 'CNY', signature }),
    );
    expect(hidden.code).toBe(1002);
  });
});
