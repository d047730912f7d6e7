import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { commands } from '../../cli/operator-commands.ts';
import { storageConfig } from '../../config.ts';
import { inquiries, ledgerEntries, uploads } from '../../db/schema.ts';
import { FIRST_BRANCH } from '../../domain/branches.ts';
import { buybackProof, insertAt, type Kit, outcome, prepareKit, versionOf } from '../../test/commodity-kit.ts';
import { startS3Server } from '../../test/s3-server.ts';
import { bearer, describeOnDatabases, type TestContext } from '../../test/test-app.ts';
import { type RetentionLog, runRetention } from './retention.ts';

/*
 * Issue 27 item 12: retention removes every personal file and field that no record must keep —
 * a refused buyback's ID photo and signature (a 10-year-old's, never bound to a record) after the
 * 24-hour grace, locally and in S3, and a price inquiry's name and contact after RETENTION_MONTHS
 * — and says what it removed. A young ledger entry keeps its files.
 */

const s3 = await startS3Server();
afterAll(() => s3.close());

const HOUR = 3600_000;
const monthsAfter = (from: Date, months: number) => {
  const at = new Date(from);
  at.setUTCMonth(at.getUTCMonth() + months);
  return at;
};

function collectingLog() {
  const lines: Record<string, unknown>[] = [];
  const log: RetentionLog = {
    info: (counts, message) => lines.push({ ...counts, message }),
    error: (details, message) => lines.push({ ...details, message }),
  };
  return { log, lines };
}

async function buy(ctx: TestContext, kit: Kit, id: number, body: object) {
  const version = await versionOf(ctx, kit.recorder.token, id);
  return outcome(
    ctx,
    await ctx.app.inject({
      method: 'POST',
      url: `/api/commodities/${id}/recycle`,
      headers: bearer(kit.recorder.token),
      payload: { version, is_recycle: 1, payment_method: 'cash', price: 6000, currency: 'CNY', ...body },
    }),
  );
}

