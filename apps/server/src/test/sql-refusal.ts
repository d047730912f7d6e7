import { expect } from 'vitest';

/**
 * What the database says when it refuses a statement: its SQLSTATE, its message, and, for an
 * error raised in PL/pgSQL, the function that raised it (the `where` of the error, "PL/pgSQL
 * function ledger_entries_immutable() line 25 at RAISE").
 */
export interface SqlRefusal {
  code: string;
  message: string;
  /** The PL/pgSQL function (a trigger's) that raised it, when it matters which one did. */
  raisedBy?: string;
}

/** The refusal of the immutable ledger's triggers (drizzle/0019, drizzle/0017). */
export const LEDGER_IMMUTABLE = { code: '23001', message: 'ledger entries are immutable' } as const;
/** The refusal of the subtotal versions' trigger (drizzle/0006). */
export const SUBTOTAL_VERSIONS_IMMUTABLE = { code: '23001', message: 'subtotal versions are immutable' } as const;

interface DriverError {
  code?: unknown;
  message?: unknown;
  where?: unknown;
  cause?: unknown;
}

/**
 * The driver's error under whatever wraps it: drizzle wraps it in a DrizzleQueryError whose
 * `cause` it is; PGlite and node-postgres both report the SQLSTATE as a five-character `code`.
 */
function driverError(error: unknown): DriverError | undefined {
  for (let e = error as DriverError | undefined, depth = 0; e && depth < 8; e = e.cause as never, depth++) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e;
  }
  return undefined;
}

/**
 * Awaits `statement` and asserts the database refused it with exactly this SQLSTATE and message
 * (and, when given, from this PL/pgSQL function): a syntax error, a missing column or a
 * constraint somewhere else does not pass for the refusal under test.
 */
export async function expectSqlRefusal(statement: Promise<unknown>, expected: SqlRefusal): Promise<void> {
  const outcome = await statement.then(
    () => ({ refused: false as const }),
    (error: unknown) => ({ refused: true as const, error }),
  );
  expect(outcome.refused, 'the statement was expected to be refused').toBe(true);
  if (!outcome.refused) return;
  const found = driverError(outcome.error);
  expect(found, `no SQLSTATE in ${String(outcome.error)}`).toBeDefined();
  const seen: SqlRefusal = { code: String(found?.code), message: String(found?.message) };
  const wanted: SqlRefusal = { code: expected.code, message: expected.message };
  if (expected.raisedBy !== undefined) {
    const where = typeof found?.where === 'string' ? found.where : '';
    seen.raisedBy = /PL\/pgSQL function (\w+)\(/.exec(where)?.[1] ?? where;
    wanted.raisedBy = expected.raisedBy;
  }
  expect(seen).toEqual(wanted);
}
