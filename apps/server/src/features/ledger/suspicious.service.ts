import type {
  SuspiciousFlag,
  suspiciousExportQuerySchema,
  suspiciousFlagInputSchema,
  suspiciousListQuerySchema,
  suspiciousReviewSchema,
} from '@jewel/contract/suspicious';
import type { PaymentMethod, SuspiciousDecision } from '@jewel/contract/values/aml';
import type { I18nText, Lang } from '@jewel/contract/values/i18n';
import { maskedNumber } from '@jewel/contract/values/personal-data';
import { and, desc, eq, gte, isNull, lt, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { ledgerEntries, suspiciousFlags, users } from '../../db/schema.ts';
import { inBranches } from '../../domain/branches.ts';
import { recordIdentityView } from '../../domain/identity-views.ts';
import type { AuthContext } from '../../domain/sessions.ts';
import { shopDateTime, shopDayAfter, shopDayStart } from '../../domain/shop.ts';
import { localize } from '../../i18n/localize.ts';
import { translate } from '../../i18n/messages.ts';
import { AppError } from '../../lib/app-error.ts';
import { writeCsv } from '../../lib/csv.ts';
import { IDENTITY_METHOD_LABELS, PAYMENT_METHOD_LABELS } from './ledger-labels.ts';

/*
 * Suspicious transactions (犯罪収益移転防止法 §8; docs/decisions.md "What the law asks at the
 * counter: money laundering"). Staff recorders only (the routes' access 'recorder'): a recorder
 * flags an entry with a reason, at any amount; a staff recorder other than the flagger reviews
 * it (PRODUCT.md has no owner or manager role: four eyes, as the watch list's witness); the
 * flags reviewed as `report` are exported as CSV, recorded as an identity view first.
 */

export interface SuspiciousDeps {
  db: Db;
  timeZone: string;
}

const flagger = alias(users, 'flagger');
const reviewer = alias(users, 'reviewer');

function selectFlags(db: Db) {
  return db
    .select({
      flag: suspiciousFlags,
      entry: ledgerEntries,
      flaggerName: flagger.name,
      reviewerName: reviewer.name,
    })
    .from(suspiciousFlags)
    .innerJoin(ledgerEntries, eq(ledgerEntries.id, suspiciousFlags.ledgerEntryId))
    .innerJoin(flagger, eq(flagger.id, suspiciousFlags.flaggedBy))
    .leftJoin(reviewer, eq(reviewer.id, suspiciousFlags.reviewedBy));
}
type FlagRow = Awaited<ReturnType<ReturnType<typeof selectFlags>['where']>>[number];

const inLang = (text: Record<string, string>, lang: Lang) => localize(text, lang, text.en ?? '');

function present(row: FlagRow, viewerId: number, lang: Lang): SuspiciousFlag {
  const { flag, entry } = row;
  return {
    id: flag.id,
    ledger_entry_id: entry.id,
    ledger_entry_no: entry.branchNo,
    commodity_no: entry.commodityNo,
    day: entry.day,
    item: inLang(entry.item, lang),
    price: entry.price,
    currency: entry.currency,
    payment_method: entry.paymentMethod,
    reason: flag.reason,
    flagged_by: { id: flag.flaggedBy, name: row.flaggerName },
    created_at: flag.createdAt.toISOString(),
    decision: flag.decision as SuspiciousDecision | null,
    review_note: flag.reviewNote,
    reviewed_by: flag.reviewedBy === null ? null : { id: flag.reviewedBy, name: row.reviewerName ?? '' },
    reviewed_at: flag.reviewedAt?.toISOString() ?? null,
    can_review: flag.decision === null && flag.flaggedBy !== viewerId,
  };
}

async function findFlag(db: Db, id: number) {
  const [row] = await selectFlags(db).where(eq(suspiciousFlags.id, id));
  return row ?? null;
}

/** Who flags, reviews and reads flags: the entries of the branches they see (issue 32). */
export type FlagViewer = Pick<AuthContext, 'userId' | 'branchIds'>;

/** Flags an entry: one open flag per entry at a time (409 while one waits for review). */
export async function flag(
  deps: SuspiciousDeps,
  { userId: viewerId, branchIds }: FlagViewer,
  entryId: number,
  body: z.output<typeof suspiciousFlagInputSchema>,
  lang: Lang,
): Promise<SuspiciousFlag> {
  const id = await deps.db.transaction(async (tx) => {
    const [entry] = await tx
      .select({ id: ledgerEntries.id })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.id, entryId), inBranches(ledgerEntries.branchId, branchIds)));
    if (!entry) throw new AppError('notFound');
    const [open] = await tx
      .select({ id: suspiciousFlags.id })
      .from(suspiciousFlags)
      .where(and(eq(suspiciousFlags.ledgerEntryId, entryId), isNull(suspiciousFlags.decision)));
    if (open) throw new AppError('suspiciousFlagOpen');
    // The partial unique index refuses a second open flag that raced past the check.
    const [row] = await tx
      .insert(suspiciousFlags)
      .values({ ledgerEntryId: entryId, reason: body.reason, flaggedBy: viewerId })
      .onConflictDoNothing()
      .returning({ id: suspiciousFlags.id });
    if (!row) throw new AppError('suspiciousFlagOpen');
    return row.id;
  });
  const row = await findFlag(deps.db, id);
  if (!row) throw new Error('flag not written');
  return present(row, viewerId, lang);
}

