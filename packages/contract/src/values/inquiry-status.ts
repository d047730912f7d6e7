/** `inquiry.status` and `inquiry.estimate_status` values; no zod here, the web app imports it. */
export const INQUIRY_STATUS = { open: 1, estimated: 2, closed: 3 } as const;
export const ESTIMATE_STATUS = { none: 0, estimated: 1 } as const;
