import { type Placeholder, sql } from 'drizzle-orm';
import type { Db } from './client.ts';

interface Executable {
  execute(values?: Record<string, unknown>): Promise<unknown>;
}

/**
 * Drizzle builds a query's SQL anew on every call, which for a wide join costs more than
 * PostgreSQL takes to run it. A hot query is built once per database and shape (`prepare` with
 * `sql.placeholder` for its values), and then only bound and run. `keyOf` names a shape: it
 * must tell apart every shape that `build` turns into different SQL, in a few characters (it
 * ends the statement's name, which PostgreSQL cuts at 63).
 */
export function preparedQuery<S, Q extends Executable>(
  name: string,
  build: (db: Db, shape: S, statementName: string) => Q,
  keyOf: (shape: S) => string = String,
): (db: Db, shape: S) => Q {
  const built = new WeakMap<Db, Map<string, Q>>();
  return (db, shape) => {
    let shapes = built.get(db);
    if (!shapes) {
      shapes = new Map();
      built.set(db, shapes);
    }
    const key = keyOf(shape);
    let query = shapes.get(key);
    if (!query) {
      query = build(db, shape, `${name}_${key}`);
      shapes.set(key, query);
    }
    return query;
  };
}

/**
 * A prepared query's LIMIT written into its text instead of bound: with `limit $n` the generic
 * plan assumes a tenth of the rows, costs more than any custom plan, and the statement is planned
 * again on every call (docs/decisions.md "Prepared statements on the embedded database"). Its
 * value belongs in the shape's key.
 */
export function literalLimit(limit: number): Placeholder {
  if (!Number.isInteger(limit) || limit < 0) throw new RangeError(`not a row count: ${limit}`);
  // Drizzle writes an SQL chunk given as the limit as it is.
  return sql.raw(String(limit)) as unknown as Placeholder;
}
