/**
 * Where the journeys' servers listen: one per Playwright worker, E2E_PORT (4173), 4273, …, so
 * that journeys in parallel never share a database. E2E_WORKERS sets how many: 1 by default (one
 * journey file needs no second server), 2 in `npm test` (package.json `test:e2e`).
 */
export const E2E_WORKERS = Number(process.env.E2E_WORKERS ?? 1);

const firstPort = Number(process.env.E2E_PORT ?? 4173);

export function serverPort(workerSlot: number): number {
  return firstPort + 100 * workerSlot;
}

/** The server of a worker slot (`testInfo.parallelIndex`). */
export function serverURL(workerSlot: number): string {
  return `http://127.0.0.1:${serverPort(workerSlot)}`;
}
