import type { Lang } from '@jewel/contract/values/i18n';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { dictionaryOptions, webTranslations } from '../../db/schema.ts';

export type OptionRow = typeof dictionaryOptions.$inferSelect;

export function listOptions(db: Db): Promise<OptionRow[]> {
  return db
    .select()
    .from(dictionaryOptions)
    .orderBy(asc(dictionaryOptions.groupKey), asc(dictionaryOptions.sort), asc(dictionaryOptions.id));
}

export function listWebTranslations(db: Db, lang: Lang) {
  return db
    .select({ key: webTranslations.key, value: webTranslations.value })
    .from(webTranslations)
    .where(eq(webTranslations.lang, lang));
}
