/**
 * True when `error` (or one of its causes: drizzle wraps the driver's error) is PostgreSQL's
 * unique violation on `constraint`. Two submits racing with one idempotency key meet there.
 */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  for (let e = error as { code?: string; constraint?: string; cause?: unknown } | undefined; e; e = e.cause as never) {
    if (e.code === '23505') return e.constraint === undefined || e.constraint === constraint;
  }
  return false;
}
