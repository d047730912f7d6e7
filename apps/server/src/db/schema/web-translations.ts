import { pgTable, serial, text, unique } from 'drizzle-orm/pg-core';

/** Operator overrides of the web app's texts, per language (`/api/dictionary/trans-web`). */
export const webTranslations = pgTable(
  'web_translations',
  {
    id: serial('id').primaryKey(),
    lang: text('lang', { enum: ['zh-Hans', 'zh-Hant', 'en', 'ja'] }).notNull(),
    key: text('key').notNull(),
    value: text('value').notNull(),
  },
  (t) => [unique('web_translations_lang_key_uq').on(t.lang, t.key)],
);
