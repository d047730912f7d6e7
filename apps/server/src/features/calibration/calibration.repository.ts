import { FLOW_STATUS } from '@jewel/contract/values/commodity';
import type { I18nText } from '@jewel/contract/values/i18n';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { shopDayAfter, shopDayStart } from '../../domain/shop.ts';

/*
 * The calibration figures in one query (docs/decisions.md "Appraiser calibration"). `done` keeps
 * the latest done step of each kind per round; `facts` has one row per done first appraisal or
 * reconsideration finished in the period, with its round's reconsideration (for a first
 * appraisal) and comprehensive assessment beside it; GROUPING SETS then gives the shop's and
 * each valuer's figures, whole and per category and brand, in one pass.
 */

/** A period as instants: `[start, end)`, the shop days' bounds in the shop's time zone. */
export interface PeriodDays {
  from: string;
  to: string;
}

export interface CalibrationDbRow {
  /** Which grouping set: the columns it groups by are not null-by-grouping. */
  byValuer: boolean;
  byCategory: boolean;
  byBrand: boolean;
  valuerId: number | null;
  valuerName: string | null;
  valuerTemporary: boolean;
  categoryId: number | null;
  categoryName: I18nText | null;
  brandId: number | null;
  brandName: string | null;
  items: number;
  pairs: number;
  agreed: number;
  agreementRate: number | null;
  judged: number;
  overturned: number;
  overturnedRate: number | null;
  medianSeconds: number | null;
  kappa: number | null;
}

type Raw = Record<string, unknown>;

const mid = (alias: string) => sql.raw(`((coalesce(${alias}.price_low, 0) + coalesce(${alias}.price_high, 0)) / 2)`);

/**
 * The comprehensive assessment `k` disagrees with step `s` by the agreement rule
 * (packages/contract/src/values/agreement.ts): another authenticity, state level or currency, or
 * range middles further apart than 10 % of the larger one.
 */
const disagrees = sql`(
  k.is_real is distinct from s.is_real
  or k.state_level is distinct from s.state_level
  or k.currency is distinct from s.currency
  or not (greatest(${mid('k')}, ${mid('s')}) = 0
    or abs(${mid('k')} - ${mid('s')}) <= 0.1 * greatest(${mid('k')}, ${mid('s')})))`;

const num = (value: unknown): number | null => (value === null || value === undefined ? null : Number(value));

export async function calibrationRows(db: Db, period: PeriodDays, timeZone: string): Promise<CalibrationDbRow[]> {
  const start = shopDayStart(period.from, timeZone);
  const end = shopDayAfter(period.to, timeZone);
  const result = (await db.execute(sql`
    with done as (
      select distinct on (f.commodity_id, f.round, f.step)
        f.id, f.commodity_id, f.round, f.step, f.valuer_id, f.finished_at, f.duration_seconds,
        f.is_real, f.state_level, f.price_low, f.price_high, f.currency, f.agrees
      from identify_flows f
      where f.status = ${FLOW_STATUS.done}
      order by f.commodity_id, f.round, f.step, f.id desc
    ),
    facts as (
      select
        s.valuer_id, c.category_id, c.brand_id, s.commodity_id,
        s.step = 'first' as is_first,
        s.duration_seconds,
        r.id is not null as paired,
        r.agrees = 1 as pair_agreed,
        s.is_real as first_real,
        r.is_real as second_real,
        k.id is not null as judged,
        k.id is not null and ${disagrees} as overturned
      from done s
      join commodities c on c.id = s.commodity_id
      left join done r on s.step = 'first' and r.step = 'reconsideration'
        and r.commodity_id = s.commodity_id and r.round = s.round
      left join done k on k.step = 'comprehensive' and k.commodity_id = s.commodity_id and k.round = s.round
      where s.step in ('first', 'reconsideration') and s.finished_at >= ${start} and s.finished_at < ${end}
    ),
    grouped as (
      select
        grouping(valuer_id) = 0 as by_valuer,
        grouping(category_id) = 0 as by_category,
        grouping(brand_id) = 0 as by_brand,
        valuer_id, category_id, brand_id,
        count(distinct commodity_id) filter (where is_first) as items,
        count(*) filter (where paired) as pairs,
        count(*) filter (where paired and pair_agreed) as agreed,
        count(*) filter (where judged) as judged,
        count(*) filter (where overturned) as overturned,
        percentile_cont(0.5) within group (order by duration_seconds)
          filter (where is_first and duration_seconds is not null) as median_seconds,
        count(*) filter (where paired and first_real = second_real) as same_real,
        count(*) filter (where paired and first_real = 1) as first_genuine,
        count(*) filter (where paired and first_real = 2) as first_fake,
        count(*) filter (where paired and first_real = 3) as first_undetermined,
        count(*) filter (where paired and second_real = 1) as second_genuine,
        count(*) filter (where paired and second_real = 2) as second_fake,
        count(*) filter (where paired and second_real = 3) as second_undetermined
      from facts
      group by grouping sets ((valuer_id, category_id), (valuer_id, brand_id), (valuer_id), (category_id), (brand_id), ())
    ),
    rated as (
      select g.*,
        g.same_real::float8 / nullif(g.pairs, 0) as po,
        (g.first_genuine * g.second_genuine + g.first_fake * g.second_fake
          + g.first_undetermined * g.second_undetermined)::float8 / nullif(g.pairs * g.pairs, 0) as pe
      from grouped g
    )
    select
      g.by_valuer, g.by_category, g.by_brand,
      g.valuer_id, u.name as valuer_name, coalesce(u.is_tmp, false) as valuer_temporary,
      g.category_id, cat.name as category_name, g.brand_id, b.name as brand_name,
      g.items, g.pairs, g.agreed, g.judged, g.overturned, g.median_seconds,
      g.agreed::float8 / nullif(g.pairs, 0) as agreement_rate,
      g.overturned::float8 / nullif(g.judged, 0) as overturned_rate,
      case when g.pairs = 0 or g.pe >= 1 then null else (g.po - g.pe) / (1 - g.pe) end as kappa
    from rated g
    left join users u on g.by_valuer and u.id = g.valuer_id
    left join categories cat on g.by_category and cat.id = g.category_id
    left join brands b on g.by_brand and b.id = g.brand_id
    order by u.name nulls first, g.valuer_id nulls first, cat.sort, g.category_id, b.sort, b.name, g.brand_id
  `)) as unknown as { rows: Raw[] };
  return result.rows.map((row) => ({
    byValuer: row.by_valuer === true,
    byCategory: row.by_category === true,
    byBrand: row.by_brand === true,
    valuerId: num(row.valuer_id),
    valuerName: (row.valuer_name as string | null) ?? null,
    valuerTemporary: row.valuer_temporary === true,
    categoryId: num(row.category_id),
    categoryName: (row.category_name as I18nText | null) ?? null,
    brandId: num(row.brand_id),
    brandName: (row.brand_name as string | null) ?? null,
    items: Number(row.items),
    pairs: Number(row.pairs),
    agreed: Number(row.agreed),
    agreementRate: num(row.agreement_rate),
    judged: Number(row.judged),
    overturned: Number(row.overturned),
    overturnedRate: num(row.overturned_rate),
    medianSeconds: num(row.median_seconds),
    kappa: num(row.kappa),
  }));
}
