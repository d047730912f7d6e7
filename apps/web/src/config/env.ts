/** The API's base address: the same origin unless VITE_API_BASE says otherwise. */
export const API_BASE = import.meta.env.VITE_API_BASE ?? '';
export const APP_VERSION = '1.0.0';

/** SPEC.md §9. */
export const TOAST_MS = 2000;
export const SUCCESS_TOAST_MS = 1500;
export const REQUEST_TIMEOUT_MS = 10_000;
export const TRANSPORT_TIMEOUT_MS = 60_000;
export const QUERY_GC_MS = 5 * 60_000;
export const QUERY_RETRIES = 3;
export const QUERY_RETRY_CAP_MS = 30_000;