const retentionSuite = (where: string) => (ctx: TestContext) => {
  let kit: Kit;
  beforeAll(async () => {
    kit = await prepareKit(ctx);
  });

  /** Whether the store holds the object (read and let go). */
  const stored = async (name: string) => {
    const found = await ctx.app.storage.get(name);
    found?.stream.destroy();
    return found !== null;
  };
  const filesOf = async (names: string[]) =>
    ctx.app.db
      .select({ name: uploads.name, thumbName: uploads.thumbName, boundTo: uploads.boundTo })
      .from(uploads)
      .where(inArray(uploads.name, names));

  it(`removes a refused buyback's ID photo and signature after the grace, keeps a young entry's files, blanks old inquiries, and says so (${where})`, async () => {
    const start = new Date();
    const year = start.getUTCFullYear();
    // A 10-year-old seller is refused: their photo and signature stay unbound.
    const refusedItem = await insertAt(ctx, kit, 'identifiedQuick');
    const refusedProof = await buybackProof(ctx, kit.recorder.token, { birth_date: `${year - 10}-01-01` });
    expect(await buy(ctx, kit, refusedItem, refusedProof)).toMatchObject({ status: 400, code: 5012 });
    const refusedNames = [refusedProof.signature, ...refusedProof.identity.document_pics];
    const refusedFiles = await filesOf(refusedNames);
    expect(refusedFiles).toHaveLength(2);
    expect(refusedFiles.every((file) => file.boundTo === null)).toBe(true);

    // A buyback that went through: its files are bound to its check and entry.
    const boughtItem = await insertAt(ctx, kit, 'identifiedQuick');
    const boughtProof = await buybackProof(ctx, kit.recorder.token, { name: '田中 一郎' });
    expect(await buy(ctx, kit, boughtItem, boughtProof)).toMatchObject({ code: 0 });
    const keptFiles = await filesOf([boughtProof.signature, ...boughtProof.identity.document_pics]);
    expect(keptFiles).toHaveLength(2);

    const allNames = (files: { name: string; thumbName: string }[]) => files.flatMap((f) => [f.name, f.thumbName]);
    for (const name of [...allNames(refusedFiles), ...allNames(keptFiles)]) expect(await stored(name)).toBe(true);

    // Price inquiries: one made now, one made 36 months from now.
    const [oldInquiry, youngInquiry] = await ctx.app.db
      .insert(inquiries)
      .values([
        {
          recorderId: kit.recorder.id,
          branchId: FIRST_BRANCH,
          customerName: '佐藤 花子',
          contact: '090-1111-2222',
          productName: 'Rolex Datejust',
          source: 'phone',
          createdAt: start,
        },
        {
          recorderId: kit.recorder.id,
          branchId: FIRST_BRANCH,
          customerName: '鈴木 次郎',
          contact: 'jiro@example.com',
          productName: 'Cartier Love',
          source: 'phone',
          createdAt: monthsAfter(start, 36),
        },
      ])
      .returning({ id: inquiries.id });

    // Within the 24-hour grace nothing is removed: the buyback may still be retried.
    const early = collectingLog();
    const within = await runRetention(ctx.app.db, ctx.app.storage, {
      now: new Date(start.getTime() + 23 * HOUR),
      retentionMonths: 36,
      log: early.log,
    });
    expect(within).toMatchObject({ ran: true, privateUploads: 0, inquiries: 0, filesRemoved: 0 });
    expect(await filesOf(refusedNames)).toHaveLength(2);

    // After it, the refused buyback's two files (each with its thumbnail) go, rows and objects.
    const late = collectingLog();
    const after = await runRetention(ctx.app.db, ctx.app.storage, {
      now: new Date(start.getTime() + 25 * HOUR),
      retentionMonths: 36,
      log: late.log,
    });
    expect(after).toMatchObject({ ran: true, privateUploads: 2, inquiries: 0, filesRemoved: 4, filesFailed: 0 });
    expect(late.lines.at(-1)).toMatchObject({ privateUploads: 2, inquiries: 0, filesRemoved: 4 });
    // Counts only: no name, number or file name reaches the log.
    expect(JSON.stringify(late.lines)).not.toMatch(/p-[0-9a-f]{8}|田中|佐藤|090-/);
    expect(await filesOf(refusedNames)).toEqual([]);
    for (const name of allNames(refusedFiles)) expect(await stored(name)).toBe(false);
    // The young entry's files stay, bound.
    expect(await filesOf(keptFiles.map((f) => f.name))).toEqual(keptFiles);
    for (const name of allNames(keptFiles)) expect(await stored(name)).toBe(true);

    // 37 months on, the old inquiry's name and contact are blanked; the young one's stay.
    const output = await commands.retention(
      ctx.app.database,
      { now: monthsAfter(start, 37).toISOString() },
      { config: ctx.config, storage: ctx.app.storage },
    );
    expect(output).toMatch(/0 unused private uploads, 1 inquiries' names and contacts removed/);
    const rows = await ctx.app.db
      .select()
      .from(inquiries)
      .where(inArray(inquiries.id, [oldInquiry?.id ?? 0, youngInquiry?.id ?? 0]));
    expect(rows.find((row) => row.id === oldInquiry?.id)).toMatchObject({
      customerName: '',
      contact: '',
      productName: 'Rolex Datejust',
    });
    expect(rows.find((row) => row.id === youngInquiry?.id)).toMatchObject({
      customerName: '鈴木 次郎',
      contact: 'jiro@example.com',
    });
    // The bought entry is past 3 years too: its signed declaration, naming the seller, is blanked with the rest.
    const [entry] = await ctx.app.db.select().from(ledgerEntries).where(eq(ledgerEntries.commodityId, boughtItem));
    expect(entry).toMatchObject({ sellerName: '', signature: null, declarationText: '', declarationLang: 'zh-Hans' });
  });
};

describeOnDatabases('retention of everything personal, local storage', retentionSuite('local'));
describeOnDatabases('retention of everything personal, S3', retentionSuite('S3'), {
  storage: storageConfig({ ...s3.env, S3_PREFIX: 'retention/' }),
});
