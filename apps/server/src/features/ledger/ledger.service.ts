import { idSchema } from '@jewel/contract/input';
import type {
  LedgerEntry,
  LedgerEntryDetail,
  ledgerCorrectionSchema,
  ledgerExportQuerySchema,
  ledgerListQuerySchema,
} from '@jewel/contract/ledger';
import type { I18nText, Lang } from '@jewel/contract/values/i18n';
import { LANGS } from '@jewel/contract/values/i18n';
import sharp from 'sharp';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import type { ledgerEntries } from '../../db/schema.ts';
import { branchIdentity, nextLedgerNo } from '../../domain/branches.ts';
import { recordIdentityView } from '../../domain/identity-views.ts';
import type { AuthContext } from '../../domain/sessions.ts';
import { shopCsvLine, shopDateTime } from '../../domain/shop.ts';
import { TEXTS, translate } from '../../i18n/messages.ts';
import { AppError } from '../../lib/app-error.ts';
import { writeCsv } from '../../lib/csv.ts';
import { decodeCursor, encodeCursor } from '../../lib/keyset-cursor.ts';
import { type PdfAfterBlock, tablePdf } from '../../lib/pdf.ts';
import { privateImage } from '../../lib/private-files.ts';
import { type Storage, storedBytes } from '../../plugins/external/storage.ts';
import { exportCells, plainAmount, presentChainLink, presentEntry, printedPrice } from './ledger.presenter.ts';
import * as repo from './ledger.repository.ts';
import { LEDGER_COLUMN_TITLES, LEDGER_COLUMNS, LEDGER_CSV_COLUMNS, LEDGER_TEXTS } from './ledger-labels.ts';

/*
 * The dealer's ledger, read side (PRODUCT.md "The dealer's ledger"): staff recorders list,
 * read, correct and export entries. Every read of entries is recorded as an identity view
 * before the data leaves: a list or a detail per customer shown (`ledger`), an export once for
 * the period (`ledger-export`, no customer). docs/decisions.md "The dealer's ledger".
 */

