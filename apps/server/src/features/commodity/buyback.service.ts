import type { BuybackPrep, IdentityInput } from '@jewel/contract/buyback';
import type { PaymentMethod } from '@jewel/contract/values/aml';
import { ageOn, type IdentityDocumentType, MIN_SELLER_AGE } from '@jewel/contract/values/buyback';
import { IDENTITY_REUSE_HOURS, identityCheckRequired, MY_NUMBER_CARD } from '@jewel/contract/values/buyback-rules';
import { renderDeclaration } from '@jewel/contract/values/declaration';
import { CURRENCIES } from '@jewel/contract/values/dictionary';
import { type I18nText, LANGS, type Lang } from '@jewel/contract/values/i18n';
import { and, desc, eq, gte, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import {
  brands,
  categories,
  commodities,
  customers,
  dictionaryOptions,
  enrollments,
  identifyFlows,
  identityChecks,
  ledgerEntries,
  materials,
  products,
  uploads,
} from '../../db/schema.ts';
import { nextLedgerNo } from '../../domain/branches.ts';
import { insertCustomer, recordCustomerActivity, updateCustomer } from '../../domain/customer-records.ts';
import { recordIdentityView } from '../../domain/identity-views.ts';
import { shopRules } from '../../domain/shop.ts';
import { NAME_FALLBACK } from '../../i18n/localize.ts';
import { AppError } from '../../lib/app-error.ts';
import { hintOf, seal } from '../../lib/identity-cipher.ts';
import { amlPreparation, amlVerification } from './aml.service.ts';

/**
 * The lawful part of a buyback (古物営業法 §15, §16; docs/decisions.md "Buying lawfully: identity
 * check and signature"): the seller's identity check, the signature and the dealer's ledger
 * entry, written in the transaction of "confirm recycle". Every refusal throws before anything
 * is written, and the transaction rolls back whatever came before it.
 */

type CommodityRow = typeof commodities.$inferSelect;

export interface Buyer {
  userId: number;
  isTmp: boolean;
}

export interface BuybackBody {
  price: number;
  currency: string;
  signature: string | null;
  identity: IdentityInput | null;
  identity_check_id: number | null;
  /** How the seller is paid, and the purpose when the money-laundering rule applies (aml.service.ts). */
  payment_method?: PaymentMethod | null;
  transaction_purpose?: string;
  /** The signed declaration's language and, as the signing view showed it, its text (issue 27 item 4). */
  declaration_lang?: Lang | null;
  declaration_text?: string | null;
}

const field = (
  errorName: 'privateUploadInvalid' | 'privateUploadUsed' | 'identityCheckNotReusable',
  name: string,
  params = {},
) => new AppError(errorName, { params: { field: name, ...params }, data: { field: name } });

/** The shop's day (`YYYY-MM-DD`) of an instant, in the shop's time zone. */
export function shopDayOf(instant: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    instant,
  );
}

/** The enrollment's customer record; an enrollment made before records existed gets one now. */
export async function customerOf(tx: Db, enrollmentId: number, createdBy: number) {
  const [enrollment] = await tx.select().from(enrollments).where(eq(enrollments.id, enrollmentId)).limit(1);
  if (!enrollment) throw new Error(`enrollment ${enrollmentId} missing`);
  if (enrollment.customerId !== null) {
    const [found] = await tx.select().from(customers).where(eq(customers.id, enrollment.customerId)).limit(1);
    if (found) return found;
  }
  const created = await insertCustomer(tx, {
    name: enrollment.customerName,
    phone: enrollment.customerPhone,
    address: enrollment.customerAddress,
    createdBy,
    branchId: enrollment.branchId,
  });
  await tx.update(enrollments).set({ customerId: created.id }).where(eq(enrollments.id, enrollmentId));
  return created;
}

/** Each name must be a private upload of this kind by this recorder, bound to no record yet. */
async function checkPrivateUploads(
  tx: Db,
  names: string[],
  kind: 'document' | 'signature',
  ownerId: number,
  at: string,
) {
  if (names.length === 0) return;
  const rows = await tx
    .select({ name: uploads.name, boundTo: uploads.boundTo })
    .from(uploads)
    .where(and(inArray(uploads.name, names), eq(uploads.kind, kind), eq(uploads.ownerId, ownerId)));
  const found = new Map(rows.map((row) => [row.name, row.boundTo]));
  const nameOf = (index: number) => (kind === 'signature' ? at : `${at}.${index}`);
  const missing = names.findIndex((name) => !found.has(name));
  if (missing >= 0) throw field('privateUploadInvalid', nameOf(missing));
  // One photo, one signature, one check (issue 27 item 5): a file another record uses is refused.
  const used = names.findIndex((name, index) => found.get(name) !== null || names.indexOf(name) !== index);
  if (used >= 0) throw field('privateUploadUsed', nameOf(used));
}

