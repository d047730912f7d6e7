import { jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { i18nText } from './columns.ts';

export type WorkflowStep = 'first' | 'reconsideration' | 'comprehensive';

export const workflows = pgTable('workflows', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: i18nText('name'),
  steps: jsonb('steps').$type<WorkflowStep[]>().notNull(),
});
