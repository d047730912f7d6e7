import type { I18nText } from '@jewel/contract/values/i18n';
import { jsonb, timestamp } from 'drizzle-orm/pg-core';

export const createdAt = () => timestamp('created_at', { withTimezone: true }).defaultNow().notNull();
export const i18nText = (name: string) => jsonb(name).$type<I18nText>().notNull();
/** Names in the languages someone wrote them in; the reader's is picked with a fallback (i18n/localize.ts). */
export const someLanguages = (name: string) => jsonb(name).$type<Partial<I18nText>>().notNull().default({});
