/**
 * Whether an error says the database cannot be reached (a connection refused, ended or
 * impossible), not that a query was wrong: the call then answers 503 `notReady` with
 * Retry-After, as the readiness check does, instead of 500.
 */

/** PostgreSQL SQLSTATEs of a server or connection that is gone or refuses us. */
const UNAVAILABLE_STATES = new Set([
  '57P01', // admin_shutdown: terminated by an administrator, or the server shuts down
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up, shutting down, in recovery
  '53300', // too_many_connections
  '08000', // connection_exception
  '08001', // sqlclient_unable_to_establish_sqlconnection
  '08003', // connection_does_not_exist
  '08004', // sqlserver_rejected_establishment_of_sqlconnection
  '08006', // connection_failure
  '3D000', // invalid_catalog_name: the database is gone
  '28000', // invalid_authorization_specification
  '28P01', // invalid_password
]);

/** Node's socket errors on the way to the database. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);

/** What node-postgres and PGlite say when no connection can answer. */
const UNAVAILABLE_MESSAGE =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed and is not queryable|Cannot use a pool after calling end on the pool|PGlite is closed)/;

function isUnavailable(error: { code?: unknown; message?: unknown }): boolean {
  const code = typeof error.code === 'string' ? error.code : '';
  const message = typeof error.message === 'string' ? error.message : '';
  if (UNAVAILABLE_STATES.has(code) || SOCKET_CODES.has(code)) return true;
  // 55000 is any "object not in prerequisite state"; this one is a database closed to connections.
  if (code === '55000' && message.includes('not currently accepting connections')) return true;
  return UNAVAILABLE_MESSAGE.test(message);
}

/** Looks through the error and its causes (Drizzle wraps the driver's error in its own). */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth += 1) {
    if (isUnavailable(current)) return true;
    // Node's AggregateError when every address of the host refused.
    const { errors } = current as { errors?: unknown };
    if (Array.isArray(errors) && errors.some((inner) => typeof inner === 'object' && inner && isUnavailable(inner))) {
      return true;
    }
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
