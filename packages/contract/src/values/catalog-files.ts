import { LANGS } from './i18n.ts';

/*
 * The catalog's CSV files (docs/adr/0090-the-catalog-in-the-browser.md): one kind of list a file,
 * imported all or nothing in the browser (a manager) or by the CLI (an operator), exported and
 * offered as a template with the same columns. No zod here: the web app imports it.
 */

/** The kinds, in the order an import checks and writes them (products last: they use the others). */
export const CATALOG_FILE_KINDS = ['categories', 'materials', 'brands', 'photo-guides', 'products'] as const;
export type CatalogFileKind = (typeof CATALOG_FILE_KINDS)[number];

/** A kind's file name, in an import directory and in a download. */
export const catalogFileName = (kind: CatalogFileKind) => `${kind}.csv`;

const NAMED = ['code', ...LANGS] as const;
const FLAGS = ['id_check_any_price', 'precious'] as const;

/** Each kind's columns, in this order in an export and a template (an import takes any order). */
export const CATALOG_COLUMNS = {
  categories: [...NAMED, ...FLAGS],
  materials: [...NAMED, 'purity', ...FLAGS],
  brands: ['brand', 'type', 'aliases', ...LANGS.map((lang) => `name_${lang}` as const)],
  'photo-guides': ['category', 'shot', ...LANGS, 'outline', 'covers'],
  products: [
    'brand',
    'type',
    'category',
    'material',
    'name',
    ...LANGS.map((lang) => `name_${lang}` as const),
    'code',
    'replenish_status',
    'image',
  ],
} as const satisfies Record<CatalogFileKind, readonly string[]>;

/** Columns an import file must have. */
export const CATALOG_REQUIRED = {
  categories: NAMED,
  materials: NAMED,
  brands: ['brand'],
  'photo-guides': ['category', 'shot', ...LANGS, 'outline'],
  products: ['brand', 'category', 'name'],
} as const satisfies Record<CatalogFileKind, readonly string[]>;

/**
 * The most the browser sends in one import, in UTF-8 bytes of all its files together: the
 * server's request limit (1 MiB) less room for the JSON around them. About 5,000 products with
 * names in four languages; a larger catalog goes in parts (a file per brand) or by the CLI.
 */
export const CATALOG_IMPORT_MAX_BYTES = 1_000_000;

/** A brand's other names, in `brands.csv`'s `aliases` cell: `卡地亚|カルティエ`. */
export const ALIAS_SEPARATOR = '|';

/** A product's names (the maker's, and each language's), as the import and the form take them. */
export const PRODUCT_NAME_MAX = 200;
/** The maker's reference number. */
export const PRODUCT_CODE_MAX = 60;

/** A category's or material's code, in its CSV file and its form: lower case, digits, - and _. */
export const LIST_CODE_PATTERN = /^[a-z0-9][a-z0-9_-]{0,59}$/;

/** The lists edited entry by entry with a code and a name in each language (issue 28 item 5). */
export const NAMED_LIST_KINDS = ['categories', 'materials'] as const;
export type NamedListKind = (typeof NAMED_LIST_KINDS)[number];

/** A brand's form (issue 28 item 5): at most this many other names, and lines in one save. */
export const BRAND_ALIASES_MAX = 20;
export const BRAND_LINES_MAX = 200;
