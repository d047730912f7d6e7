/**
 * The queries a server call runs on PostgreSQL, as pg receives them: for the benchmarks that run
 * them again on their own (bench:api's "database alone") or EXPLAIN them (bench:growth).
 */
import pg from 'pg';
import { type Db, openPostgres } from '../apps/server/src/db/client.ts';

/** One query as the server hands it to pg: its prepared statement's name, text, values and row mode. */
export type Statement = pg.QueryConfig;

/**
 * The queries a server call runs, captured where pg receives them (the server's own database code,
 * in this process, on one connection): the same text, parameters and statement names, not a copy.
 */
export async function captureQueries(url: string, call: (db: Db) => Promise<unknown>): Promise<Statement[]> {
  const captured: Statement[] = [];
  const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
  const record = function (this: pg.Client, config: unknown, values?: unknown, callback?: unknown) {
    if (typeof config === 'object' && config !== null && 'text' in config) {
      const statement = config as Statement;
      captured.push({ ...statement, values: (Array.isArray(values) ? values : statement.values) ?? [] });
    }
    return query.call(this, config, values, callback);
  };
  (pg.Client.prototype as { query: unknown }).query = record;
  const database = openPostgres(url, 1);
  try {
    await call(database.db);
  } finally {
    (pg.Client.prototype as { query: unknown }).query = query;
    await database.close();
  }
  return captured;
}
