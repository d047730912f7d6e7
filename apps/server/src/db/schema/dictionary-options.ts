import { integer, pgTable, serial, text, unique } from 'drizzle-orm/pg-core';
import { i18nText } from './columns.ts';

/** One option of a dictionary group (`identify_product.status` …), labelled in four languages. */
export const dictionaryOptions = pgTable(
  'dictionary_options',
  {
    id: serial('id').primaryKey(),
    groupKey: text('group_key').notNull(),
    /** Kept as text; `valueType` says how the API answers it. */
    value: text('value').notNull(),
    valueType: text('value_type', { enum: ['number', 'string'] }).notNull(),
    label: i18nText('label'),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [unique('dictionary_options_group_value_uq').on(t.groupKey, t.value)],
);
