import type { BrandInput, BrandRecord } from '@jewel/contract/catalog-admin';
import type { I18nText } from '@jewel/contract/values/i18n';
import { trimmedNames } from './entry-model.ts';

/**
 * A brand's form as entered (issue 28 item 5): its name, its name in each language (empty for
 * none), its other names as one text (commas or 、 between them), and its lines, the new ones
 * without an id.
 */
export interface BrandValues {
  name: string;
  names: I18nText;
  aliases: string;
  /** `retired`: an existing line retired (no longer offered for a new item), or not. */
  lines: { id: number | null; name: string; retired?: boolean }[];
}

const noNames = (): I18nText => ({ 'zh-Hans': '', 'zh-Hant': '', en: '', ja: '' });

export const emptyBrand = (): BrandValues => ({ name: '', names: noNames(), aliases: '', lines: [] });

export const brandValues = (record: BrandRecord): BrandValues => ({
  name: record.name,
  names: { ...noNames(), ...record.names },
  aliases: record.aliases.join(', '),
  lines: record.lines,
});

/** The other names typed: split at commas (any width) and 、, each once whatever its case. */
export function aliasesOf(text: string): string[] {
  const seen = new Set<string>();
  return text
    .split(/[,，、]/)
    .map((alias) => alias.trim())
    .filter((alias) => {
      const key = alias.toLowerCase();
      if (!alias || seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}

/** Which entered line has no name: an existing line's must stay (items name it); a new one left empty is dropped. */
export function emptyLines(values: BrandValues): number[] {
  return values.lines.flatMap((line, index) => (line.id !== null && !line.name.trim() ? [index] : []));
}

/** The call's body: names trimmed, new lines left empty dropped. */
export function toBrandInput(values: BrandValues): BrandInput {
  return {
    name: values.name.trim(),
    names: trimmedNames(values.names),
    aliases: aliasesOf(values.aliases),
    lines: values.lines
      .map((line) => ({
        id: line.id,
        name: line.name.trim(),
        ...(line.id === null || line.retired === undefined ? {} : { retired: line.retired }),
      }))
      .filter((line) => line.id !== null || line.name),
  };
}