export async function list(
  deps: SuspiciousDeps,
  { userId: viewerId, branchIds }: FlagViewer,
  query: z.output<typeof suspiciousListQuerySchema>,
  lang: Lang,
): Promise<{ items: SuspiciousFlag[] }> {
  const conditions: (SQL | undefined)[] = [inBranches(ledgerEntries.branchId, branchIds)];
  if (query.status === 'open') conditions.push(isNull(suspiciousFlags.decision));
  else if (query.status !== 'all') conditions.push(eq(suspiciousFlags.decision, query.status));
  if (query.ledger_entry_id !== undefined) conditions.push(eq(suspiciousFlags.ledgerEntryId, query.ledger_entry_id));
  const rows = await selectFlags(deps.db)
    .where(and(...conditions))
    .orderBy(desc(suspiciousFlags.id))
    .limit(200);
  return { items: rows.map((row) => present(row, viewerId, lang)) };
}

/** Reviews an open flag; the flagger cannot review their own flag (403), a reviewed one is final (409). */
export async function review(
  deps: SuspiciousDeps,
  { userId: viewerId, branchIds }: FlagViewer,
  id: number,
  body: z.output<typeof suspiciousReviewSchema>,
  lang: Lang,
): Promise<SuspiciousFlag> {
  await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ flag: suspiciousFlags })
      .from(suspiciousFlags)
      .innerJoin(ledgerEntries, eq(ledgerEntries.id, suspiciousFlags.ledgerEntryId))
      .where(and(eq(suspiciousFlags.id, id), inBranches(ledgerEntries.branchId, branchIds)))
      .for('update', { of: suspiciousFlags })
      .then((rows) => rows.map((found) => found.flag));
    if (!row) throw new AppError('notFound');
    if (row.decision !== null) throw new AppError('suspiciousFlagReviewed');
    if (row.flaggedBy === viewerId) throw new AppError('suspiciousOwnFlag');
    await tx
      .update(suspiciousFlags)
      .set({ decision: body.decision, reviewNote: body.note, reviewedBy: viewerId, reviewedAt: new Date() })
      .where(eq(suspiciousFlags.id, id));
  });
  const row = await findFlag(deps.db, id);
  if (!row) throw new AppError('notFound');
  return present(row, viewerId, lang);
}

// ——— the export for the report ———

const COLUMNS = [
  'flag',
  'entry',
  'date',
  'commodityNo',
  'item',
  'price',
  'payment',
  'name',
  'address',
  'occupation',
  'age',
  'identity',
  'purpose',
  'reason',
  'flaggedBy',
  'flaggedAt',
  'note',
  'reviewedBy',
  'reviewedAt',
] as const;
type Column = (typeof COLUMNS)[number];

