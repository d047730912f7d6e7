import { readFileSync } from 'node:fs';

/** The server's version, its package's: what `/api/health` and the operations page say. */
export const SERVER_VERSION: string = (
  JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }
).version;

/** When this process started. */
export const STARTED_AT = new Date();
