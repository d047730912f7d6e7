import type { CURRENCIES } from '@jewel/contract/values/dictionary';
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { commodities, money } from './commodities.ts';
import { materials } from './materials.ts';
import { users } from './users.ts';

export interface MetalCalc {
  weight_g: number;
  purity: number;
  spot_price_per_g: number;
  currency: (typeof CURRENCIES)[number];
  value: number;
  at: string;
}

/** One step of one appraisal round (first, reconsideration, comprehensive) and its verdict. */
export const identifyFlows = pgTable(
  'identify_flows',
  {
    id: serial('id').primaryKey(),
    commodityId: integer('commodity_id')
      .notNull()
      .references(() => commodities.id),
    round: integer('round').notNull(),
    step: text('step', { enum: ['first', 'reconsideration', 'comprehensive'] }).notNull(),
    valuerId: integer('valuer_id')
      .notNull()
      .references(() => users.id),
    /** `identify_flow.status`: 1 pending, 2 in progress, 3 done, 4 returned. */
    status: integer('status').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    durationSeconds: integer('duration_seconds'),
    returnReason: text('return_reason'),
    identifiedMaterialId: integer('identified_material_id').references(() => materials.id),
    isReal: integer('is_real'),
    notGenuineReason: text('not_genuine_reason'),
    notGenuineNote: text('not_genuine_note'),
    stateLevel: text('state_level'),
    productStatus: integer('product_status'),
    priceLow: money('price_low'),
    priceHigh: money('price_high'),
    expectedSalePrice: money('expected_sale_price'),
    currency: text('currency'),
    report: text('report'),
    metalCalc: jsonb('metal_calc').$type<MetalCalc>(),
    /** For reconsideration and comprehensive steps: agreement with the first appraisal. */
    agrees: integer('agrees'),
    createdAt: createdAt(),
  },
  (t) => [
    index('identify_flows_commodity_idx').on(t.commodityId, t.round),
    index('identify_flows_valuer_idx').on(t.valuerId, t.step, t.finishedAt),
    // A valuer's finished steps for the dashboard (counts and average time), from the index alone.
    index('identify_flows_done_valuer_idx')
      .on(t.valuerId, t.step, t.finishedAt, t.durationSeconds)
      .where(sql`${t.status} = 3`),
    // The data base sorted by price: the middle of the estimate, of the flows that have one (a
    // final result always does); without the flows still unpriced, which a descending walk would
    // read first (docs/decisions.md "Growth: what keeps the pages flat").
    index('identify_flows_mid_price_idx')
      .on(sql`((${t.priceLow} + ${t.priceHigh}) / 2)`)
      .where(sql`((${t.priceLow} + ${t.priceHigh}) / 2) is not null`),
  ],
);
