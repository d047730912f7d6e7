import { and, eq, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  commodities,
  commodityEvents,
  customers,
  enrollments,
  identityChecks,
  ledgerEntries,
  uploads,
} from '../../db/schema.ts';
import type { Storage } from '../../plugins/external/storage.ts';
import { blankOldInquiries, forgetLooseUploads } from './retention-loose.ts';

/*
 * The retention job (issue 13 item 5; docs/decisions.md "Customers and retention"). Customers
 * with no activity for `retentionMonths` lose their personal data: the record, the details their
 * enrollments kept, and their identity checks with the document photos. The dealer's ledger keeps
 * its entries whole for at least 3 years from the transaction (古物営業法 §18); older entries of
 * anonymized customers are blanked as the trigger of migration 0011 allows, once.
 */

/** The ledger's legal minimum, in months (3 years). */
export const LEDGER_KEEP_MONTHS = 36;
/**
 * The records of the verification at transaction (犯罪収益移転防止法 §6: 確認記録) and of the
 * transaction (§7: 取引記録), in months (7 years): a ledger entry with `aml_verified` and its
 * identity check keep their personal data this long from the transaction, whatever the
 * customer's inactivity. docs/decisions.md "What the law asks at the counter: money laundering".
 */
export const AML_KEEP_MONTHS = 84;
/** One job at a time across every server instance and the command line (an advisory lock key). */
export const RETENTION_LOCK_KEY = 727_001;
/** Once a day; the first run a minute after start, when the server settled. */
export const RETENTION_EVERY_MS = 24 * 60 * 60 * 1000;
const FIRST_RUN_AFTER_MS = 60 * 1000;

export interface RetentionCounts {
  /** False when another instance held the lock: nothing was done here. */
  ran: boolean;
  customers: number;
  enrollments: number;
  identityChecks: number;
  ledgerEntries: number;
  /** Private uploads no record took (a refused or abandoned buyback's), past their grace (retention-loose.ts). */
  privateUploads: number;
  /** Price inquiries whose customer name and contact were blanked. */
  inquiries: number;
  filesRemoved: number;
  filesFailed: number;
}

/** Where the job says what it did: counts only, never a name (PRODUCT.md, logs without personal data). */
export interface RetentionLog {
  info(counts: object, message: string): void;
  error(details: object, message: string): void;
}

const ids = (rows: { id: number }[]) => rows.map((row) => row.id);

/** `now` minus whole calendar months, as PostgreSQL counts them. */
const monthsBefore = (now: Date, months: number) =>
  sql`(${now.toISOString()}::timestamptz - make_interval(months => ${months}::int))`;

/** An identity check that a verification at transaction younger than AML_KEEP_MONTHS used: kept whole. */
const amlHeldCheck = (now: Date) =>
  sql`exists (select 1 from ${ledgerEntries} where ${ledgerEntries.identityCheckId} = ${identityChecks.id}
    and ${ledgerEntries.amlVerified} and ${ledgerEntries.transactedAt} >= ${monthsBefore(now, AML_KEEP_MONTHS)})`;

/** Checks of customers whose data went (now or earlier), not held by AML_KEEP_MONTHS: blanked now. */
const checksDue = (tx: Db, now: Date) =>
  and(
    isNull(identityChecks.anonymizedAt),
    inArray(
      identityChecks.customerId,
      tx.select({ id: customers.id }).from(customers).where(isNotNull(customers.anonymizedAt)),
    ),
    sql`not ${amlHeldCheck(now)}`,
  );

