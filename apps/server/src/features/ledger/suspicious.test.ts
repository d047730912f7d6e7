import { and, eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { identityViews, suspiciousFlags, users } from '../../db/schema.ts';
import { addToBranches, FIRST_BRANCH } from '../../domain/branches.ts';
import { parseCsv } from '../../lib/csv.ts';
import { hashPassword } from '../../lib/password.ts';
import { enterAsGuest, type Kit, prepareKit } from '../../test/commodity-kit.ts';
import { insertLedgerEntry } from '../../test/ledger-fixtures.ts';
import { bearer, DEMO_PASSWORD, describeOnDatabases } from '../../test/test-app.ts';

/**
 * Suspicious transactions (犯罪収益移転防止法 §8: a specified business operator reports a
 * transaction it suspects, whatever its amount; docs/decisions.md "What the law asks at the
 * counter: money laundering"): a staff recorder flags, another staff recorder reviews, and the
 * flags to report are exported as CSV with the ledger's formula guards.
 */
describeOnDatabases('suspicious transactions', (ctx) => {
  let kit: Kit;
  let second = { id: 0, token: '' };
  beforeAll(async () => {
    kit = await prepareKit(ctx);
    // A second staff recorder: the reviewer (PRODUCT.md has no manager role; four eyes).
    const [row] = await ctx.app.db
      .insert(users)
      .values({
        name: '鈴木 花子',
        mobile: '13800000081',
        roles: ['recorder'],
        passwordHash: await hashPassword(DEMO_PASSWORD),
      })
      .returning({ id: users.id });
    await addToBranches(ctx.app.db, row?.id ?? 0, [FIRST_BRANCH]);
    second = { id: row?.id ?? 0, token: await ctx.login('13800000081') };
  });

  const call = async (method: 'GET' | 'POST', url: string, token: string, payload?: object, lang = 'en') => {
    const response = await ctx.app.inject({ method, url, headers: { ...bearer(token), lang }, payload });
    return {
      status: response.statusCode,
      body: response.body,
      ...(String(response.headers['content-type']).includes('json') ? ctx.json(response) : {}),
    };
  };
  const flags = async () => ctx.app.db.select().from(suspiciousFlags);

  it('a staff recorder flags any buyback with a reason; a second open flag, an empty reason, a valuer and a guest are refused', async () => {
    const small = await insertLedgerEntry(ctx, kit, { values: { price: 3000, currency: 'JPY' } });
    const flagged = await call('POST', `/api/ledger/entries/${small.id}/flag`, kit.recorder.token, {
      reason: 'Seller could not say where the ring came from',
    });
    expect(flagged).toMatchObject({
      code: 0,
      data: { ledger_entry_id: small.id, decision: null, flagged_by: { id: kit.recorder.id }, can_review: false },
    });
    const before = JSON.stringify(await flags());
    const again = await call('POST', `/api/ledger/entries/${small.id}/flag`, second.token, { reason: 'Another' });
    expect(again).toMatchObject({ status: 409, code: 5153 });
    const empty = await call('POST', `/api/ledger/entries/${small.id}/flag`, kit.recorder.token, { reason: '  ' });
    expect(empty).toMatchObject({ status: 400, code: 1001, data: { field: 'reason' } });
    const valuer = await call('POST', `/api/ledger/entries/${small.id}/flag`, kit.valuer1.token, { reason: 'x' });
    expect(valuer).toMatchObject({ status: 403, code: 2032 });
    const guest = await enterAsGuest(ctx, kit.recorder.token, 'recorder');
    const byGuest = await call('POST', `/api/ledger/entries/${small.id}/flag`, guest.token, { reason: 'x' });
    expect(byGuest).toMatchObject({ status: 403, code: 2031 });
    expect((await call('GET', '/api/ledger/flags', kit.valuer1.token)).code).toBe(2032);
    expect((await call('GET', '/api/ledger/flags', guest.token)).code).toBe(2031);
    const missing = await call('POST', '/api/ledger/entries/999999/flag', kit.recorder.token, { reason: 'x' });
    expect(missing.status).toBe(404);
    expect(JSON.stringify(await flags())).toBe(before);
  });

  it('the flagger cannot review; another staff recorder reviews once as "report" or "no report" with a note', async () => {
    const entry = await insertLedgerEntry(ctx, kit);
    const flag = (
      await call('POST', `/api/ledger/entries/${entry.id}/flag`, kit.recorder.token, { reason: 'Structured visits' })
    ).data;
    const reviewUrl = `/api/ledger/flags/${flag.id}/review`;
    const own = await call('POST', reviewUrl, kit.recorder.token, { decision: 'report', note: 'mine' });
    expect(own).toMatchObject({ status: 403, code: 5154 });
    const noNote = await call('POST', reviewUrl, second.token, { decision: 'report', note: '' });
    expect(noNote).toMatchObject({ status: 400, data: { field: 'note' } });
    const badDecision = await call('POST', reviewUrl, second.token, { decision: 'maybe', note: 'x' });
    expect(badDecision).toMatchObject({ status: 400, data: { field: 'decision' } });
    const byValuer = await call('POST', reviewUrl, kit.valuer2.token, { decision: 'report', note: 'x' });
    expect(byValuer).toMatchObject({ status: 403, code: 2032 });
    expect(
      (await ctx.app.db.select().from(suspiciousFlags).where(eq(suspiciousFlags.id, flag.id)))[0]?.decision,
    ).toBeNull();

    const open = await call('GET', '/api/ledger/flags?status=open', second.token);
    expect(open.data.items.find((item: { id: number }) => item.id === flag.id)).toMatchObject({ can_review: true });

    const reviewed = await call('POST', reviewUrl, second.token, { decision: 'no_report', note: 'Receipt seen' });
    expect(reviewed).toMatchObject({
      code: 0,
      data: { decision: 'no_report', review_note: 'Receipt seen', reviewed_by: { id: second.id }, can_review: false },
    });
    const twice = await call('POST', reviewUrl, second.token, { decision: 'report', note: 'changed my mind' });
    expect(twice).toMatchObject({ status: 409, code: 5155 });
    // Reviewed, the entry may be flagged again.
    const newFlag = await call('POST', `/api/ledger/entries/${entry.id}/flag`, kit.recorder.token, {
      reason: 'New facts',
    });
    expect(newFlag.code).toBe(0);
    const ofEntry = await call('GET', `/api/ledger/flags?status=all&ledger_entry_id=${entry.id}`, kit.recorder.token);
    expect(ofEntry.data.items.map((item: { decision: string | null }) => item.decision)).toEqual([null, 'no_report']);
  });

  it('exports the flags to report as CSV with the seller, formula cells guarded, recorded as an identity view', async () => {
    const entry = await insertLedgerEntry(ctx, kit, { sellerName: '=HYPERLINK("http://x","y")' });
    const flag = (
      await call('POST', `/api/ledger/entries/${entry.id}/flag`, kit.recorder.token, { reason: '+cmd|calc' })
    ).data;
    await call('POST', `/api/ledger/flags/${flag.id}/review`, second.token, { decision: 'report', note: '@SUM(1)' });
    const other = await insertLedgerEntry(ctx, kit, { sellerName: 'Not reported' });
    const otherFlag = (
      await call('POST', `/api/ledger/entries/${other.id}/flag`, kit.recorder.token, { reason: 'cleared' })
    ).data;
    await call('POST', `/api/ledger/flags/${otherFlag.id}/review`, second.token, { decision: 'no_report', note: 'ok' });

    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/ledger/flags/export?lang=ja',
      headers: bearer(second.token),
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const rows = parseCsv(response.body);
    expect(rows[0]?.fields).toContain('取引を行う目的');
    const mine = rows.find((row) => row.fields[0] === String(flag.id))?.fields ?? [];
    // The cells that a spreadsheet would run as formulas start with an apostrophe.
    expect(mine).toContain(`'=HYPERLINK("http://x","y")`);
    expect(mine).toContain("'+cmd|calc");
    expect(mine).toContain("'@SUM(1)");
    expect(mine).toContain('東京都台東区上野1-2-3');
    expect(rows.some((row) => row.fields.includes('Not reported'))).toBe(false);
    const views = await ctx.app.db
      .select()
      .from(identityViews)
      .where(and(eq(identityViews.viewerId, second.id), eq(identityViews.subject, 'suspicious-export')));
    expect(views.length).toBe(1);
    expect((await call('GET', '/api/ledger/flags/export', kit.valuer1.token)).code).toBe(2032);
    const bad = await call('GET', '/api/ledger/flags/export?from=2026-02-30', kit.recorder.token);
    expect(bad).toMatchObject({ status: 400, data: { field: 'from' } });
  });
});
