import type { WorkflowStep } from '@jewel/contract/values/workflows';
import { jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { i18nText } from './columns.ts';

export const workflows = pgTable('workflows', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: i18nText('name'),
  steps: jsonb('steps').$type<WorkflowStep[]>().notNull(),
  /**
   * When a manager retired it (issue 28 item 5): no longer offered at distribution; the items that
   * follow it keep it. Null while offered. `standard`, the default, is never retired.
   */
  retiredAt: timestamp('retired_at', { withTimezone: true }),
});