async function anonymize(tx: Db, now: Date, retentionMonths: number) {
  const stale = ids(
    await tx
      .select({ id: customers.id })
      .from(customers)
      .where(
        and(isNull(customers.anonymizedAt), sql`${customers.lastActivityAt} < ${monthsBefore(now, retentionMonths)}`),
      )
      .for('update'),
  );
  let enrollmentCount = 0;
  let checkCount = 0;
  if (stale.length > 0) {
    await tx
      .update(customers)
      .set({ name: '', phone: '', address: '', occupation: '', birthDate: null, anonymizedAt: now, updatedAt: now })
      .where(inArray(customers.id, stale));
    const blanked = await tx
      .update(enrollments)
      .set({ customerName: '', customerPhone: '', customerAddress: '' })
      .where(inArray(enrollments.customerId, stale))
      .returning({ id: enrollments.id });
    enrollmentCount = blanked.length;
    // An update's history names the customer's old and new details: those go too.
    if (blanked.length > 0) {
      await tx
        .update(commodityEvents)
        .set({
          changes: sql`${commodityEvents.changes} - array['customer_name', 'customer_phone', 'customer_address']::text[]`,
        })
        .where(
          inArray(
            commodityEvents.commodityId,
            tx
              .select({ id: commodities.id })
              .from(commodities)
              .where(inArray(commodities.enrollmentId, ids(blanked))),
          ),
        );
    }
  }
  // The stale customers' checks, and those a verification at transaction held until now.
  const checks = await tx
    .update(identityChecks)
    .set({
      documentNumberSealed: null,
      documentNumberHint: '',
      documentPics: [],
      name: '',
      address: '',
      occupation: '',
      birthDate: null,
      anonymizedAt: now,
    })
    .where(checksDue(tx, now))
    .returning({ id: identityChecks.id });
  checkCount = checks.length;
  return { stale, enrollmentCount, checkCount };
}

/** The document photos of the identity checks about to be blanked (read before the update). */
async function documentPhotosOf(tx: Db, now: Date, retentionMonths: number) {
  const rows = await tx
    .select({ pics: identityChecks.documentPics })
    .from(identityChecks)
    .innerJoin(customers, eq(customers.id, identityChecks.customerId))
    .where(
      and(
        isNull(identityChecks.anonymizedAt),
        or(isNotNull(customers.anonymizedAt), sql`${customers.lastActivityAt} < ${monthsBefore(now, retentionMonths)}`),
        sql`not ${amlHeldCheck(now)}`,
      ),
    );
  return rows.flatMap((row) => row.pics);
}

/** Ledger entries of anonymized customers older than the legal minimum (and the retention period). */
async function blankLedger(tx: Db, now: Date, retentionMonths: number) {
  const keepMonths = Math.max(retentionMonths, LEDGER_KEEP_MONTHS);
  const due = await tx
    .select({ id: ledgerEntries.id, signature: ledgerEntries.signature })
    .from(ledgerEntries)
    .innerJoin(customers, eq(customers.id, ledgerEntries.customerId))
    .where(
      and(
        isNull(ledgerEntries.anonymizedAt),
        isNotNull(customers.anonymizedAt),
        lt(ledgerEntries.transactedAt, monthsBefore(now, keepMonths)),
        // A verification at transaction's entry: 7 years (犯罪収益移転防止法 §6, §7).
        or(
          eq(ledgerEntries.amlVerified, false),
          lt(ledgerEntries.transactedAt, monthsBefore(now, Math.max(keepMonths, AML_KEEP_MONTHS))),
        ),
      ),
    );
  if (due.length === 0) return { count: 0, signatures: [] as string[] };
  // Exactly the change the trigger of migration 0011 lets through.
  await tx
    .update(ledgerEntries)
    .set({
      sellerName: '',
      sellerAddress: '',
      sellerOccupation: '',
      identityDocumentHint: '',
      signature: null,
      // The signed declaration names the seller (its own trigger, migration 0017, asks for '').
      declarationText: '',
      transactionPurpose: '',
      anonymizedAt: now,
    })
    .where(inArray(ledgerEntries.id, ids(due)));
  return { count: due.length, signatures: due.flatMap((row) => (row.signature ? [row.signature] : [])) };
}

