import { boolean, date, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { branches } from './branches.ts';
import { createdAt, i18nText } from './columns.ts';
import { commodities, money } from './commodities.ts';
import { customers } from './customers.ts';
import { identityChecks } from './identity-checks.ts';
import { users } from './users.ts';

/**
 * The dealer's ledger (古物営業法 §16): one row per buyback, written in the buyback's transaction
 * with copies of what the law asks for, so that later edits of the customer or the commodity do
 * not change it. Rows are only inserted: a trigger (migration `ledger`) refuses updates and
 * deletes, except the retention job's blanking of the personal columns once (`anonymizedAt`).
 * A correction is a new row whose `correctsId` names the row it corrects.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: serial('id').primaryKey(),
    /**
     * The ledger is kept per business office (古物営業法 §16 and 施行規則 §17: 営業所ごとに; issue 32):
     * the branch whose ledger it is, its item's branch at the buyback, and its number there
     * (1, 2, 3… per branch, corrections included), the number printed and shown.
     */
    branchId: integer('branch_id')
      .notNull()
      .references(() => branches.id),
    branchNo: integer('branch_no').notNull(),
    /** The transaction's date and time (§16 取引の年月日). */
    transactedAt: timestamp('transacted_at', { withTimezone: true }).notNull(),
    commodityId: integer('commodity_id')
      .notNull()
      .references(() => commodities.id),
    /** The commodity's number, e.g. `C20261121-0007`. */
    commodityNo: text('commodity_no').notNull(),
    /** §16 品目: category, brand and product as the catalog named them that day, in every language. */
    item: i18nText('item'),
    quantity: integer('quantity').notNull().default(1),
    /** §16 特徴: material, serial number, engraving, state, accessories. */
    features: i18nText('features'),
    price: money('price').notNull(),
    currency: text('currency').notNull(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    identityCheckId: integer('identity_check_id').references(() => identityChecks.id),
    /** §16 相手方の住所、氏名、職業及び年齢, as checked. */
    sellerName: text('seller_name').notNull(),
    sellerAddress: text('seller_address').notNull(),
    sellerOccupation: text('seller_occupation').notNull(),
    sellerAge: integer('seller_age'),
    /** §15 確認の方法: the document type and its masked number, or `none` below the threshold. */
    identityMethod: text('identity_method').notNull(),
    identityDocumentHint: text('identity_document_hint').notNull().default(''),
    /** The document's expiry when it was named by it (a My Number card, whose number is never kept). */
    identityDocumentExpiry: date('identity_document_expiry', { mode: 'string' }),
    /** Private stored name of the seller's signature (PNG). */
    signature: text('signature'),
    /**
     * The declaration the seller signed (施行規則 §15: name, address, occupation, age, the items
     * and prices, "I own these items…"), as the server rendered it in `declarationLang` and the
     * signing view showed it; '' for entries written before it existed and once anonymized.
     */
    declarationText: text('declaration_text').notNull().default(''),
    declarationLang: text('declaration_lang'),
    recorderId: integer('recorder_id')
      .notNull()
      .references(() => users.id),
    correctsId: integer('corrects_id'),
    correctionReason: text('correction_reason'),
    createdAt: createdAt(),
    anonymizedAt: timestamp('anonymized_at', { withTimezone: true }),
    /** The shop-day of the transaction, for the period filter. */
    day: date('day', { mode: 'string' }).notNull(),
    /** How the seller was paid (PAYMENT_METHODS: `cash`, `bank_transfer`); null on entries written before it was recorded. */
    paymentMethod: text('payment_method'),
    /** 犯罪収益移転防止法 §4(1)(ii) 取引を行う目的, asked when the verification at transaction applied; '' otherwise. */
    transactionPurpose: text('transaction_purpose').notNull().default(''),
    /**
     * Whether the verification at transaction (犯罪収益移転防止法 §4) applied: precious goods paid in
     * cash above the threshold. The entry and its identity check are then kept 7 years (§6, §7).
     */
    amlVerified: boolean('aml_verified').notNull().default(false),
  },
  (t) => [
    index('ledger_entries_day_idx').on(t.day, t.id),
    uniqueIndex('ledger_entries_branch_no_idx').on(t.branchId, t.branchNo),
    index('ledger_entries_customer_idx').on(t.customerId),
    index('ledger_entries_commodity_idx').on(t.commodityId),
  ],
);
