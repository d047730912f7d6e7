import { AML_TEXT_MAX, amlVerificationRequired, type PaymentMethod } from '@jewel/contract/values/aml';
import type { CURRENCIES } from '@jewel/contract/values/dictionary';
import { sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { commodities, identityChecks } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';

/*
 * The money-laundering rules at the counter (犯罪による収益の移転防止に関する法律; docs/decisions.md
 * "What the law asks at the counter: money laundering"): buying precious metals or stones, or
 * goods made of them, paid in cash above the threshold (2,000,000 JPY by default) needs the
 * verification at transaction (the Act §4: name, address, birth date, occupation and the purpose
 * of the transaction); the ledger entry says so (`aml_verified`) and retention keeps it and its
 * identity check 7 years (the Act §6, §7).
 */

type CommodityRow = typeof commodities.$inferSelect;
type CheckRow = typeof identityChecks.$inferSelect;

const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;

/** Whether the item is precious goods: its (identified) material or its category is flagged `precious` in the catalog. */
export async function isPrecious(tx: Db, commodity: CommodityRow): Promise<boolean> {
  const result = await tx.execute(sql`
    select (coalesce(cat.precious, false) or coalesce(m.precious, false)) as precious
    from commodities c
    left join categories cat on cat.id = c.category_id
    left join identify_flows f on f.id = c.result_flow_id
    left join materials m on m.id = coalesce(f.identified_material_id, c.material_id)
    where c.id = ${commodity.id}`);
  return rowsOf(result)[0]?.precious === true;
}

/**
 * The visit's cash total of precious goods so far, per currency: current ledger entries (a
 * corrected entry counts by its correction) paid in cash, of the same enrollment or the same
 * customer on the same shop day — the visit of `visitBuybackTotal`, narrowed to what the Act
 * counts (施行令 §7(3): a sale split to stay under the threshold is one sale).
 */
export async function visitCashPreciousTotals(
  db: Db,
  customerId: number | null,
  enrollmentId: number,
  day: string,
): Promise<Partial<Record<string, number>>> {
  const result = await db.execute(sql`
    select le.currency, sum(le.price) as total
    from ledger_entries le
    join commodities c on c.id = le.commodity_id
    left join categories cat on cat.id = c.category_id
    left join identify_flows f on f.id = c.result_flow_id
    left join materials m on m.id = coalesce(f.identified_material_id, c.material_id)
    where le.payment_method = 'cash'
      and (c.enrollment_id = ${enrollmentId} or (le.customer_id = ${customerId ?? 0} and le.day = ${day}::date))
      and not exists (select 1 from ledger_entries later where later.corrects_id = le.id)
      and (coalesce(cat.precious, false) or coalesce(m.precious, false))
    group by le.currency`);
  return Object.fromEntries(rowsOf(result).map((row) => [String(row.currency), Number(row.total)]));
}

export interface AmlBody {
  price: number;
  currency: string;
  identity: unknown | null;
  identity_check_id: number | null;
  payment_method?: PaymentMethod | null;
  transaction_purpose?: string;
}

const thresholdText = (config: Config, currency: string) =>
  `${(config.amlCashThresholds[currency as (typeof CURRENCIES)[number]] ?? 0).toLocaleString('en-US')} ${currency}`;

/**
 * Whether this buyback needs the verification at transaction, refusing it (400, field named,
 * before anything is written) when the identity check or the purpose is missing. `check` is the
 * identity check the buyback uses (reused, or null when a new one comes in `body.identity`).
 */
export async function amlVerification(
  tx: Db,
  config: Config,
  commodity: CommodityRow,
  customerId: number,
  day: string,
  body: AmlBody,
  check: CheckRow | null,
): Promise<{ verified: boolean; purpose: string }> {
  if (body.payment_method !== 'cash' || config.amlCashThresholds[body.currency as 'JPY'] === undefined) {
    return { verified: false, purpose: '' };
  }
  const precious = await isPrecious(tx, commodity);
  const before = precious
    ? ((await visitCashPreciousTotals(tx, customerId, commodity.enrollmentId, day))[body.currency] ?? 0)
    : 0;
  const verified = amlVerificationRequired(config.amlCashThresholds, {
    precious,
    paymentMethod: body.payment_method,
    currency: body.currency,
    visitTotal: before + body.price,
  });
  if (!verified) return { verified: false, purpose: '' };
  const threshold = thresholdText(config, body.currency);
  if (body.identity === null) {
    // A reused check must hold every item of the Act's verification: the new check's form asks all of them.
    const whole = check !== null && check.name !== '' && check.address !== '' && check.occupation !== '';
    if (!whole || check?.birthDate == null) {
      const field = check === null ? 'identity' : 'identity_check_id';
      throw new AppError('amlIdentityRequired', { params: { threshold, field }, data: { field } });
    }
  }
  const purpose = (body.transaction_purpose ?? '').trim().slice(0, AML_TEXT_MAX.purpose);
  if (purpose === '') {
    throw new AppError('transactionPurposeRequired', {
      params: { threshold, field: 'transaction_purpose' },
      data: { field: 'transaction_purpose' },
    });
  }
  return { verified: true, purpose };
}

/** What the recycle page needs to apply the rule (`aml` of the buyback preparation). */
export async function amlPreparation(
  db: Db,
  config: Config,
  commodity: CommodityRow,
  customerId: number | null,
  day: string,
) {
  return {
    precious: await isPrecious(db, commodity),
    thresholds: config.amlCashThresholds,
    visit_cash_totals: await visitCashPreciousTotals(db, customerId, commodity.enrollmentId, day),
  };
}
