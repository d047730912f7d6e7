import type { PhotoField } from './commodity.ts';

/**
 * The photo guide (docs/decisions.md "The photo guide"): each category's shot list is data
 * (`seed/catalog/photo-guides.csv`, imported like the catalog); each shot names one of these
 * outline hints, line drawings the web app ships at `/photo-guide/<outline>.svg`.
 */
export const PHOTO_OUTLINES = [
  'generic',
  'bag-front',
  'bag-back',
  'bag-base',
  'bag-corner',
  'hardware',
  'label',
  'serial',
  'ring-top',
  'ring-side',
  'ring-inside',
  'hallmark',
  'gem-top',
  'gem-side',
  'chain',
  'clasp',
  'bangle',
  'earring-pair',
  'earring-back',
  'pendant',
  'pendant-back',
  'brooch',
  'brooch-back',
  'watch-dial',
  'watch-side',
  'watch-back',
  'wallet-front',
  'wallet-open',
  'bar-front',
  'bar-back',
  'certificate',
] as const;
export type PhotoOutline = (typeof PHOTO_OUTLINES)[number];

/** A shot's code: lower-case letters, digits, _ or -. */
export const PHOTO_SHOT_CODE = /^[a-z0-9][a-z0-9_-]{0,39}$/;
/** A product photo's shot: a shot code, or '' for an extra photo. */
export const PRODUCT_PIC_SHOT = /^(?:[a-z0-9][a-z0-9_-]{0,39})?$/;
/** Shots one category may list. */
export const MAX_SHOTS_PER_CATEGORY = 12;
/** `product_pic_shots` entry of a product photo that is none of the category's shots ("Other photos"). */
export const EXTRA_SHOT = '';

/**
 * The register form's photo sections a guided shot may cover (`covers` in photo-guides.csv, issue
 * 29 item 10): a category with a shot covering one hides that section's separate photo field (the
 * shot is where that photo is taken), unless the item already has photos in it.
 */
export const PHOTO_SECTIONS = [
  'engraving_pics',
  'inlay_pics',
  'material_pics',
] as const satisfies readonly PhotoField[];
export type PhotoSection = (typeof PHOTO_SECTIONS)[number];

/** The path of an outline hint in the web app. */
export const outlinePath = (outline: string) => `/photo-guide/${outline}.svg`;
