import { createHash } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  PGlite,
  parse as pgliteParse,
  protocol,
  type QueryOptions,
  type Results,
  type Transaction,
} from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema.ts';

export type Schema = typeof schema;
/** The one database type the features use, whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type DatabaseKind = 'pglite' | 'postgres';

/** Stops listening. */
export type Unlisten = () => Promise<void>;

export interface ListenHandlers {
  /** One NOTIFY payload on the channel, delivered once the sending transaction committed. */
  message(payload: string): void;
  /**
   * The listening connection was lost and is back: notifications sent meanwhile are lost, so
   * whatever they keep up to date should be refreshed.
   */
  reconnected?(): void;
  error?(error: unknown): void;
}

/** PostgreSQL's connection pool at this moment (pg's Pool counts). */
export interface PoolStats {
  /** The most connections the pool opens (DATABASE_POOL_SIZE). */
  max: number;
  /** Connections open, busy or idle. */
  total: number;
  idle: number;
  /** Queries waiting for a connection: the pool is exhausted. */
  waiting: number;
}

export interface Database {
  db: Db;
  kind: DatabaseKind;
  /** PostgreSQL's connection string, which a backup gives pg_dump; absent for PGlite. */
  connectionString?: string;
  /**
   * The pool's counts (PostgreSQL); absent for PGlite, one connection inside the process, whose
   * queries wait on its lock instead (the metrics say nothing about it).
   */
  poolStats?(): PoolStats;
  migrate(): Promise<void>;
  /**
   * LISTEN on one channel through one dedicated connection (PostgreSQL) or the embedded
   * database itself (PGlite). PostgreSQL's connection is reopened when it drops.
   */
  listen(channel: string, handlers: ListenHandlers): Promise<Unlisten>;
  close(): Promise<void>;
}

const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));

function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/** A connection of its own that LISTENs, reconnecting with a capped backoff when it drops. */
async function listenPostgres(url: string, channel: string, handlers: ListenHandlers): Promise<Unlisten> {
  let client: pg.Client | null = null;
  let stopped = false;
  let retryTimer: NodeJS.Timeout | undefined;
  let attempt = 0;

  async function connect(): Promise<void> {
    const next = new pg.Client({ connectionString: url, keepAlive: true });
    next.on('notification', (message) => {
      if (message.channel === channel) handlers.message(message.payload ?? '');
    });
    next.on('error', (error) => {
      handlers.error?.(error);
      lost(next);
    });
    next.on('end', () => lost(next));
    await next.connect();
    await next.query(`listen ${quoteIdentifier(channel)}`);
    if (stopped) {
      await next.end();
      return;
    }
    client = next;
    attempt = 0;
  }

  function lost(which: pg.Client) {
    if (client !== which || stopped) return;
    client = null;
    which.end().catch(() => {});
    scheduleReconnect();
  }

  function scheduleReconnect() {
    if (stopped) return;
    const delay = Math.min(30_000, 500 * 2 ** attempt);
    attempt += 1;
    retryTimer = setTimeout(() => {
      connect().then(
        () => {
          if (!stopped) handlers.reconnected?.();
        },
        (error) => {
          handlers.error?.(error);
          scheduleReconnect();
        },
      );
    }, delay);
    retryTimer.unref();
  }

  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retryTimer);
    const current = client;
    client = null;
    await current?.end().catch(() => {});
  };
}

const statementNames = new Map<string, string>();

/** A query text's statement name, hashed once per text. */
function statementName(text: string): string {
  let name = statementNames.get(text);
  if (!name) {
    name = `q${createHash('sha1').update(text).digest('base64url')}`;
    statementNames.set(text, name);
  }
  return name;
}

/**
 * Every query with parameters becomes a named prepared statement of its connection, named by its
 * text: PostgreSQL then parses and plans each shape of query once per connection instead of on
 * every request (planning a list's five-table join costs more than running it).
 */
function prepareParameterizedQueries(client: pg.PoolClient) {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as { query: unknown }).query = (config: unknown, values?: unknown, callback?: unknown) => {
    const text = typeof config === 'object' && config !== null ? (config as pg.QueryConfig).text : undefined;
    const params = Array.isArray(values) ? values : (config as pg.QueryConfig | undefined)?.values;
    if (text && !(config as pg.QueryConfig).name && params && params.length > 0) {
      return query({ ...(config as pg.QueryConfig), name: statementName(text) }, values, callback);
    }
    return query(config, values, callback);
  };
}

/** Every instance and the command line take this advisory lock around their migrations (retention's is 727_001). */
export const MIGRATION_LOCK_KEY = 727_002;

/**
 * Migrates on a connection of its own that holds the advisory lock meanwhile: instances starting
 * together migrate one after another, and the later ones find nothing left to do. The lock goes
 * with the connection, should the process die half-way.
 */
async function migratePostgres(url: string) {
  const client = new pg.Client({ connectionString: url });
  // A lost connection fails the migration's query; it must not also crash the process.
  client.on('error', () => {});
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migratePg(drizzlePg(client), { migrationsFolder });
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
  } finally {
    await client.end();
  }
}

