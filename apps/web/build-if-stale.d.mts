// The types of build-if-stale.mjs, for its TypeScript readers (the service worker's journey).
/** Where the web build is: apps/web/dist, or WEB_DIST. */
export const distDir: string;
export function buildIfStale(who: string): void;