/**
 * Binds the files to their record (`identity_check:<id>`, `ledger_entry:<id>`), inside the
 * buyback's transaction. The update takes only unbound rows, so of two buybacks racing for one
 * file the second finds it bound once the first commits, and is refused; its transaction rolls
 * back everything it wrote.
 */
async function bindPrivateUploads(tx: Db, names: string[], record: string, at: (index: number) => string) {
  if (names.length === 0) return;
  const bound = await tx
    .update(uploads)
    .set({ boundTo: record })
    .where(and(inArray(uploads.name, names), isNull(uploads.boundTo)))
    .returning({ name: uploads.name });
  const done = new Set(bound.map((row) => row.name));
  const lost = names.findIndex((name) => !done.has(name));
  if (lost >= 0) throw field('privateUploadUsed', at(lost));
}

const reuseSince = (now: Date) => new Date(now.getTime() - IDENTITY_REUSE_HOURS * 3600_000);

/** The customer's checks of the last IDENTITY_REUSE_HOURS, newest first. */
function recentChecks(db: Db, customerId: number, now: Date) {
  return db
    .select()
    .from(identityChecks)
    .where(
      and(
        eq(identityChecks.customerId, customerId),
        gte(identityChecks.createdAt, reuseSince(now)),
        isNull(identityChecks.anonymizedAt),
      ),
    )
    .orderBy(desc(identityChecks.id));
}

/**
 * What one customer has sold in this visit so far, in one currency (issue 27 item 3: the
 * threshold counts the visit, not the item). A visit is the same enrollment, or the same customer
 * on the same shop day; the sum is over the current ledger entries (an entry a correction replaced
 * counts by its correction), the buyback being made not included: the caller adds its price.
 */
export async function visitBuybackTotal(
  tx: Db,
  customerId: number,
  enrollmentId: number,
  day: string,
  currency: string,
): Promise<number> {
  const [row] = await tx
    .select({ total: sql<string | null>`sum(${ledgerEntries.price})` })
    .from(ledgerEntries)
    .innerJoin(commodities, eq(commodities.id, ledgerEntries.commodityId))
    .where(
      and(
        eq(ledgerEntries.currency, currency),
        or(
          eq(commodities.enrollmentId, enrollmentId),
          and(eq(ledgerEntries.customerId, customerId), eq(ledgerEntries.day, day)),
        ),
        sql`not exists (select 1 from ${ledgerEntries} as later where later.corrects_id = ${ledgerEntries.id})`,
      ),
    );
  return Number(row?.total ?? 0);
}

/**
 * Why the item is checked whatever the price: its category, or its registered or identified
 * material, is flagged `id_check_any_price` in the catalog (issue 27 item 2). A watch of gold or
 * platinum is one by its material.
 */
export async function anyPriceReasons(tx: Db, commodity: CommodityRow): Promise<BuybackPrep['any_price_reasons']> {
  const [result] = commodity.resultFlowId
    ? await tx
        .select({ materialId: identifyFlows.identifiedMaterialId })
        .from(identifyFlows)
        .where(eq(identifyFlows.id, commodity.resultFlowId))
    : [];
  const materialIds = [commodity.materialId, result?.materialId].filter((id): id is number => id != null);
  const [category] = await tx.select().from(categories).where(eq(categories.id, commodity.categoryId));
  const flagged = materialIds.length
    ? await tx
        .select()
        .from(materials)
        .where(and(inArray(materials.id, materialIds), eq(materials.idCheckAnyPrice, true)))
        .orderBy(materials.sort)
    : [];
  return [
    ...(category?.idCheckAnyPrice ? [{ kind: 'category' as const, code: category.code, name: category.name }] : []),
    ...flagged.map((material) => ({ kind: 'material' as const, code: material.code, name: material.name })),
  ];
}

// ——— §16 item and features, in every language ———