export interface LedgerDeps {
  db: Db;
  /** Signs the links of signatures. */
  secret: string;
  timeZone: string;
  /** Where the signatures are read from for the PDF's declarations. */
  storage: Storage;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A page's cursor: `[day, id]` of its last entry. */
function pageAfter(cursor: string | undefined): { day: string; id: number } | null {
  const key = decodeCursor(
    cursor,
    2,
    ([day, id]) => typeof day === 'string' && DAY.test(day) && idSchema.safeParse(id).success,
  );
  return key && { day: key[0] as string, id: key[1] as number };
}

/** Who reads the ledger: the branches whose ledgers they see, and the one they work at (issue 32). */
export type LedgerViewer = Pick<AuthContext, 'userId' | 'branchId' | 'branchIds'>;

export async function list(
  deps: LedgerDeps,
  { userId: viewerId, branchIds }: LedgerViewer,
  query: z.output<typeof ledgerListQuerySchema>,
  lang: Lang,
) {
  const { cursor, limit, ...period } = query;
  const rows = await repo.listEntries(deps.db, period, { after: pageAfter(cursor), limit: limit + 1 }, branchIds);
  const page = rows.slice(0, limit);
  const byCustomer = new Map<number, number[]>();
  for (const { entry } of page)
    byCustomer.set(entry.customerId, [...(byCustomer.get(entry.customerId) ?? []), entry.id]);
  for (const [customerId, ids] of byCustomer) {
    await recordIdentityView(deps.db, { viewerId, customerId, subject: 'ledger', ref: `entries:${ids.join(',')}` });
  }
  const last = page.at(-1);
  return {
    items: page.map((row) => presentEntry(row, lang)),
    next_cursor: rows.length > limit && last ? encodeCursor([last.entry.day, last.entry.id]) : null,
  };
}

export async function detail(
  deps: LedgerDeps,
  { userId: viewerId, branchIds }: LedgerViewer,
  id: number,
  lang: Lang,
): Promise<LedgerEntryDetail> {
  const row = await repo.findEntry(deps.db, id, branchIds);
  if (!row) throw new AppError('notFound');
  const { entry } = row;
  await recordIdentityView(deps.db, { viewerId, customerId: entry.customerId, subject: 'ledger', ref: `entry:${id}` });
  const signature = entry.signature && entry.anonymizedAt === null ? entry.signature : null;
  if (signature) {
    await recordIdentityView(deps.db, { viewerId, customerId: entry.customerId, subject: 'signature', ref: signature });
  }
  const chain = await repo.chainOf(deps.db, id);
  return {
    ...presentEntry(row, lang),
    signature: signature ? privateImage(deps.secret, signature, 'signature') : null,
    chain: chain.map(presentChainLink),
  };
}

const sameInEveryLanguage = (text: string): I18nText =>
  Object.fromEntries(LANGS.map((lang) => [lang, text])) as I18nText;

/**
 * A correction: a new entry copying the one corrected, with the changed fields, `corrects_id`
 * and the reason; the corrected entry is never touched. Only the latest entry of a chain may be
 * corrected (two corrections of one entry would leave two "current" versions), and not one whose
 * personal data the retention job removed. The entry is locked so that two corrections at once
 * cannot both pass the check.
 */
export async function correct(
  deps: LedgerDeps,
  viewer: LedgerViewer,
  id: number,
  body: z.output<typeof ledgerCorrectionSchema>,
  lang: Lang,
): Promise<LedgerEntryDetail> {
  const recorderId = viewer.userId;
  const createdId = await deps.db.transaction(async (tx) => {
    const original = await repo.lockEntry(tx, id, viewer.branchIds);
    if (!original) throw new AppError('notFound');
    if (original.anonymizedAt !== null) throw new AppError('ledgerAnonymized');
    if ((await repo.correctionOf(tx, id)) !== null) throw new AppError('ledgerAlreadyCorrected');
    const current = presentEntry(
      { entry: original, recorderName: '', correctedById: null, correctedByNo: null, correctsNo: null },
      lang,
    );
    const next: typeof ledgerEntries.$inferInsert = {
      // In the same branch's ledger, under its next number.
      branchId: original.branchId,
      branchNo: await nextLedgerNo(tx, original.branchId),
      transactedAt: original.transactedAt,
      day: original.day,
      commodityId: original.commodityId,
      commodityNo: original.commodityNo,
      item: original.item,
      quantity: original.quantity,
      features: original.features,
      price: original.price,
      currency: original.currency,
      customerId: original.customerId,
      identityCheckId: original.identityCheckId,
      sellerName: original.sellerName,
      sellerAddress: original.sellerAddress,
      sellerOccupation: original.sellerOccupation,
      sellerAge: original.sellerAge,
      identityMethod: original.identityMethod,
      identityDocumentHint: original.identityDocumentHint,
      identityDocumentExpiry: original.identityDocumentExpiry,
      signature: original.signature,
      paymentMethod: original.paymentMethod,
      transactionPurpose: original.transactionPurpose,
      amlVerified: original.amlVerified,
      // What the seller signed stays with the signature: a correction never rewrites it.
      declarationText: original.declarationText,
      declarationLang: original.declarationLang,
      recorderId,
      correctsId: original.id,
      correctionReason: body.reason,
    };
    let changed = 0;
    const change = <K extends keyof typeof next>(key: K, value: (typeof next)[K] | undefined, same: boolean) => {
      if (value === undefined || same) return;
      next[key] = value;
      changed++;
    };
    change('sellerName', body.seller_name, body.seller_name === current.seller_name);
    change('sellerAddress', body.seller_address, body.seller_address === current.seller_address);
    change('sellerOccupation', body.seller_occupation, body.seller_occupation === current.seller_occupation);
    change('sellerAge', body.seller_age, body.seller_age === current.seller_age);
    change('item', body.item === undefined ? undefined : sameInEveryLanguage(body.item), body.item === current.item);
    change(
      'features',
      body.features === undefined ? undefined : sameInEveryLanguage(body.features),
      body.features === current.features,
    );
    change('quantity', body.quantity, body.quantity === current.quantity);
    change('price', body.price, body.price === current.price);
    change('currency', body.currency, body.currency === current.currency);
    change('identityMethod', body.identity_method, body.identity_method === current.identity_method);
    if (changed === 0) throw new AppError('ledgerNothingChanged');
    return repo.insertEntry(tx, next);
  });
  return detail(deps, viewer, createdId, lang);
}

export interface LedgerFile {
  fileName: string;
  contentType: string;
  body: Buffer;
}

/**
 * One branch's ledger for the period (the caller's working branch unless named; issue 32) as a
 * file in `lang`: CSV (a spreadsheet's) or a printable A4 landscape PDF, headed with that
 * branch's name, licence and contact. The file name carries the period:
 * `ledger_2026-11-01_2026-11-30.csv`.
 */
export async function exportFile(
  deps: LedgerDeps,
  { userId: viewerId, branchId: workingAt, branchIds }: LedgerViewer,
  query: z.output<typeof ledgerExportQuerySchema>,
  callerLang: Lang,
): Promise<LedgerFile> {
  const lang = query.lang ?? callerLang;
  const period = { from: query.from, to: query.to };
  const branchId = query.branch_id ?? workingAt;
  if (branchIds !== null && !branchIds.includes(branchId)) throw new AppError('branchNotHeld');
  // The dealer whose ledger it is, on the file as on the printout (issue 28): the branch's office.
  const shop = await branchIdentity(deps.db, branchId, lang);
  const rows = await repo.allEntries(deps.db, period, branchId);
  await recordIdentityView(deps.db, {
    viewerId,
    customerId: null,
    subject: 'ledger-export',
    ref: `${query.from ?? ''}..${query.to ?? ''} ${query.format} ${rows.length}`,
  });
  const entries = rows.map((row) => presentEntry(row, lang));
  const fileName = `ledger_${query.from ?? 'start'}_${query.to ?? 'end'}.${query.format}`;
  const open = '…';
  // The period in the shop's days, its time zone said (issue 29 item 1).
  const periodText = translate(LEDGER_TEXTS.period, lang, {
    from: query.from ?? open,
    to: query.to ?? open,
    zone: deps.timeZone,
  });
  const totals = totalsByCurrency(entries);
  const totalLabel = translate(LEDGER_TEXTS.total, lang);
  if (query.format === 'csv') {
    const titles = LEDGER_CSV_COLUMNS.map((column) => LEDGER_COLUMN_TITLES[lang][column]);
    // Whose and which period above the table, each currency's total below it, blank lines between.
    const about = [shopCsvLine(shop), [periodText], []];
    const table = [titles, ...entries.map((entry) => exportCells(entry, lang, deps.timeZone, 'plain'))];
    const sums = totals.map(({ currency, amount }) => [totalLabel, plainAmount(amount, currency), currency]);
    const rowsOut = [...about, ...table, ...(sums.length > 0 ? [[], ...sums] : [])];
    return { fileName, contentType: 'text/csv; charset=utf-8', body: Buffer.from(writeCsv(rowsOut), 'utf8') };
  }
  const heading = translate(LEDGER_TEXTS.title, lang);
  const titles = LEDGER_COLUMNS.map((column) => LEDGER_COLUMN_TITLES[lang][column]);
  const totalText = totals.length
    ? `${totalLabel}${lang === 'en' ? ': ' : '：'}${totals.map(({ currency, amount }) => printedPrice(amount, currency, lang)).join(' · ')}`
    : '';
  const body = await tablePdf({
    lang,
    title: heading,
    watermark: shop.watermark,
    heading,
    // The dealer whose ledger it is (name, licence, address and phone), then on a line of its own
    // the period, its entries and their totals: run together, a total wrapped inside its brackets.
    subheading: [
      [shop.name, shop.licence, shop.contact],
      [periodText, translate(LEDGER_TEXTS.count, lang, { count: entries.length }), totalText],
    ]
      .map((line) => line.filter(Boolean).join(lang === 'en' ? '   ' : '　'))
      .join('\n'),
    columns: titles.map((title, index) => ({ title, ...PDF_COLUMN_SHAPE[index] })) as {
      title: string;
      width: number;
      align?: 'left' | 'right';
    }[],
    rows: entries.map((entry) => exportCells(entry, lang, deps.timeZone, 'printed')),
    emptyText: translate(LEDGER_TEXTS.empty, lang),
    pageLabel: (page, pages) => translate(LEDGER_TEXTS.page, lang, { page, pages }),
    footerNote: translate(LEDGER_TEXTS.printedAt, lang, { at: shopDateTime(new Date(), deps.timeZone) }),
    after: await declarationsAfter(deps.storage, rows, entries, lang),
  });
  return { fileName, contentType: 'application/pdf', body };
}

/**
 * Each currency's sum of the entries, in the order currencies first appear: an entry corrected by
 * a later one counts as corrected (the correction's amount), never twice.
 */
export function totalsByCurrency(entries: LedgerEntry[]): { currency: string; amount: number }[] {
  const sums = new Map<string, number>();
  for (const entry of entries) {
    if (entry.corrected_by_id !== null) continue;
    sums.set(entry.currency, (sums.get(entry.currency) ?? 0) + entry.price);
  }
  return [...sums].map(([currency, amount]) => ({ currency, amount: Math.round(amount * 100) / 100 }));
}

/** The signed declarations (issue 27 item 4), printed after the table, exactly as each seller signed. */
const DECLARATION_TEXTS = {
  heading: {
    ja: '売却申込書（売主が署名したもの）',
    'zh-Hans': '出售声明（卖方签署）',
    'zh-Hant': '出售聲明（賣方簽署）',
    en: "Sellers' signed declarations",
  },
  entry: {
    ja: '番号{id}の売却申込書（{language}）',
    'zh-Hans': '编号{id}的出售声明（{language}）',
    'zh-Hant': '編號{id}的出售聲明（{language}）',
    en: 'Declaration of entry {id} ({language})',
  },
};
const LANGUAGE_NAMES: Record<Lang, string> = {
  'zh-Hans': '简体中文',
  'zh-Hant': '繁體中文',
  en: 'English',
  ja: '日本語',
};

async function declarationsAfter(
  storage: Storage,
  rows: repo.LedgerDbRow[],
  entries: LedgerEntry[],
  lang: Lang,
): Promise<{ heading: string; blocks: PdfAfterBlock[] }> {
  const blocks: PdfAfterBlock[] = [];
  for (const [index, entry] of entries.entries()) {
    if (!entry.declaration_text || !entry.declaration_lang) continue;
    const stored = rows[index]?.entry;
    // The retention job keeps the declaration but not the person: no signature after it.
    const name = stored?.signature && stored.anonymizedAt === null ? stored.signature : null;
    blocks.push({
      title: translate(DECLARATION_TEXTS.entry, lang, {
        id: entry.id,
        language: LANGUAGE_NAMES[entry.declaration_lang],
      }),
      text: entry.declaration_text,
      signature: {
        image: name ? await signaturePng(storage, name) : null,
        caption: translate(TEXTS.signatureCaption, lang),
        missing: translate(TEXTS.signatureMissing, lang),
      },
    });
  }
  return { heading: translate(DECLARATION_TEXTS.heading, lang), blocks };
}

/**
 * A seller's signature as PNG for the PDF (pdfkit reads PNG and JPEG, not the WebP an upload may
 * be stored as), at most 600 × 300 px; null when its file is gone or cannot be read, so that the
 * export prints a line in its place rather than failing.
 */
async function signaturePng(storage: Storage, name: string): Promise<Buffer | null> {
  try {
    const bytes = await storedBytes(storage, name);
    if (!bytes) return null;
    return await sharp(bytes)
      .resize(600, 300, { fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .png()
      .toBuffer();
  } catch {
    return null;
  }
}

/** Relative widths of the PDF's columns, in LEDGER_COLUMNS order. */
const PDF_COLUMN_SHAPE: { width: number; align?: 'left' | 'right' }[] = [
  { width: 3.5, align: 'right' },
  { width: 6.5 },
  { width: 9.5 },
  { width: 11 },
  { width: 3.5, align: 'right' },
  { width: 13.5 },
  { width: 8.5, align: 'right' },
  { width: 6 },
  { width: 12 },
  { width: 6 },
  { width: 5.5 },
  { width: 3.5, align: 'right' },
  { width: 8 },
  { width: 9 },
];
