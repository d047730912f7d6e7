/** Text patterns shared by the contract's schemas and the web forms; no zod here. */

/** A user's mobile number: digits and dashes, an optional leading `+`. */
export const MOBILE_PATTERN = /^\+?[0-9][0-9-]{5,19}$/;
/** A customer's phone number: as a mobile, spaces allowed too. */
export const CUSTOMER_PHONE_PATTERN = /^\+?[0-9][0-9 -]{5,19}$/;
/** The longest text either phone pattern matches. */
export const PHONE_MAX_LENGTH = 20;
/** The code of a dictionary option sent as text (`accessories`, `inquiry.source`). */
export const OPTION_CODE_PATTERN = /^[a-z_]{1,30}$/;
/** A stored photo's random name, and the path the server serves it at. */
export const STORED_IMAGE_NAME = /^[a-f0-9]{32}(-thumb)?\.(jpg|png|webp)$/;
/**
 * A private upload (an identity document photo, a signature): never under `/api/files/`, only
 * through a short-lived signed link (`/api/private-files/<name>?exp=…&sig=…`).
 */
export const PRIVATE_IMAGE_NAME = /^p-[a-f0-9]{32}(-thumb)?\.(jpg|png|webp)$/;
export const STORED_IMAGE_PATH = /^\/api\/files\/[a-f0-9]{32}(-thumb)?\.(jpg|png|webp)$/;

/** A banner's picture: a photo a manager uploaded, or one the web app ships (`/banners/<name>`). */
export const BANNER_IMAGE =
  /^(\/api\/files\/[a-f0-9]{32}\.(jpg|png|webp)|\/banners\/[a-z0-9-]{1,60}\.(svg|png|jpg|webp))$/;
/** Where a banner leads: nowhere (empty), a page of the app (`/pages…`), or an https address. */
export const BANNER_LINK = /^(|\/([^/\s]\S{0,198})?|https:\/\/\S{1,192})$/;

/** A knowledge article's cover: none, a photo a manager uploaded, or one the web app ships (`/knowledge/<name>`). */
export const KNOWLEDGE_COVER =
  /^(|\/api\/files\/[a-f0-9]{32}\.(jpg|png|webp)|\/knowledge\/[a-z0-9-]{1,60}\.(svg|png|jpg|webp))$/;