const FEATURE_LABELS: Record<'material' | 'serial' | 'engraving' | 'state' | 'accessories', I18nText> = {
  material: { 'zh-Hans': '材质', 'zh-Hant': '材質', en: 'Material', ja: '素材' },
  serial: { 'zh-Hans': '序列号', 'zh-Hant': '序號', en: 'Serial no.', ja: 'シリアル番号' },
  engraving: { 'zh-Hans': '刻字', 'zh-Hant': '刻字', en: 'Engraving', ja: '刻印' },
  state: { 'zh-Hans': '成色', 'zh-Hant': '成色', en: 'Condition', ja: '状態' },
  accessories: { 'zh-Hans': '配件', 'zh-Hant': '配件', en: 'Accessories', ja: '付属品' },
};

const SEPARATORS: Record<Lang, { label: string; item: string; list: string }> = {
  'zh-Hans': { label: '：', item: '；', list: '、' },
  'zh-Hant': { label: '：', item: '；', list: '、' },
  en: { label: ': ', item: '; ', list: ', ' },
  ja: { label: '：', item: '；', list: '、' },
};

function nameIn(names: Partial<I18nText>, lang: Lang, base: string) {
  for (const candidate of NAME_FALLBACK[lang]) if (names[candidate]) return names[candidate];
  return base;
}

function perLanguage(make: (lang: Lang) => string): I18nText {
  return Object.fromEntries(LANGS.map((lang) => [lang, make(lang)])) as I18nText;
}

/** §16 品目 and 特徴: the catalog's names of the item and its features as they are today. */
export async function itemAndFeatures(
  tx: Db,
  commodity: CommodityRow,
): Promise<{ item: I18nText; features: I18nText }> {
  const [category] = await tx.select().from(categories).where(eq(categories.id, commodity.categoryId));
  const [brand] = await tx.select().from(brands).where(eq(brands.id, commodity.brandId));
  const [product] = commodity.productId
    ? await tx.select().from(products).where(eq(products.id, commodity.productId))
    : [];
  const [result] = commodity.resultFlowId
    ? await tx.select().from(identifyFlows).where(eq(identifyFlows.id, commodity.resultFlowId))
    : [];
  const materialId = result?.identifiedMaterialId ?? commodity.materialId;
  const [material] = materialId ? await tx.select().from(materials).where(eq(materials.id, materialId)) : [];
  const options = await tx
    .select()
    .from(dictionaryOptions)
    .where(
      inArray(dictionaryOptions.groupKey, ['identify_result.state_level', 'identify_product.product_accessories']),
    );
  const label = (group: string, value: string) =>
    options.find((option) => option.groupKey === group && option.value === value)?.label;
  const stateLevel = result?.stateLevel ?? '';

  const item = perLanguage((lang) =>
    [
      category ? category.name[lang] : '',
      brand?.name ?? '',
      product ? nameIn(product.names, lang, product.name) : commodity.productName,
    ]
      .filter(Boolean)
      .join(' / '),
  );
  const features = perLanguage((lang) => {
    const sep = SEPARATORS[lang];
    const accessories = commodity.accessories
      .map((code) => label('identify_product.product_accessories', code)?.[lang] ?? code)
      .join(sep.list);
    const parts: [keyof typeof FEATURE_LABELS, string][] = [
      ['material', material ? material.name[lang] : ''],
      ['serial', commodity.serialNo],
      ['engraving', commodity.engraving],
      ['state', stateLevel ? (label('identify_result.state_level', stateLevel)?.[lang] ?? stateLevel) : ''],
      ['accessories', accessories],
    ];
    return parts
      .filter(([, value]) => value !== '')
      .map(([key, value]) => `${FEATURE_LABELS[key][lang]}${sep.label}${value}`)
      .join(sep.item);
  });
  return { item, features };
}

// ——— the buyback ———

/**
 * Checks the seller and writes the identity check, the customer's record and the ledger entry.
 * Called inside "confirm recycle"'s transaction, with the commodity locked.
 */
