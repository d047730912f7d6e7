import type { PhotoFlag } from '@jewel/contract/values/commodity';
import { integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { users } from './users.ts';

/** A stored photo and its thumbnail, by their random storage names. */
export const uploads = pgTable('uploads', {
  id: uuid('id').primaryKey().defaultRandom(),
  ownerId: integer('owner_id')
    .notNull()
    .references(() => users.id),
  name: text('name').notNull().unique(),
  thumbName: text('thumb_name').notNull(),
  mime: text('mime').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  size: integer('size').notNull(),
  /** `photo` (public by its random name), or private: `document` (identity) and `signature`. */
  kind: text('kind').notNull().default('photo'),
  /**
   * A private upload's one record (issue 27 item 5): `identity_check:<id>` or `ledger_entry:<id>`,
   * set in the buyback's transaction; null while unused. Another use is refused; retention removes
   * one left unbound past PRIVATE_UPLOAD_GRACE_HOURS (docs/decisions.md "The signed declaration").
   */
  boundTo: text('bound_to'),
  /**
   * A photo the phone's check found blurred or too dark and the recorder kept all the same
   * (issue 29 item 9): the valuer sees it marked. Null for a photo that passed or was not checked.
   */
  flag: text('flag').$type<PhotoFlag>(),
  createdAt: createdAt(),
});