/** The upload rows of private files, deleted; answers the stored names (file and thumbnail) to remove. */
async function forgetUploads(tx: Db, names: string[]) {
  if (names.length === 0) return [];
  const rows = await tx
    .delete(uploads)
    .where(inArray(uploads.name, names))
    .returning({ name: uploads.name, thumbName: uploads.thumbName });
  const known = new Set(rows.map((row) => row.name));
  // A name without its upload row still has its file (and thumbnail) removed.
  const thumbOf = (name: string) => name.replace(/\.(\w+)$/, '-thumb.$1');
  return [
    ...rows.flatMap((row) => [row.name, row.thumbName]),
    ...names.filter((name) => !known.has(name)).flatMap((name) => [name, thumbOf(name)]),
  ];
}

/**
 * Runs the job once with the clock at `now`. The database work is one transaction under an
 * advisory lock, so a second instance (or the command line) running at the same moment does
 * nothing; the files go once it committed, so a rollback never loses a photo still referred to.
 */
export async function runRetention(
  db: Db,
  storage: Storage,
  options: { now: Date; retentionMonths: number; log: RetentionLog },
): Promise<RetentionCounts> {
  const { now, retentionMonths, log } = options;
  const done = await db.transaction(async (tx) => {
    const result = (await tx.execute(
      sql`select pg_try_advisory_xact_lock(${RETENTION_LOCK_KEY}) as locked`,
    )) as unknown as {
      rows: { locked: boolean }[];
    };
    if (!result.rows[0]?.locked) return null;
    const photos = await documentPhotosOf(tx, now, retentionMonths);
    const customersDone = await anonymize(tx, now, retentionMonths);
    const ledger = await blankLedger(tx, now, retentionMonths);
    const loose = await forgetLooseUploads(tx, now);
    const inquiryCount = await blankOldInquiries(tx, now, retentionMonths);
    const files = [...(await forgetUploads(tx, [...photos, ...ledger.signatures])), ...loose.files];
    return { customersDone, ledger, files, loose, inquiryCount };
  });
  if (!done) {
    const counts = {
      ran: false,
      customers: 0,
      enrollments: 0,
      identityChecks: 0,
      ledgerEntries: 0,
      privateUploads: 0,
      inquiries: 0,
      filesRemoved: 0,
      filesFailed: 0,
    };
    log.info(counts, 'retention: another run holds the lock; nothing done here');
    return counts;
  }
  let filesFailed = 0;
  for (const name of done.files) {
    try {
      await storage.remove(name);
    } catch {
      filesFailed += 1;
    }
  }
  const counts: RetentionCounts = {
    ran: true,
    customers: done.customersDone.stale.length,
    enrollments: done.customersDone.enrollmentCount,
    identityChecks: done.customersDone.checkCount,
    ledgerEntries: done.ledger.count,
    privateUploads: done.loose.count,
    inquiries: done.inquiryCount,
    filesRemoved: done.files.length - filesFailed,
    filesFailed,
  };
  if (filesFailed > 0) log.error({ filesFailed }, 'retention: some private files could not be removed');
  log.info({ ...counts, retentionMonths }, 'retention: personal data removed');
  return counts;
}

/**
 * The daily run inside the server: a timer, unref'd, stopped on close. Every instance runs it;
 * the advisory lock lets one of them do the work.
 */
export function startRetentionSchedule(
  run: () => Promise<unknown>,
  log: RetentionLog,
  every = RETENTION_EVERY_MS,
): () => void {
  let timer: NodeJS.Timeout;
  let stopped = false;
  const tick = async () => {
    try {
      await run();
    } catch (error) {
      log.error({ err: error }, 'retention: the run failed');
    }
    // Stopped while running (the server closing): no next run.
    if (stopped) return;
    timer = setTimeout(tick, every);
    timer.unref();
  };
  timer = setTimeout(tick, Math.min(FIRST_RUN_AFTER_MS, every));
  timer.unref();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
