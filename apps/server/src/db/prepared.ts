import type { Db } from './client.ts';

interface Executable {
  execute(values?: Record<string, unknown>): Promise<unknown>;
}

/**
 * Drizzle builds a query's SQL anew on every call, which for a wide join costs more than
 * PostgreSQL takes to run it. A hot query is built once per database and variant (`prepare`
 * with `sql.placeholder` for its values), and then only bound and run.
 */
export function preparedQuery<V extends string, Q extends Executable>(
  name: string,
  build: (db: Db, variant: V, statementName: string) => Q,
): (db: Db, variant: V) => Q {
  const built = new WeakMap<Db, Map<V, Q>>();
  return (db, variant) => {
    let variants = built.get(db);
    if (!variants) {
      variants = new Map();
      built.set(db, variants);
    }
    let query = variants.get(variant);
    if (!query) {
      query = build(db, variant, `${name}_${variant}`);
      variants.set(variant, query);
    }
    return query;
  };
}
