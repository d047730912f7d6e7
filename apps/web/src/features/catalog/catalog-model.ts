import { CATALOG_FILE_KINDS, type CatalogFileKind } from '@jewel/contract/values/catalog-files';

/**
 * The list a chosen file holds, from its name: `products.csv`, and the names a download gives
 * it (`products-template.csv`, and `products (1).csv` when saved twice); null for any other.
 */
export function kindOfFileName(name: string): CatalogFileKind | null {
  const match = /^([a-z-]+?)(?:-template)?(?: ?\(\d+\))?\.csv$/i.exec(name.trim());
  const kind = match?.[1]?.toLowerCase();
  return CATALOG_FILE_KINDS.find((each) => each === kind) ?? null;
}

/** A file chosen for the import, read. */
export interface ChosenFile {
  kind: CatalogFileKind;
  name: string;
  text: string;
}

/** Adds files to the chosen ones: a file of a list already chosen takes its place. */
export function withFiles(chosen: ChosenFile[], added: ChosenFile[]): ChosenFile[] {
  const kept = chosen.filter((file) => !added.some((each) => each.kind === file.kind));
  return [...kept, ...added].sort((a, b) => CATALOG_FILE_KINDS.indexOf(a.kind) - CATALOG_FILE_KINDS.indexOf(b.kind));
}

/** What the import sends, in UTF-8 bytes (the server's request limit counts bytes). */
export const bytesOf = (files: ChosenFile[]) =>
  files.reduce((sum, file) => sum + new TextEncoder().encode(file.text).length, 0);
