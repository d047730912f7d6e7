import type { AuditRecord, auditExportQuerySchema, auditListQuerySchema } from '@jewel/contract/audit';
import { idSchema } from '@jewel/contract/input';
import { AUDIT_COLUMNS, AUDIT_EXPORT_MAX, AUDIT_KINDS, type AuditKind } from '@jewel/contract/values/audit';
import type { Lang } from '@jewel/contract/values/i18n';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { dictionaryOptions } from '../../db/schema.ts';
import { shopCsvLine, shopDateTime, shopIdentity } from '../../domain/shop.ts';
import { localize } from '../../i18n/localize.ts';
import { AUDIT_MESSAGES, fill } from '../../i18n/messages.ts';
import { AppError } from '../../lib/app-error.ts';
import { writeCsv } from '../../lib/csv.ts';
import { decodeCursor, encodeCursor } from '../../lib/keyset-cursor.ts';
import { presentRecord, type StatusLabel } from './audit.presenter.ts';
import * as repo from './audit.repository.ts';

export interface AuditDeps {
  db: Db;
  timeZone: string;
}

const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

/** A page's cursor: `[at, kind, id]` of its last record, the instant to the microsecond. */
function pageAfter(cursor: string | undefined): repo.AuditPosition | null {
  const key = decodeCursor(
    cursor,
    3,
    ([at, kind, id]) =>
      typeof at === 'string' &&
      INSTANT.test(at) &&
      AUDIT_KINDS.includes(kind as AuditKind) &&
      idSchema.safeParse(id).success,
  );
  return key && { at: key[0] as string, kind: key[1] as AuditKind, id: key[2] as number };
}

/** The commodity statuses' labels in `lang` (the dictionary's), read once per call. */
async function statusLabels(db: Db, lang: Lang): Promise<StatusLabel> {
  const rows = await db
    .select({ value: dictionaryOptions.value, label: dictionaryOptions.label })
    .from(dictionaryOptions)
    .where(eq(dictionaryOptions.groupKey, 'identify_product.status'));
  const labels = new Map(rows.map((row) => [row.value, localize(row.label, lang, row.value)]));
  return (status) => labels.get(status) ?? status;
}

/** The branches whose records the manager keeps (issue 32); null: every one. */
type KeptBranches = readonly number[] | null;

/** A page of the trail of the branches the manager keeps, newest first. */
export async function list(
  deps: AuditDeps,
  branchIds: KeptBranches,
  query: z.output<typeof auditListQuerySchema>,
  lang: Lang,
) {
  const { cursor, limit, ...filter } = query;
  const rows = await repo.auditPage(deps.db, { ...filter, branchIds }, deps.timeZone, pageAfter(cursor), limit + 1);
  const label = await statusLabels(deps.db, lang);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    items: page.map((row) => presentRecord(row, lang, label)),
    next_cursor: rows.length > limit && last ? encodeCursor([last.at, last.kind, last.id]) : null,
  };
}

export interface AuditFile {
  fileName: string;
  body: Buffer;
}

/**
 * The trail of the filter as a CSV file in `lang`, oldest first: the shop and the period above
 * the table, times in the shop's time zone. A filter that matches more than AUDIT_EXPORT_MAX
 * records is refused (`auditTooLarge`): a narrower period makes a file a spreadsheet opens.
 */
export async function exportFile(
  deps: AuditDeps,
  branchIds: KeptBranches,
  query: z.output<typeof auditExportQuerySchema>,
  callerLang: Lang,
) {
  const lang = query.lang ?? callerLang;
  const { lang: _, ...filter } = query;
  const rows = await repo.auditRecords(deps.db, { ...filter, branchIds }, deps.timeZone, AUDIT_EXPORT_MAX + 1);
  if (rows.length > AUDIT_EXPORT_MAX) throw new AppError('auditTooLarge', { params: { max: AUDIT_EXPORT_MAX } });
  const label = await statusLabels(deps.db, lang);
  const words = AUDIT_MESSAGES[lang];
  const shop = await shopIdentity(deps.db, lang);
  const open = '…';
  const period = fill(words.period, { from: filter.from ?? open, to: filter.to ?? open, zone: deps.timeZone });
  const table = rows.map((row) => cells(presentRecord(row, lang, label), lang, deps.timeZone));
  const file = writeCsv([
    shopCsvLine(shop),
    [words.title, period],
    [],
    AUDIT_COLUMNS.map((column) => words.columns[column]),
    ...table,
  ]);
  return { fileName: `audit_${filter.from ?? 'start'}_${filter.to ?? 'end'}.csv`, body: Buffer.from(file, 'utf8') };
}

function cells(record: AuditRecord, lang: Lang, timeZone: string): string[] {
  const words = AUDIT_MESSAGES[lang];
  const byColumn: Record<(typeof AUDIT_COLUMNS)[number], string> = {
    at: shopDateTime(record.at, timeZone),
    kind: words.kinds[record.kind],
    actor: record.actor.name,
    what: record.what,
    change: record.change ?? '',
    note: record.note ?? '',
    item: record.item?.no ?? '',
  };
  return AUDIT_COLUMNS.map((column) => byColumn[column]);
}
