/** Limits shared by the server and the web app (SPEC.md §5 and §9). */
/** The largest value of PostgreSQL's `integer`: every id column, page numbers. */
export const INT_MAX = 2_147_483_647;
export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 128;
/** A passkey's name, the member's own (ADR 0103). */
export const PASSKEY_NAME_MAX = 40;
/** A work e-mail a manager sets (ADR 0103): the longest address SMTP carries (RFC 5321, RFC 3696 errata). */
export const EMAIL_MAX = 254;
export const MAX_COMMODITIES_PER_ENROLLMENT = 5;
export const PRODUCT_PAGE_SIZE_DEFAULT = 999;
export const UPLOAD_MAX_BYTES = 20 * 1024 * 1024;
/** Larger images are refused as pixel bombs: 100 megapixels covers any phone camera. */
export const UPLOAD_MAX_PIXELS = 100_000_000;
export const THUMBNAIL_LONG_SIDE = 400;
export const TEMPORARY_LINK_DEFAULT_HOURS = 24;
export const TEMPORARY_LINK_MAX_HOURS = 24 * 30;
export const MAX_PHOTOS_PER_FIELD = 9;
/** The phone shrinks photos before upload (issue 4): long side and file size. */
export const PHOTO_UPLOAD_LONG_SIDE = 2048;
export const PHOTO_UPLOAD_MAX_BYTES = 1024 * 1024;

/**
 * The longest text each input takes, for the contract's schemas and the web forms' `maxLength`
 * alike. Grouped by what the text is; a field named here takes exactly this limit.
 */
export const TEXT_MAX = {
  /** A customer's or a user's name, a guest's name. */
  personName: 40,
  /** An inquiry's contact: a phone number, a WeChat or LINE id. */
  contact: 60,
  productName: 120,
  productCode: 60,
  address: 200,
  engraving: 200,
  /** A maker's serial number or date code (checked against the watch list). */
  serialNo: 60,
  /** Remarks, notes and reasons. */
  remark: 500,
  report: 4000,
  /** A dictionary option code (`not_genuine_reason`). */
  optionCode: 40,
  /** A data base subtotal's name. */
  subtotalName: 60,
  /** A list search: commodities, the data base. */
  keyword: 60,
  /** A search of the catalog or the knowledge base. */
  longKeyword: 100,
} as const;

/** The largest price, in any currency. */
export const MONEY_MAX = 1_000_000_000;
/** The largest length, width or weight of a commodity. */
export const MEASURE_MAX = 1_000_000;
/** The largest weight of a metal calculation, in grams. */
export const METAL_WEIGHT_MAX_G = 100_000;

/** The longest a shop's managers may keep a customer's personal data (issue 28): fifty years, in months. */
export const RETENTION_MONTHS_MAX = 600;

/** A knowledge article's texts as a manager writes them (issue 28 item 6), per language. */
export const KNOWLEDGE_MAX = { title: 200, summary: 500, tags: 20, tag: 40, body: 100_000 } as const;
