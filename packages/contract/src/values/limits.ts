/** Limits shared by the server and the web app (SPEC.md §5 and §9). */
export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 128;
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
