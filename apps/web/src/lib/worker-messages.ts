/**
 * What the page tells its service worker (`src/sw.ts`, from `app-updates.ts`):
 * - `skip-waiting`: the user chose to reload into the new version that waits;
 * - `keep`: files of the build the page loaded before the worker controlled it (the first visit),
 *   to be kept as if they had been fetched through it.
 */
export type WorkerMessage = { type: 'skip-waiting' } | { type: 'keep'; urls: string[] };
