import type { LedgerChainLink, LedgerEntry } from '@jewel/contract/ledger';
import type { PaymentMethod } from '@jewel/contract/values/aml';
import { LANGS, type Lang } from '@jewel/contract/values/i18n';
import type { LedgerIdentityMethod } from '@jewel/contract/values/ledger';
import { maskedNumber } from '@jewel/contract/values/personal-data';
import { shopDateTime } from '../../domain/shop.ts';
import { localize } from '../../i18n/localize.ts';
import { translate } from '../../i18n/messages.ts';
import type { ChainDbRow, LedgerDbRow } from './ledger.repository.ts';
import {
  DOCUMENT_EXPIRY_LABEL,
  IDENTITY_METHOD_LABELS,
  LEDGER_COLUMNS,
  LEDGER_CSV_COLUMNS,
  LEDGER_TEXTS,
  type LedgerColumn,
  PAYMENT_METHOD_LABELS,
} from './ledger-labels.ts';

const isLang = (value: string | null): value is Lang => LANGS.includes(value as Lang);

/** Item and features were copied in every language; the reader's is picked with the usual fallback. */
const inLang = (text: Record<string, string>, lang: Lang) => localize(text, lang, text.en ?? '');

export function presentEntry(
  { entry, recorderName, correctedById, correctedByNo, correctsNo }: LedgerDbRow,
  lang: Lang,
): LedgerEntry {
  return {
    id: entry.id,
    branch_id: entry.branchId,
    no: entry.branchNo,
    transacted_at: entry.transactedAt.toISOString(),
    day: entry.day,
    commodity_id: entry.commodityId,
    commodity_no: entry.commodityNo,
    item: inLang(entry.item, lang),
    quantity: entry.quantity,
    features: inLang(entry.features, lang),
    price: entry.price,
    currency: entry.currency,
    // The retention job blanked these already; an anonymized entry reads as blanks, never as an error.
    seller_name: entry.sellerName,
    seller_address: entry.sellerAddress,
    seller_occupation: entry.sellerOccupation,
    seller_age: entry.sellerAge,
    identity_method: entry.identityMethod,
    // Stored as the identity check keeps it (its last 4 characters); shown masked, as everywhere.
    identity_document_hint: maskedNumber(entry.identityDocumentHint),
    identity_document_expiry: entry.identityDocumentExpiry,
    customer_id: entry.customerId,
    recorder: { id: entry.recorderId, name: recorderName },
    corrects_id: entry.correctsId,
    corrects_no: correctsNo,
    correction_reason: entry.correctionReason,
    corrected_by_id: correctedById,
    corrected_by_no: correctedByNo,
    created_at: entry.createdAt.toISOString(),
    anonymized: entry.anonymizedAt !== null,
    payment_method: entry.paymentMethod,
    transaction_purpose: entry.transactionPurpose,
    aml_verified: entry.amlVerified,
    declaration_text: entry.declarationText,
    declaration_lang: isLang(entry.declarationLang) ? entry.declarationLang : null,
  };
}

export function presentChainLink(row: ChainDbRow): LedgerChainLink {
  return {
    id: row.id,
    no: row.no,
    created_at: row.createdAt.toISOString(),
    recorder: { id: row.recorderId, name: row.recorderName },
    corrects_id: row.correctsId,
    corrects_no: row.correctsNo,
    correction_reason: row.correctionReason,
  };
}

// ——— exports ———

function identityMethodLabel(entry: LedgerEntry, lang: Lang): string {
  const label = IDENTITY_METHOD_LABELS[entry.identity_method as LedgerIdentityMethod];
  const named = label ? translate(label, lang) : entry.identity_method;
  const method = entry.identity_document_expiry
    ? `${named} ${translate(DOCUMENT_EXPIRY_LABEL, lang, { date: entry.identity_document_expiry })}`
    : named;
  return entry.identity_document_hint ? `${method} ${entry.identity_document_hint}` : method;
}

/** The amount as a spreadsheet reads it (no grouping), with its currency: `120000 JPY`, `8800.50 CNY`. */
/** The amount as a spreadsheet reads it: `120000`, `8800.50` (the currency in a column of its own). */
export function plainAmount(price: number, currency: string): string {
  return price.toFixed(currency === 'JPY' ? 0 : 2);
}

/** The amount as a person reads it: `¥120,000`, `CN¥8,800.50`. */
export function printedPrice(price: number, currency: string, lang: Lang): string {
  try {
    return new Intl.NumberFormat(lang, { style: 'currency', currency }).format(price);
  } catch {
    return `${plainAmount(price, currency)} ${currency}`;
  }
}

/** How the seller was paid, and the verification at transaction when it applied. */
function paymentCell(entry: LedgerEntry, lang: Lang): string {
  const method = translate(PAYMENT_METHOD_LABELS[(entry.payment_method as PaymentMethod | null) ?? 'unknown'], lang);
  if (!entry.aml_verified) return method;
  return `${method} / ${translate(LEDGER_TEXTS.amlVerified, lang, { purpose: entry.transaction_purpose })}`;
}

function correctionCell(entry: LedgerEntry, lang: Lang): string {
  const notes: string[] = [];
  if (entry.corrects_id !== null) {
    notes.push(
      translate(LEDGER_TEXTS.corrects, lang, { id: entry.corrects_no ?? '', reason: entry.correction_reason ?? '' }),
    );
  }
  if (entry.corrected_by_no !== null)
    notes.push(translate(LEDGER_TEXTS.correctedBy, lang, { id: entry.corrected_by_no }));
  return notes.join(' / ');
}

/** One entry as the cells of an export: the CSV's columns (`plain`), or the printout's. */
export function exportCells(entry: LedgerEntry, lang: Lang, timeZone: string, style: 'plain' | 'printed'): string[] {
  const cells: Record<LedgerColumn, string> = {
    no: String(entry.no),
    date: shopDateTime(entry.transacted_at, timeZone),
    commodityNo: entry.commodity_no,
    item: entry.item,
    quantity: String(entry.quantity),
    features: entry.features,
    price:
      style === 'plain' ? plainAmount(entry.price, entry.currency) : printedPrice(entry.price, entry.currency, lang),
    currency: entry.currency,
    payment: paymentCell(entry, lang),
    address: entry.seller_address,
    name: entry.seller_name,
    occupation: entry.seller_occupation,
    age: entry.seller_age === null ? '' : String(entry.seller_age),
    identityMethod: identityMethodLabel(entry, lang),
    correction: correctionCell(entry, lang),
  };
  return (style === 'plain' ? LEDGER_CSV_COLUMNS : LEDGER_COLUMNS).map((column) => cells[column]);
}
