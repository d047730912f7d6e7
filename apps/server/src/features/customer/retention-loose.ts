import { and, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { identityChecks, inquiries, ledgerEntries, uploads } from '../../db/schema.ts';

/*
 * What the retention job removes besides customers (issue 27 item 12; docs/decisions.md "The
 * signed declaration, one use per file, retention of everything personal"): personal data that no
 * record keeps. A private upload (an ID photo, a signature) that no identity check or ledger entry
 * took — a refused or abandoned buyback's — goes after a short grace; a price inquiry's name and
 * contact go RETENTION_MONTHS after its last change.
 */

/**
 * How long a private upload may wait for its buyback: the clerk photographs the ID, the seller
 * signs, and the buyback is confirmed within minutes, or is retried after a refusal within the
 * hour; a day covers a page left open over a break. After that, no buyback will bind it.
 */
export const PRIVATE_UPLOAD_GRACE_HOURS = 24;

/** Private kinds only: a public photo belongs to an item, and the item keeps it. */
const PRIVATE_KINDS = ['document', 'signature'];

/**
 * Deletes the rows of private uploads bound to no record, older than the grace, and answers their
 * stored names (file and thumbnail) to remove once the transaction commits. A name that a record
 * names anyway (a record written before uploads were bound) is kept: the record must keep it.
 */
export async function forgetLooseUploads(tx: Db, now: Date): Promise<{ count: number; files: string[] }> {
  const before = new Date(now.getTime() - PRIVATE_UPLOAD_GRACE_HOURS * 3600_000);
  const rows = await tx
    .delete(uploads)
    .where(
      and(
        inArray(uploads.kind, PRIVATE_KINDS),
        isNull(uploads.boundTo),
        lt(uploads.createdAt, before),
        sql`not exists (select 1 from ${identityChecks} where ${identityChecks.documentPics} @> jsonb_build_array(${uploads.name}))`,
        sql`not exists (select 1 from ${ledgerEntries} where ${ledgerEntries.signature} = ${uploads.name})`,
      ),
    )
    .returning({ name: uploads.name, thumbName: uploads.thumbName });
  return { count: rows.length, files: rows.flatMap((row) => [row.name, row.thumbName]) };
}

/**
 * Blanks the customer's name and contact of inquiries whose last change (made, estimated or
 * closed) is older than the retention period; the item, the photos and the estimate stay, as
 * the shop's price history. Answers how many were blanked.
 */
export async function blankOldInquiries(tx: Db, now: Date, retentionMonths: number): Promise<number> {
  const lastChange = sql`greatest(${inquiries.createdAt}, ${inquiries.estimatedAt}, ${inquiries.closedAt})`;
  const blanked = await tx
    .update(inquiries)
    .set({ customerName: '', contact: '' })
    .where(
      and(
        or(ne(inquiries.customerName, ''), ne(inquiries.contact, '')),
        sql`${lastChange} < (${now.toISOString()}::timestamptz - make_interval(months => ${retentionMonths}::int))`,
      ),
    )
    .returning({ id: inquiries.id });
  return blanked.length;
}