export function openPostgres(url: string, max = 10): Database {
  const pool = new pg.Pool({ connectionString: url, max });
  pool.on('connect', (client) => {
    prepareParameterizedQueries(client);
    // A connection the server ends (a restart, a dropped database) must not take the process down:
    // a query on it fails on its own, and the pool opens a new connection for the next one.
    client.on('error', () => {});
  });
  pool.on('error', () => {});
  const db = drizzlePg(pool, { schema });
  const listeners = new Set<Unlisten>();
  return {
    db: db as unknown as Db,
    kind: 'postgres',
    connectionString: url,
    poolStats: () => ({ max, total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    migrate: () => migratePostgres(url),
    async listen(channel, handlers) {
      const stop = await listenPostgres(url, channel, handlers);
      const unlisten = async () => {
        listeners.delete(unlisten);
        await stop();
      };
      listeners.add(unlisten);
      return unlisten;
    },
    async close() {
      await Promise.all([...listeners].map((unlisten) => unlisten()));
      await pool.end();
    },
  };
}

type PgliteQuery = (text: string, params?: unknown[], options?: QueryOptions) => Promise<Results>;

/**
 * The embedded database's counterpart of `prepareParameterizedQueries`. PGlite's `query` parses
 * and plans every call anew (an unnamed statement), and in WebAssembly planning the list's or the
 * detail's join took 5–10 times as long as running it (docs/decisions.md "Prepared statements on
 * the embedded database"). Every query with parameters becomes a named prepared statement, parsed
 * once per text; each call only binds and runs it, through PGlite's own protocol messages, locks
 * and result parser, as its `query` does.
 */
function preparePgliteQueries(client: PGlite) {
  const { serialize } = protocol;
  /** The parameter types of each statement parsed on this database, by its text. */
  const parsed = new Map<string, number[]>();
  const send = (message: Uint8Array) => client.execProtocolStream(message, { syncToFs: false });

  // Runs under PGlite's query lock, like its own queries; messages sent one by one, Sync last.
  const run = (text: string, params: unknown[], options: QueryOptions | undefined) =>
    client._runExclusiveQuery(async () => {
      const name = statementName(text);
      const messages = [];
      try {
        let types = parsed.get(text);
        if (!types) {
          messages.push(...(await send(serialize.parse({ name, text }))));
          const described = await send(serialize.describe({ type: 'S', name }));
          types =
            described.find(
              (message): message is InstanceType<typeof protocol.messages.ParameterDescriptionMessage> =>
                message.name === 'parameterDescription',
            )?.dataTypeIDs ?? [];
          parsed.set(text, types);
        }
        const values = params.map((value, i) => {
          if (value === null || value === undefined) return null;
          const type = types?.[i] ?? 0;
          const serializer = options?.serializers?.[type] ?? client.serializers[type];
          return serializer ? serializer(value) : String(value);
        });
        messages.push(...(await send(serialize.bind({ statement: name, values }))));
        messages.push(...(await send(serialize.describe({ type: 'P' }))));
        messages.push(...(await send(serialize.execute({}))));
      } finally {
        messages.push(...(await send(serialize.sync())));
      }
      // Given parsers of its own (drizzle gives some with every query), parseResults would copy
      // PGlite's 318 into a new object each time: a tenth of a detail's CPU. They are layered on
      // PGlite's instead, which a lookup by type reaches through the prototype.
      if (!options?.parsers) return pgliteParse.parseResults(messages, client.parsers, options)[0] as Results;
      const parsers = Object.assign(Object.create(client.parsers), options.parsers);
      return pgliteParse.parseResults(messages, parsers, { ...options, parsers: undefined })[0] as Results;
    });
  // What only PGlite's own path handles: no parameters, a file (COPY), parameter types given.
  const prepares = (params: unknown[] | undefined, options: QueryOptions | undefined): params is unknown[] =>
    !!params && params.length > 0 && !options?.blob && !options?.paramTypes;

  const query = client.query.bind(client) as PgliteQuery;
  (client as { query: PgliteQuery }).query = async (text, params, options) => {
    if (!prepares(params, options)) return query(text, params, options);
    await client._checkReady();
    // Outside a transaction: under the transaction lock too, and written to the file system after.
    const result = await client._runExclusiveTransaction(() => run(text, params, options));
    await client.syncToFs();
    return result;
  };
  const transaction = client.transaction.bind(client);
  (client as { transaction: unknown }).transaction = <T>(callback: (tx: Transaction) => Promise<T>) =>
    transaction((tx) => {
      const txQuery = tx.query.bind(tx) as PgliteQuery;
      (tx as { query: PgliteQuery }).query = (text, params, options) => {
        if (tx.closed || !prepares(params, options)) return txQuery(text, params, options);
        return run(text, params, options);
      };
      return callback(tx);
    });
}

/** Wraps an open PGlite (a data directory, memory, or a loaded dump). */
export function usePglite(client: PGlite): Database {
  preparePgliteQueries(client);
  const db = drizzlePglite(client, { schema });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder }),
    async listen(channel, handlers) {
      const unlisten = await client.listen(channel, handlers.message);
      return async () => {
        if (!client.closed) await unlisten();
      };
    },
    close: () => client.close(),
  };
}

export async function openPglite(dataDir: string): Promise<Database> {
  await mkdir(dataDir, { recursive: true });
  return usePglite(await PGlite.create(path.resolve(dataDir)));
}