export async function recordBuyback(
  tx: Db,
  config: Config,
  buyer: Buyer,
  commodity: CommodityRow,
  body: BuybackBody,
  now: Date,
): Promise<{ ledgerEntryId: number; identityCheckId: number | null }> {
  // PRODUCT.md: temporary users never see identity documents, so they cannot take them either.
  if (buyer.isTmp) throw new AppError('guestBuybackNotAllowed');
  if (body.signature === null) throw new AppError('signatureRequired', { data: { field: 'signature' } });
  await checkPrivateUploads(tx, [body.signature], 'signature', buyer.userId, 'signature');

  // The shop's clock and identity rule as its managers set them (issue 28), read in this transaction.
  const rules = await shopRules(tx, config);
  const day = shopDayOf(now, rules.timeZone);
  const customer = await customerOf(tx, commodity.enrollmentId, buyer.userId);
  // Goods checked at any price (catalog data), and the visit's total with this price (issue 27).
  // The customer's row is locked first: two items of one visit bought at once are summed one after
  // the other, so that neither passes below the threshold on the other's account.
  await tx.select({ id: customers.id }).from(customers).where(eq(customers.id, customer.id)).for('update');
  const anyPrice = (await anyPriceReasons(tx, commodity)).length > 0;
  const visitTotal = await visitBuybackTotal(tx, customer.id, commodity.enrollmentId, day, body.currency);
  const required = identityCheckRequired(rules.identityCheck, body.price, body.currency, { visitTotal, anyPrice });

  let check: typeof identityChecks.$inferSelect | null = null;
  if (body.identity_check_id !== null) {
    const recent = await recentChecks(tx, customer.id, now);
    check = recent.find((row) => row.id === body.identity_check_id) ?? null;
    if (!check) throw field('identityCheckNotReusable', 'identity_check_id', { hours: IDENTITY_REUSE_HOURS });
  } else if (body.identity === null && required) {
    throw new AppError('identityCheckRequired', { data: { field: 'identity' } });
  }
  if (!body.payment_method) throw new AppError('paymentMethodRequired', { data: { field: 'payment_method' } });
  // 犯罪収益移転防止法 §4: precious goods paid in cash above the threshold (issue 27 item 2).
  const aml = await amlVerification(tx, config, commodity, customer.id, day, body, check);

  const identity = body.identity;
  const birthDate = identity?.birth_date ?? check?.birthDate ?? customer.birthDate;
  const age = birthDate ? ageOn(birthDate, day) : null;
  if (age !== null && age < MIN_SELLER_AGE) {
    throw new AppError('sellerTooYoung', {
      params: { age: MIN_SELLER_AGE },
      data: { field: identity ? 'identity.birth_date' : 'identity_check_id' },
    });
  }

  if (identity) {
    await checkPrivateUploads(tx, identity.document_pics, 'document', buyer.userId, 'identity.document_pics');
    if (identity.document_expiry !== null && identity.document_expiry < day) {
      throw new AppError('identityDocumentExpired', {
        params: { field: 'identity.document_expiry' },
        data: { field: 'identity.document_expiry' },
      });
    }
  }

  // The signed declaration (issue 27 item 4), rendered from what the ledger entry will hold.
  const { item, features } = await itemAndFeatures(tx, commodity);
  const declarationLang = body.declaration_lang ?? null;
  if (declarationLang === null) throw new AppError('declarationRequired', { data: { field: 'declaration_lang' } });
  const seller = identity ?? check ?? customer;
  const declarationText = renderDeclaration(declarationLang, {
    name: seller.name,
    address: seller.address,
    occupation: seller.occupation,
    age,
    items: [{ item: item[declarationLang], price: body.price, currency: body.currency }],
  });
  if (body.declaration_text != null && body.declaration_text !== declarationText) {
    throw new AppError('declarationChanged', { data: { field: 'declaration_text' } });
  }

  if (identity) {
    const [inserted] = await tx
      .insert(identityChecks)
      .values({
        customerId: customer.id,
        documentType: identity.document_type,
        // A My Number card is named by its expiry, never its number (マイナンバー法 §20).
        documentNumberSealed:
          identity.document_type === MY_NUMBER_CARD ? null : seal(identity.document_number, config.identityKey),
        documentNumberHint: identity.document_type === MY_NUMBER_CARD ? '' : hintOf(identity.document_number),
        documentExpiry: identity.document_expiry,
        documentPics: identity.document_pics,
        name: identity.name,
        address: identity.address,
        occupation: identity.occupation,
        birthDate: identity.birth_date,
        checkedBy: buyer.userId,
        createdAt: now,
      })
      .returning();
    check = inserted ?? null;
    if (check) {
      await bindPrivateUploads(
        tx,
        identity.document_pics,
        `identity_check:${check.id}`,
        (index) => `identity.document_pics.${index}`,
      );
    }
  }

  // The checked document is the better record of who the customer is.
  if (identity) {
    const { name, address, occupation, birth_date: birthDate } = identity;
    await updateCustomer(tx, customer.id, { name, address, occupation, birthDate });
  }
  await recordCustomerActivity(tx, customer.id, now);

  const [entry] = await tx
    .insert(ledgerEntries)
    .values({
      // The branch that holds the item keeps its ledger (issue 32).
      branchId: commodity.branchId,
      branchNo: await nextLedgerNo(tx, commodity.branchId),
      transactedAt: now,
      day,
      commodityId: commodity.id,
      commodityNo: commodity.no,
      item,
      quantity: 1,
      features,
      price: body.price,
      currency: body.currency,
      customerId: customer.id,
      identityCheckId: check?.id ?? null,
      sellerName: check?.name ?? customer.name,
      sellerAddress: check?.address ?? customer.address,
      sellerOccupation: check?.occupation ?? customer.occupation,
      sellerAge: age,
      identityMethod: check ? check.documentType : 'none',
      identityDocumentHint: check?.documentNumberHint ?? '',
      identityDocumentExpiry: check?.documentExpiry ?? null,
      signature: body.signature,
      paymentMethod: body.payment_method,
      transactionPurpose: aml.purpose,
      amlVerified: aml.verified,
      declarationText,
      declarationLang,
      recorderId: buyer.userId,
    })
    .returning({ id: ledgerEntries.id });
  if (!entry) throw new Error('ledger entry not written');
  await bindPrivateUploads(tx, [body.signature], `ledger_entry:${entry.id}`, () => 'signature');
  return { ledgerEntryId: entry.id, identityCheckId: check?.id ?? null };
}

