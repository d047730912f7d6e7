import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { adminQuery, withDatabase } from '../test/postgres-admin.ts';
import { MIGRATION_LOCK_KEY, openPostgres } from './client.ts';

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
        await new Promise((resolve) => setTimeout(resolve, 300));
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
