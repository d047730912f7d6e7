import { sql } from 'drizzle-orm';
import { index, integer, jsonb, numeric, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { branches } from './branches.ts';
import { brandTypes } from './brand-types.ts';
import { brands } from './brands.ts';
import { categories } from './categories.ts';
import { createdAt } from './columns.ts';
import { enrollments } from './enrollments.ts';
import { materials } from './materials.ts';
import { products } from './products.ts';
import { users } from './users.ts';
import { workflows } from './workflows.ts';

const photos = (name: string) => jsonb(name).$type<string[]>().notNull().default([]);
const measure = (name: string) => numeric(name, { precision: 12, scale: 2, mode: 'number' });
export const money = (name: string) => numeric(name, { precision: 14, scale: 2, mode: 'number' });

/** One item a customer brought in, and where it stands in the life cycle (PRODUCT.md). */
export const commodities = pgTable(
  'commodities',
  {
    id: serial('id').primaryKey(),
    /** Human-readable, printed on the tag: `C20261121-0007`. */
    no: text('no').notNull().unique(),
    /** The branch that holds it now (issue 32): its visit's, until a transfer moves it. */
    branchId: integer('branch_id')
      .notNull()
      .references(() => branches.id),
    enrollmentId: integer('enrollment_id')
      .notNull()
      .references(() => enrollments.id),
    recorderId: integer('recorder_id')
      .notNull()
      .references(() => users.id),
    /** `identify_product.status`, guarded by the contract's status machine. */
    status: integer('status').notNull(),
    /** Raised by every action; an action sent with an older version is refused. */
    version: integer('version').notNull().default(0),
    /** The appraisal round: 1, then +1 for each re-assessment. */
    round: integer('round').notNull().default(1),
    /** The valuer assigned for the first appraisal of the current round. */
    valuerId: integer('valuer_id').references(() => users.id),
    workflowId: integer('workflow_id').references(() => workflows.id),
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id),
    typeId: integer('type_id').references(() => brandTypes.id),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id),
    productId: integer('product_id').references(() => products.id),
    productName: text('product_name').notNull(),
    productCode: text('product_code').notNull().default(''),
    materialId: integer('material_id').references(() => materials.id),
    length: measure('length'),
    width: measure('width'),
    sizeUnit: text('size_unit').notNull().default('mm'),
    sizePics: photos('size_pics'),
    weight: measure('weight'),
    weightUnit: text('weight_unit').notNull().default('g'),
    weightPics: photos('weight_pics'),
    productStatus: integer('product_status').notNull(),
    productPics: photos('product_pics'),
    /** The photo guide's shot code of each product photo, by position; '' for an extra photo; [] when unknown. */
    productPicShots: jsonb('product_pic_shots').$type<string[]>().notNull().default([]),
    /** The product photos its certificate prints, as a valuer chose them (issue 29 item 2); null: the default. */
    certificatePics: jsonb('certificate_pics').$type<string[]>(),
    accessories: jsonb('accessories').$type<string[]>().notNull().default([]),
    accessoryPics: photos('accessory_pics'),
    /** The maker's serial number or date code, checked against the watch list. */
    serialNo: text('serial_no').notNull().default(''),
    engraving: text('engraving').notNull().default(''),
    engravingPics: photos('engraving_pics'),
    inlayPics: photos('inlay_pics'),
    materialPics: photos('material_pics'),
    remark: text('remark').notNull().default(''),
    priority: integer('priority').notNull().default(1),
    modificationReason: text('modification_reason'),
    /** The flow whose result is final (status 70 and later). */
    resultFlowId: integer('result_flow_id'),
    identifiedAt: timestamp('identified_at', { withTimezone: true }),
    isRecycle: integer('is_recycle'),
    recyclePrice: money('recycle_price'),
    recycleCurrency: text('recycle_currency'),
    recycledAt: timestamp('recycled_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [
    // Keyset pages: newest first, whole list or one status set, and per person.
    index('commodities_status_id_idx').on(t.status, t.id),
    index('commodities_branch_status_idx').on(t.branchId, t.status, t.id),
    index('commodities_recorder_id_idx').on(t.recorderId, t.id),
    index('commodities_valuer_id_idx').on(t.valuerId, t.id),
    // Dashboard counts per person, read from the index alone (docs/decisions.md).
    index('commodities_recorder_stats_idx').on(t.recorderId, t.status, t.createdAt),
    index('commodities_valuer_stats_idx').on(t.valuerId, t.status, t.createdAt),
    index('commodities_enrollment_idx').on(t.enrollmentId),
    index('commodities_product_name_idx').on(sql`lower(${t.productName})`),
    // The data base: identified commodities newest first (list pages), and every column a subtotal
    // filters or sums, so that its aggregate reads this index alone (docs/decisions.md).
    index('commodities_identified_idx').on(t.identifiedAt, t.id).where(sql`${t.resultFlowId} is not null`),
    index('commodities_result_idx')
      .on(
        t.resultFlowId,
        t.identifiedAt,
        t.brandId,
        t.categoryId,
        t.productId,
        t.materialId,
        t.isRecycle,
        t.recyclePrice,
        t.recycleCurrency,
      )
      .where(sql`${t.resultFlowId} is not null`),
  ],
);
