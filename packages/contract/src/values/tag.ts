/*
 * Item tags (docs/decisions.md "Item tags and the scan"): a printed label per item whose QR
 * carries the public verification address of the item's tag link, `<origin>/verify/<id>`.
 */

/** The most items one sheet request prints (three A4 pages of labels). */
export const TAG_SHEET_MAX = 60;
/** Labels on one A4 page: 3 columns × 7 rows. */
export const TAG_COLUMNS = 3;
export const TAG_ROWS = 7;

/**
 * Where tags are printed (issue 29 item 4): the A4 sheet of 21 labels on an office printer, or a
 * label printer's roll, one label per page: Brother QL's 62 mm continuous tape (cut at 29 mm),
 * and 50 × 30 mm and 40 × 30 mm die-cut labels.
 */
export const TAG_LAYOUTS = ['a4-21', 'ql-62', 'die-50x30', 'die-40x30'] as const;
export type TagLayout = (typeof TAG_LAYOUTS)[number];

/** Each layout's page in millimetres, as the printer's driver is set up for it. */
export const TAG_PAGE_MM: Record<TagLayout, { width: number; height: number }> = {
  'a4-21': { width: 210, height: 297 },
  'ql-62': { width: 62, height: 29 },
  'die-50x30': { width: 50, height: 30 },
  'die-40x30': { width: 40, height: 30 },
};

/** What a verification id looks like (lib/qr.ts makes them): 128 random bits in base64url. */
export const VERIFICATION_ID_PATTERN = /^[A-Za-z0-9_-]{22}$/;

/** The path of the public verification page of an id. */
export const VERIFY_PATH_PATTERN = /^\/verify\/([A-Za-z0-9_-]{22})\/?$/;

/**
 * The verification id a scanned text carries, with its address: only an absolute http(s) URL
 * whose path is `/verify/<id>`; null for anything else.
 */
export function verificationIdOf(text: string): { id: string; url: string; origin: string } | null {
  let url: { protocol: string; pathname: string; origin: string; href: string };
  try {
    // Both runtimes have URL; the contract is type-checked with neither the DOM's types nor Node's.
    url = new (globalThis as unknown as { URL: new (value: string) => typeof url }).URL(text.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const match = VERIFY_PATH_PATTERN.exec(url.pathname);
  return match?.[1] ? { id: match[1], url: url.href, origin: url.origin } : null;
}