const TITLES: Record<Lang, Record<Column, string>> = {
  ja: {
    flag: '届出候補番号',
    entry: '台帳番号',
    date: '取引日時',
    commodityNo: '管理番号',
    item: '品目',
    price: '代価',
    payment: '支払方法',
    name: '氏名',
    address: '住居',
    occupation: '職業',
    age: '年齢',
    identity: '本人確認',
    purpose: '取引を行う目的',
    reason: '疑わしいと判断した理由',
    flaggedBy: '判断した者',
    flaggedAt: '判断日時',
    note: '確認の所見',
    reviewedBy: '確認者',
    reviewedAt: '確認日時',
  },
  'zh-Hans': {
    flag: '标记编号',
    entry: '台账编号',
    date: '交易时间',
    commodityNo: '商品编号',
    item: '品目',
    price: '价款',
    payment: '付款方式',
    name: '姓名',
    address: '住址',
    occupation: '职业',
    age: '年龄',
    identity: '身份确认',
    purpose: '交易目的',
    reason: '可疑理由',
    flaggedBy: '标记人',
    flaggedAt: '标记时间',
    note: '审核意见',
    reviewedBy: '审核人',
    reviewedAt: '审核时间',
  },
  'zh-Hant': {
    flag: '標記編號',
    entry: '台帳編號',
    date: '交易時間',
    commodityNo: '商品編號',
    item: '品目',
    price: '價款',
    payment: '付款方式',
    name: '姓名',
    address: '住址',
    occupation: '職業',
    age: '年齡',
    identity: '身分確認',
    purpose: '交易目的',
    reason: '可疑理由',
    flaggedBy: '標記人',
    flaggedAt: '標記時間',
    note: '審核意見',
    reviewedBy: '審核人',
    reviewedAt: '審核時間',
  },
  en: {
    flag: 'Flag no.',
    entry: 'Ledger no.',
    date: 'Date of transaction',
    commodityNo: 'Item no.',
    item: 'Item',
    price: 'Price',
    payment: 'Payment',
    name: 'Name',
    address: 'Address',
    occupation: 'Occupation',
    age: 'Age',
    identity: 'Identity check',
    purpose: 'Purpose of the transaction',
    reason: 'Why it is suspicious',
    flaggedBy: 'Flagged by',
    flaggedAt: 'Flagged at',
    note: 'Review note',
    reviewedBy: 'Reviewed by',
    reviewedAt: 'Reviewed at',
  },
};

const label = (text: I18nText | undefined, lang: Lang, fallback: string) => (text ? translate(text, lang) : fallback);

export interface SuspiciousFile {
  fileName: string;
  body: Buffer;
}

/**
 * The flags reviewed as `report` (reviewed on the period's days, in the shop's time zone) as CSV
 * with the transaction and the seller as the ledger holds them, formula-guarded like the
 * ledger's export. Recorded as an identity view (`suspicious-export`) before it leaves.
 */
export async function exportReports(
  deps: SuspiciousDeps,
  { userId: viewerId, branchIds }: FlagViewer,
  query: z.output<typeof suspiciousExportQuerySchema>,
  callerLang: Lang,
): Promise<SuspiciousFile> {
  const lang = query.lang ?? callerLang;
  const conditions: (SQL | undefined)[] = [
    eq(suspiciousFlags.decision, 'report'),
    inBranches(ledgerEntries.branchId, branchIds),
  ];
  if (query.from) conditions.push(gte(suspiciousFlags.reviewedAt, shopDayStart(query.from, deps.timeZone)));
  if (query.to) conditions.push(lt(suspiciousFlags.reviewedAt, shopDayAfter(query.to, deps.timeZone)));
  const rows = await selectFlags(deps.db)
    .where(and(...conditions))
    .orderBy(suspiciousFlags.reviewedAt, suspiciousFlags.id);
  await recordIdentityView(deps.db, {
    viewerId,
    customerId: null,
    subject: 'suspicious-export',
    ref: `${query.from ?? ''}..${query.to ?? ''} csv ${rows.length}`,
  });
  const titles = COLUMNS.map((column) => TITLES[lang][column]);
  const lines = rows.map(({ flag: f, entry, flaggerName, reviewerName }) => {
    const method = IDENTITY_METHOD_LABELS[entry.identityMethod as keyof typeof IDENTITY_METHOD_LABELS];
    const cells: Record<Column, string> = {
      flag: String(f.id),
      entry: String(entry.id),
      date: shopDateTime(entry.transactedAt, deps.timeZone),
      commodityNo: entry.commodityNo,
      item: inLang(entry.item, lang),
      price: `${entry.price} ${entry.currency}`,
      payment: label(PAYMENT_METHOD_LABELS[(entry.paymentMethod as PaymentMethod | null) ?? 'unknown'], lang, ''),
      name: entry.sellerName,
      address: entry.sellerAddress,
      occupation: entry.sellerOccupation,
      age: entry.sellerAge === null ? '' : String(entry.sellerAge),
      identity: [label(method, lang, entry.identityMethod), maskedNumber(entry.identityDocumentHint)]
        .filter(Boolean)
        .join(' '),
      purpose: entry.transactionPurpose,
      reason: f.reason,
      flaggedBy: flaggerName,
      flaggedAt: shopDateTime(f.createdAt, deps.timeZone),
      note: f.reviewNote ?? '',
      reviewedBy: reviewerName ?? '',
      reviewedAt: f.reviewedAt ? shopDateTime(f.reviewedAt, deps.timeZone) : '',
    };
    return COLUMNS.map((column) => cells[column]);
  });
  const body = writeCsv([titles, ...lines]);
  return {
    fileName: `suspicious_${query.from ?? 'start'}_${query.to ?? 'end'}.csv`,
    body: Buffer.from(body, 'utf8'),
  };
}
