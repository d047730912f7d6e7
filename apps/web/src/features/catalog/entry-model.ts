import type { NamedEntryInput, NamedEntryRecord } from '@jewel/contract/catalog-admin';
import { LIST_CODE_PATTERN, type NamedListKind } from '@jewel/contract/values/catalog-files';
import { type I18nText, LANGS } from '@jewel/contract/values/i18n';

/** A category's or material's form as entered (issue 28 item 5): the purity as typed. */
export interface EntryValues extends Omit<NamedEntryInput, 'purity'> {
  purity: string;
}

export const emptyEntry = (): EntryValues => ({
  code: '',
  name: { 'zh-Hans': '', 'zh-Hant': '', en: '', ja: '' },
  purity: '',
  id_check_any_price: false,
  precious: false,
});

export const entryValues = ({ id: _id, retired: _retired, purity, ...entered }: NamedEntryRecord): EntryValues => ({
  ...entered,
  purity: purity === null ? '' : String(purity),
});

/** The purity typed (0.750, or 750 as a hallmark says it): a share of 1, or null for none; NaN when it is neither. */
export function purityOf(text: string): number | null {
  const typed = text.trim().replace(',', '.');
  if (!typed) return null;
  const value = Number(typed);
  if (!Number.isFinite(value)) return Number.NaN;
  const share = value > 1 ? value / 1000 : value;
  return share > 0 && share <= 1 ? share : Number.NaN;
}

export type EntryProblem = 'code' | 'name' | 'purity';

/**
 * A list's code and its names in every language, as a category's, a material's or a workflow's
 * form checks them: `code`, and `name.<lang>` for a missing name.
 */
export function codeAndNameProblems(values: { code: string; name: I18nText }): Record<string, 'code' | 'name'> {
  const problems: Record<string, 'code' | 'name'> = {};
  if (!LIST_CODE_PATTERN.test(values.code.trim())) problems.code = 'code';
  for (const lang of LANGS) if (!values.name[lang].trim()) problems[`name.${lang}`] = 'name';
  return problems;
}

/** The names trimmed, as a call sends them. */
export const trimmedNames = (name: I18nText): I18nText =>
  Object.fromEntries(LANGS.map((lang) => [lang, name[lang].trim()])) as I18nText;

/** What is wrong, field by field (`name.<lang>` for a missing name), in the form's order. */
export function entryProblems(kind: NamedListKind, values: EntryValues): Record<string, EntryProblem> {
  const problems: Record<string, EntryProblem> = codeAndNameProblems(values);
  if (kind === 'materials' && Number.isNaN(purityOf(values.purity))) problems.purity = 'purity';
  return problems;
}

/** The call's body: trimmed, a category without a purity. */
export function toEntryInput(kind: NamedListKind, values: EntryValues): NamedEntryInput {
  return {
    code: values.code.trim(),
    name: trimmedNames(values.name),
    purity: kind === 'materials' ? purityOf(values.purity) : null,
    id_check_any_price: values.id_check_any_price,
    precious: values.precious,
  };
}
