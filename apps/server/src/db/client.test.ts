import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { adminQuery, withDatabase } from '../test/postgres-admin.ts';
import { MIGRATION_LOCK_KEY, openPostgres, usePglite } from './client.ts';

const postgres = inject('postgres');
const skipped = 'skipped' in postgres ? postgres.skipped : null;

/** Instances that start together on one PostgreSQL database, each migrating at start-up. */
describe.skipIf(skipped)(
  `migrations on PostgreSQL${skipped ? ` (skipped: PostgreSQL unreachable: ${skipped})` : ''}`,
  () => {
    if (skipped) return;
    const { adminUrl } = postgres as { adminUrl: string };
    const name = `jewel_migrate_${randomBytes(4).toString('hex')}`;
    const url = withDatabase(adminUrl, name);
    beforeAll(() => adminQuery(adminUrl, `create database ${name}`));
    afterAll(() => adminQuery(adminUrl, `drop database if exists ${name} with (force)`));

    it('run once when three instances start together on an empty database, the others waiting for the lock', async () => {
      // The lock held elsewhere: no instance migrates until it is released.
      const holder = new pg.Client({ connectionString: url });
      await holder.connect();
      await holder.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
      const instances = [1, 2, 3].map(() => openPostgres(url, 1));
      try {
        const settled = Promise.allSettled(instances.map((instance) => instance.migrate()));
        // Wait until all three are queued on the lock (not a fixed sleep, which a slow machine
        // outruns): each then holds a connection whose advisory lock request is not granted.
        const waiting = async () =>
          (
            await holder.query<{ n: number }>(
              `select count(*)::int as n from pg_locks
                where locktype = 'advisory' and objid = $1 and not granted
                  and database = (select oid from pg_database where datname = current_database())`,
              [MIGRATION_LOCK_KEY],
            )
          ).rows[0]?.n;
        await expect.poll(waiting, { timeout: 20_000, interval: 25 }).toBe(3);
        const [schema] = await adminQuery<{ found: boolean }>(
          url,
          "select exists (select 1 from pg_namespace where nspname = 'drizzle') as found",
        );
        expect(schema?.found).toBe(false);

        await holder.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
        expect((await settled).map((result) => result.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);
      } finally {
        await holder.end();
        await Promise.all(instances.map((instance) => instance.close()));
      }

      const journal = JSON.parse(await readFile(new URL('../../drizzle/meta/_journal.json', import.meta.url), 'utf8'));
      const applied = await adminQuery<{ n: number }>(
        url,
        'select count(*)::int as n from drizzle.__drizzle_migrations',
      );
      expect(applied[0]?.n).toBe(journal.entries.length);
      // Nobody holds the lock any longer.
      const locks = await adminQuery<{ n: number }>(
        url,
        `select count(*)::int as n from pg_locks where locktype = 'advisory' and objid = ${MIGRATION_LOCK_KEY}`,
      );
      expect(locks[0]?.n).toBe(0);
    });
  },
);

/** PGlite's queries with parameters run as named prepared statements (docs/decisions.md). */
describe('prepared statements on the embedded database', () => {
  const client = new PGlite();
  const database = usePglite(client);
  beforeAll(() => client.exec('create table items (id serial primary key, name text not null unique, at timestamptz)'));
  afterAll(() => database.close());
  const statements = async () =>
    (await client.query<{ statement: string }>('select statement from pg_prepared_statements order by statement')).rows;

  it("parses each text once, and answers as PGlite's own query does", async () => {
    const at = new Date('2026-11-26T10:00:00.123Z');
    await client.query('insert into items (name, at) values ($1, $2)', ['ring', at]);
    await client.query('insert into items (name, at) values ($1, $2)', ['chain', null]);
    const read = await client.query<{ id: number; name: string; at: Date | null }>(
      'select id, name, at from items where name = any($1) order by id',
      [['ring', 'chain']],
    );
    expect(read.rows).toEqual([
      { id: 1, name: 'ring', at },
      { id: 2, name: 'chain', at: null },
    ]);
    expect(read.fields.map((field) => field.name)).toEqual(['id', 'name', 'at']);
    const asArrays = await client.query('select name from items where id = $1', [2], { rowMode: 'array' });
    expect(asArrays.rows).toEqual([['chain']]);
    // A query's own parsers replace PGlite's for their types only, as drizzle's keep timestamps as text.
    const ownParsers = await client.query('select id, at from items where id = $1', [1], {
      parsers: { 1184: (value: string) => `text ${value}` },
    });
    expect(ownParsers.rows).toEqual([{ id: 1, at: expect.stringMatching(/^text 2026-11-26 \d\d:00:00\.123/) }]);
    expect((await statements()).map((row) => row.statement)).toEqual([
      'insert into items (name, at) values ($1, $2)',
      'select id, at from items where id = $1',
      'select id, name, at from items where name = any($1) order by id',
      'select name from items where id = $1',
    ]);
    // Without parameters, PGlite's own path.
    expect((await client.query<{ n: number }>('select count(*)::int as n from items')).rows).toEqual([{ n: 2 }]);
    expect(await statements()).toHaveLength(4);
  });

  it('keeps the database usable after a failed statement, in a transaction or not, and parses a bad text again', async () => {
    const failure = await client.query('insert into items (name) values ($1)', ['ring']).catch((error) => error);
    expect(failure).toMatchObject({ code: '23505' });
    await expect(client.query('select nothing from items where id = $1', [1])).rejects.toMatchObject({ code: '42703' });
    await expect(client.query('select nothing from items where id = $1', [1])).rejects.toMatchObject({ code: '42703' });
    await expect(
      client.transaction(async (tx) => {
        await tx.query('insert into items (name) values ($1)', ['bracelet']);
        await tx.query('insert into items (name) values ($1)', ['ring']);
      }),
    ).rejects.toMatchObject({ code: '23505' });
    await client.transaction(async (tx) => {
      await tx.query('insert into items (name) values ($1)', ['watch']);
    });
    const names = await client.query<{ name: string }>('select name from items where id > $1 order by id', [0]);
    expect(names.rows.map((row) => row.name)).toEqual(['ring', 'chain', 'watch']);
  });

  it('runs concurrent queries and transactions one at a time, as PGlite does', async () => {
    await Promise.all([
      client.transaction(async (tx) => {
        await tx.query('update items set at = $1 where name = $2', [new Date(0), 'ring']);
        await new Promise((resolve) => setTimeout(resolve, 20));
        await tx.query('update items set at = null where name = $1', ['ring']);
      }),
      // Not inside the other transaction: it sees the ring before or after it, never half-way.
      client.query<{ at: Date | null }>('select at from items where name = $1', ['ring']).then(({ rows }) => {
        expect(rows[0]?.at?.getTime() ?? 'null').not.toBe(0);
      }),
    ]);
  });
});