// ——— preparing it ———

/** The visit's totals so far in each currency the customer sold in, for the page's rule. */
async function visitTotals(db: Db, customerId: number, enrollmentId: number, day: string) {
  const totals: BuybackPrep['visit_totals'] = {};
  for (const currency of CURRENCIES) {
    const total = await visitBuybackTotal(db, customerId, enrollmentId, day, currency);
    if (total > 0) totals[currency] = total;
  }
  return totals;
}

/** The recycle page's prefill and reuse offer; the caller is a staff recorder (access 'recorder'). */
export async function prepare(db: Db, config: Config, viewerId: number, commodityId: number): Promise<BuybackPrep> {
  const [commodity] = await db.select().from(commodities).where(eq(commodities.id, commodityId)).limit(1);
  if (!commodity) throw new AppError('notFound');
  const now = new Date();
  const rules = await shopRules(db, config);
  const today = shopDayOf(now, rules.timeZone);
  const [enrollment] = await db.select().from(enrollments).where(eq(enrollments.id, commodity.enrollmentId));
  const [record] =
    enrollment?.customerId != null
      ? await db.select().from(customers).where(eq(customers.id, enrollment.customerId))
      : [];
  const recent = record ? await recentChecks(db, record.id, now) : [];
  const { item } = await itemAndFeatures(db, commodity);
  // What leaves here is the seller's identity data: the view is recorded first.
  await recordIdentityView(db, {
    viewerId,
    customerId: record?.id ?? null,
    subject: 'identity',
    ref: `buyback:${commodity.id}`,
  });
  return {
    customer: record
      ? {
          id: record.id,
          name: record.name,
          address: record.address,
          occupation: record.occupation,
          birth_date: record.birthDate,
        }
      : {
          id: 0,
          name: enrollment?.customerName ?? '',
          address: enrollment?.customerAddress ?? '',
          occupation: '',
          birth_date: null,
        },
    identity_check: rules.identityCheck,
    today,
    any_price_reasons: await anyPriceReasons(db, commodity),
    visit_totals: record ? await visitTotals(db, record.id, commodity.enrollmentId, today) : {},
    aml: await amlPreparation(db, config, commodity, record?.id ?? null, today),
    item,
    recent_checks: recent.map((row) => ({
      id: row.id,
      document_type: row.documentType as IdentityDocumentType,
      document_hint: row.documentNumberHint,
      name: row.name,
      address: row.address,
      occupation: row.occupation,
      birth_date: row.birthDate,
      checked_at: row.createdAt.toISOString(),
    })),
  };
}
