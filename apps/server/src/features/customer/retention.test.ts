import { eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { commands } from '../../cli/operator-commands.ts';
import {
  commodities,
  commodityEvents,
  customers,
  enrollments,
  identityChecks,
  ledgerEntries,
  uploads,
} from '../../db/schema.ts';
import { FIRST_BRANCH, nextLedgerNo } from '../../domain/branches.ts';
import { hintOf, seal } from '../../lib/identity-cipher.ts';
import {
  commodityInput,
  enroll,
  enrollBody,
  type Kit,
  outcome,
  photoUpload,
  prepareKit,
} from '../../test/commodity-kit.ts';
import { expectSqlRefusal, LEDGER_IMMUTABLE } from '../../test/sql-refusal.ts';
import { bearer, describeOnDatabases } from '../../test/test-app.ts';
import { RETENTION_EVERY_MS, type RetentionLog, runRetention, startRetentionSchedule } from './retention.ts';

/** The moved clock: every time below is relative to it. */
const NOW = new Date('2031-06-15T03:00:00Z');
const monthsAgo = (months: number, days = 0) => {
  const at = new Date(NOW);
  at.setUTCMonth(at.getUTCMonth() - months);
  at.setUTCDate(at.getUTCDate() - days);
  return at;
};

function collectingLog() {
  const lines: string[] = [];
  const log: RetentionLog = {
    info: (counts, message) => lines.push(JSON.stringify({ ...counts, message })),
    error: (details, message) => lines.push(JSON.stringify({ ...details, message })),
  };
  return { log, lines };
}

describeOnDatabases('the retention job', (ctx) => {
  let kit: Kit;
  /** Inactive for 36 months and a day: anonymized. */
  const stale = { id: 0, enrollment: 0, commodity: 0, check: 0, photo: '', oldEntry: 0, youngEntry: 0, signature: '' };
  /** Inactive for one day less than 36 months: untouched. */
  const inside = { id: 0, enrollment: 0, check: 0, entry: 0 };

  const privateUpload = async (kind: 'document' | 'signature', color: number) => {
    const { payload, contentType } = await photoUpload(color, { kind });
    return ctx.json(
      await ctx.app.inject({
        method: 'POST',
        url: '/api/upload/private',
        headers: { ...bearer(kit.recorder.token), 'content-type': contentType },
        payload,
      }),
    ).data.name as string;
  };

  const register = async (name: string, phone: string) => {
    const body = enrollBody([commodityInput(kit)], {
      customer_name: name,
      customer_phone: phone,
      customer_address: `${name}的地址`,
    });
    const answer = outcome(ctx, await enroll(ctx, kit.recorder.token, body));
    const [row] = await ctx.app.db
      .select({ customerId: enrollments.customerId })
      .from(enrollments)
      .where(eq(enrollments.id, answer.data.id));
    return {
      enrollment: answer.data.id as number,
      commodity: answer.data.commodities[0].id as number,
      customer: row?.customerId ?? 0,
    };
  };

  const identityCheck = async (customerId: number, name: string, pics: string[]) => {
    const [row] = await ctx.app.db
      .insert(identityChecks)
      .values({
        customerId,
        documentType: 'drivers_licence',
        documentNumberSealed: seal('DL-998877665544', ctx.config.identityKey),
        documentNumberHint: hintOf('DL-998877665544'),
        documentPics: pics,
        name,
        address: `${name}的地址`,
        occupation: '自営業',
        birthDate: '1975-05-05',
        checkedBy: kit.recorder.id,
      })
      .returning({ id: identityChecks.id });
    return row?.id ?? 0;
  };

  const ledgerEntry = async (
    customerId: number,
    commodityId: number,
    at: Date,
    name: string,
    signature: string | null,
  ) => {
    const text = { 'zh-Hans': '手镯', 'zh-Hant': '手鐲', en: 'Bracelet', ja: 'ブレスレット' };
    const [row] = await ctx.app.db
      .insert(ledgerEntries)
      .values({
        branchId: FIRST_BRANCH,
        branchNo: await nextLedgerNo(ctx.app.db, FIRST_BRANCH),
        transactedAt: at,
        commodityId,
        commodityNo: 'C20280101-0001',
        item: text,
        features: text,
        price: 1000,
        currency: 'JPY',
        customerId,
        sellerName: name,
        sellerAddress: `${name}的地址`,
        sellerOccupation: '自営業',
        sellerAge: 50,
        identityMethod: 'drivers_licence',
        identityDocumentHint: '5544',
        signature,
        recorderId: kit.recorder.id,
        day: at.toISOString().slice(0, 10),
      })
      .returning({ id: ledgerEntries.id });
    return row?.id ?? 0;
  };

  beforeAll(async () => {
    kit = await prepareKit(ctx);
    const a = await register('秦老旧', '13988880001');
    Object.assign(stale, { id: a.customer, enrollment: a.enrollment, commodity: a.commodity });
    stale.photo = await privateUpload('document', 30);
    stale.signature = await privateUpload('signature', 40);
    stale.check = await identityCheck(stale.id, '秦老旧', [stale.photo]);
    stale.oldEntry = await ledgerEntry(stale.id, a.commodity, monthsAgo(40), '秦老旧', null);
    stale.youngEntry = await ledgerEntry(stale.id, a.commodity, monthsAgo(30), '秦老旧', stale.signature);
    // An update's history names the customer: removed with the rest.
    await ctx.app.db.insert(commodityEvents).values({
      commodityId: a.commodity,
      actorId: kit.recorder.id,
      action: 'update',
      fromStatus: 10,
      toStatus: 10,
      changes: { customer_phone: ['13988880000', '13988880001'], remark: ['a', 'b'] },
    });
    await ctx.app.db
      .update(customers)
      .set({ lastActivityAt: monthsAgo(36, 1) })
      .where(eq(customers.id, stale.id));

    const b = await register('韩刚好', '13988880002');
    Object.assign(inside, { id: b.customer, enrollment: b.enrollment });
    inside.check = await identityCheck(inside.id, '韩刚好', []);
    inside.entry = await ledgerEntry(inside.id, b.commodity, monthsAgo(40), '韩刚好', null);
    await ctx.app.db
      .update(customers)
      .set({ lastActivityAt: monthsAgo(35, -30) })
      .where(eq(customers.id, inside.id));
    // Exactly one day inside the period.
    await ctx.app.db
      .update(customers)
      .set({ lastActivityAt: sql`${NOW.toISOString()}::timestamptz - interval '36 months' + interval '1 day'` })
      .where(eq(customers.id, inside.id));
  });

  /** Everything of the rows that must not change, as text. */
  const untouched = async () =>
    JSON.stringify(
      await Promise.all([
        ctx.app.db.select().from(customers).where(eq(customers.id, inside.id)),
        ctx.app.db.select().from(enrollments).where(eq(enrollments.customerId, inside.id)),
        ctx.app.db.select().from(identityChecks).where(eq(identityChecks.customerId, inside.id)),
        ctx.app.db.select().from(ledgerEntries).where(eq(ledgerEntries.customerId, inside.id)),
        ctx.app.db.select().from(ledgerEntries).where(eq(ledgerEntries.id, stale.youngEntry)),
        ctx.app.db.select().from(commodities).where(eq(commodities.id, stale.commodity)),
      ]),
    );

  it('removes exactly what it should at the moved clock, and logs counts, never names', async () => {
    const before = await untouched();
    const { log, lines } = collectingLog();
    // Two runs at once: the lock lets one of them do the work, the other finds nothing left.
    const runs = await Promise.all([
      runRetention(ctx.app.db, ctx.app.storage, { now: NOW, retentionMonths: 36, log }),
      runRetention(ctx.app.db, ctx.app.storage, { now: NOW, retentionMonths: 36, log }),
    ]);
    const total = (key: 'customers' | 'identityChecks' | 'ledgerEntries' | 'enrollments') =>
      runs.reduce((sum, run) => sum + run[key], 0);
    expect({
      customers: total('customers'),
      enrollments: total('enrollments'),
      identityChecks: total('identityChecks'),
      ledgerEntries: total('ledgerEntries'),
    }).toEqual({ customers: 1, enrollments: 1, identityChecks: 1, ledgerEntries: 1 });

    const [customer] = await ctx.app.db.select().from(customers).where(eq(customers.id, stale.id));
    expect(customer).toMatchObject({ name: '', phone: '', address: '', occupation: '', birthDate: null });
    expect(customer?.anonymizedAt?.toISOString()).toBe(NOW.toISOString());
    const [enrollment] = await ctx.app.db.select().from(enrollments).where(eq(enrollments.id, stale.enrollment));
    expect(enrollment).toMatchObject({ customerName: '', customerPhone: '', customerAddress: '' });
    const [event] = await ctx.app.db
      .select({ changes: commodityEvents.changes })
      .from(commodityEvents)
      .where(eq(commodityEvents.action, 'update'));
    expect(event?.changes).toEqual({ remark: ['a', 'b'] });
    const [check] = await ctx.app.db.select().from(identityChecks).where(eq(identityChecks.id, stale.check));
    expect(check).toMatchObject({
      documentNumberSealed: null,
      documentNumberHint: '',
      documentPics: [],
      name: '',
      address: '',
      occupation: '',
      birthDate: null,
    });
    expect(check?.anonymizedAt).not.toBeNull();
    // The document photo and its thumbnail are gone, with their upload row.
    expect(await ctx.app.storage.get(stale.photo)).toBeNull();
    expect(await ctx.app.storage.get(stale.photo.replace('.', '-thumb.'))).toBeNull();
    expect(await ctx.app.db.select().from(uploads).where(eq(uploads.name, stale.photo))).toEqual([]);

    // The ledger entry older than 3 years is blanked as the trigger allows; the younger one is whole.
    const [old] = await ctx.app.db.select().from(ledgerEntries).where(eq(ledgerEntries.id, stale.oldEntry));
    expect(old).toMatchObject({
      sellerName: '',
      sellerAddress: '',
      sellerOccupation: '',
      identityDocumentHint: '',
      signature: null,
      sellerAge: 50,
      price: 1000,
      identityMethod: 'drivers_licence',
    });
    expect(await untouched()).toBe(before);
    expect(await ctx.app.storage.get(stale.signature)).not.toBeNull();

    // Counts only: nothing personal in any line.
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expect(line).not.toMatch(/秦老旧|韩刚好|1398888|地址|自営業|5544/);
  });

  it('blanks the younger ledger entry once it is 3 years old, removing its signature; the operator command moves the clock', async () => {
    const later = new Date(NOW);
    later.setUTCMonth(later.getUTCMonth() + 7);
    const output = await commands.retention(
      ctx.app.database,
      { now: later.toISOString() },
      { config: ctx.config, storage: ctx.app.storage },
    );
    // The customer one day inside the period at NOW is outside it 7 months later.
    expect(output).toMatch(/1 customers, 1 enrollments, 1 identity checks, 2 ledger entries anonymized/);
    expect(output).not.toMatch(/秦老旧|韩刚好|1398888/);
    const entries = await ctx.app.db
      .select({ name: ledgerEntries.sellerName, signature: ledgerEntries.signature })
      .from(ledgerEntries)
      .where(inArray(ledgerEntries.id, [stale.youngEntry, inside.entry]));
    expect(entries).toEqual([
      { name: '', signature: null },
      { name: '', signature: null },
    ]);
    expect(await ctx.app.storage.get(stale.signature)).toBeNull();
    // A third run finds nothing left.
    expect(
      await commands.retention(
        ctx.app.database,
        { now: later.toISOString() },
        { config: ctx.config, storage: ctx.app.storage },
      ),
    ).toMatch(/0 customers, 0 enrollments, 0 identity checks, 0 ledger entries/);
  });

  it('the ledger still refuses any other change', async () => {
    await expectSqlRefusal(
      ctx.app.db.update(ledgerEntries).set({ price: 1 }).where(eq(ledgerEntries.id, stale.oldEntry)),
      { ...LEDGER_IMMUTABLE, raisedBy: 'ledger_entries_immutable' },
    );
  });
});

describe('the daily schedule', () => {
  it('runs a minute after start, then once a day, and stops when told', async () => {
    vi.useFakeTimers();
    try {
      const runs: number[] = [];
      const { log, lines } = collectingLog();
      const stop = startRetentionSchedule(async () => {
        runs.push(Date.now());
        if (runs.length === 2) throw new Error('database away');
      }, log);
      await vi.advanceTimersByTimeAsync(59_000);
      expect(runs).toHaveLength(0);
      await vi.advanceTimersByTimeAsync(1_000);
      expect(runs).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(RETENTION_EVERY_MS);
      expect(runs).toHaveLength(2);
      expect(lines.some((line) => line.includes('retention: the run failed'))).toBe(true);
      // A failed run does not stop the next one.
      await vi.advanceTimersByTimeAsync(RETENTION_EVERY_MS);
      expect(runs).toHaveLength(3);
      stop();
      await vi.advanceTimersByTimeAsync(RETENTION_EVERY_MS * 2);
      expect(runs).toHaveLength(3);
    } finally {
      vi.useRealTimers();
    }
  });
});
