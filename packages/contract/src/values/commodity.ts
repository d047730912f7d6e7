/** Fixed values of a commodity and its appraisal flows; no zod here, the web app imports it. */

/** A commodity's photo fields, in the order the register form asks for them. */
export const PHOTO_FIELDS = [
  'size_pics',
  'weight_pics',
  'product_pics',
  'accessory_pics',
  'engraving_pics',
  'inlay_pics',
  'material_pics',
] as const;
export type PhotoField = (typeof PHOTO_FIELDS)[number];
/**
 * Why a photo kept after the phone's check is marked for the valuer (issue 29 item 9): it looked
 * blurred, or too dark. Sent with the photo's upload as the form field `flag`.
 */
export const PHOTO_FLAGS = ['blurred', 'dark'] as const;
/** The product photos a certificate prints at most (issue 29 item 2: the valuer may choose them). */
export const CERTIFICATE_PHOTOS_MAX = 4;

/**
 * The product photos a certificate and its page show (issue 29 item 2), for the server that
 * prints them and the item's page that shows which: those a valuer chose, in their order (any of
 * the item's product photos, a flagged one too: chosen, it is meant); else the item's in its
 * order (the photo guide's shots first, as registered), never one kept though the phone's check
 * found it blurred or dark (issue 29 item 9). Four at most.
 */
export function certificatePhotosOf(
  productPics: readonly string[],
  flags: Partial<Record<string, PhotoFlag>>,
  chosen: readonly string[] | null,
): string[] {
  const shown = chosen
    ? chosen.filter((photo) => productPics.includes(photo))
    : productPics.filter((photo) => !flags[photo]);
  return shown.slice(0, CERTIFICATE_PHOTOS_MAX);
}
export type PhotoFlag = (typeof PHOTO_FLAGS)[number];
/** The order a commodity's photos are shown in: the product first, then as registered. */
export const SHOWN_PHOTO_FIELDS: readonly PhotoField[] = [
  'product_pics',
  ...PHOTO_FIELDS.filter((field) => field !== 'product_pics'),
];

/** The photos a commodity must have (SPEC.md §5) and the error each one's absence answers. */
export const REQUIRED_PHOTOS = {
  size_pics: 'sizePhotoRequired',
  product_pics: 'productPhotoRequired',
  accessory_pics: 'accessoryPhotoRequired',
} as const satisfies Partial<Record<PhotoField, string>>;

/**
 * The `identify_product.product_accessories` value "no accessories". The accessory photo stays
 * required with it (docs/decisions.md, "No accessories still needs the accessory photo").
 */
export const NO_ACCESSORIES = 'none';

/** `identify_product.valuation_priority` and `inquiry.priority`. */
export const PRIORITY = { normal: 1, urgent: 2 } as const;
export const PRIORITY_URGENT = PRIORITY.urgent;

export const FLOW_STEPS = ['first', 'reconsideration', 'comprehensive'] as const;
export type FlowStep = (typeof FLOW_STEPS)[number];
/** `identify_flow.status` */
export const FLOW_STATUS = { pending: 1, inProgress: 2, done: 3, returned: 4 } as const;

/** `recycle.is_recycle`: the shop buys it (80) or the customer takes it back (90). */
export const IS_RECYCLE = { yes: 1, no: 0 } as const;
