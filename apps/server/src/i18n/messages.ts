import type { NotificationType } from '@jewel/contract/user';
import type { ErrorName } from '@jewel/contract/values/error-codes';
import type { I18nText, Lang } from '@jewel/contract/values/i18n';
import { en } from './messages/en.ts';
import { ja } from './messages/ja.ts';
import type { AuditMessages, CatalogProblemReason, ServerMessages, TextName } from './messages/server-messages.ts';
import { zhHans } from './messages/zh-hans.ts';
import { zhHant } from './messages/zh-hant.ts';

// The texts live in one file per language (messages/); each is typed with ServerMessages, so a
// language missing a key fails to compile, and I18nText below makes a missing language one too.

/** One text in the four languages, read from each language's file. */
function inEveryLang(pick: (messages: ServerMessages) => string): I18nText {
  return { 'zh-Hans': pick(zhHans), 'zh-Hant': pick(zhHant), en: pick(en), ja: pick(ja) };
}

/** The group's keys (the same in every language, by type), each mapped with `build`. */
function byKey<K extends string, V>(group: Record<K, unknown>, build: (key: K) => V): Record<K, V> {
  return Object.fromEntries(Object.keys(group).map((key) => [key, build(key as K)])) as Record<K, V>;
}

/** Each error code's message in the four languages. */
export const ERROR_MESSAGES: Record<ErrorName, I18nText> = byKey(zhHans.errors, (name) =>
  inEveryLang((messages) => messages.errors[name]),
);

/** Other server-side texts. */
export const TEXTS: Record<TextName, I18nText> = byKey(zhHans.texts, (name) =>
  inEveryLang((messages) => messages.texts[name]),
);

/** Why a catalog import was refused, each reason in the four languages. */
export const CATALOG_PROBLEM_TEXTS: Record<CatalogProblemReason, I18nText> = byKey(zhHans.catalogProblems, (reason) =>
  inEveryLang((messages) => messages.catalogProblems[reason]),
);

/** The audit trail's words in each language. */
export const AUDIT_MESSAGES: Record<Lang, AuditMessages> = {
  'zh-Hans': zhHans.audit,
  'zh-Hant': zhHant.audit,
  en: en.audit,
  ja: ja.audit,
};

/** Picks the language and fills `{name}` placeholders. */
export function translate(text: I18nText, lang: Lang, params: Record<string, string | number> = {}): string {
  return fill(text[lang], params);
}

/** Fills a text's `{name}` placeholders; an unknown one stays as it is. */
export function fill(text: string, params: Record<string, string | number> = {}): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : whole,
  );
}

/** Titles and texts of each notification type; `{placeholders}` come from the row's params. */
export const NOTIFICATION_TEXTS: Record<NotificationType, { title: I18nText; content: I18nText }> = byKey(
  zhHans.notifications,
  (type) => ({
    title: inEveryLang((messages) => messages.notifications[type].title),
    content: inEveryLang((messages) => messages.notifications[type].content),
  }),
);
