/** Fixed values of the data base's list; no zod here, the web app imports it. */
export const INFORMATION_SORTS = ['identified_at', 'price', 'recycle_price'] as const;
export type InformationSort = (typeof INFORMATION_SORTS)[number];
export const INFORMATION_ORDERS = ['desc', 'asc'] as const;
export type InformationOrder = (typeof INFORMATION_ORDERS)[number];
/** `identify_result.is_real` */
export const IS_REAL = { genuine: 1, fake: 2, undetermined: 3 } as const;
