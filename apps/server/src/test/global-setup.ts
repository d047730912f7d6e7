import { randomBytes } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { type Database, openPostgres, usePglite } from '../db/client.ts';
import { seedDemo } from '../seed/seed.ts';
import { assertNoQueryOverlap, watchQueryOverlaps } from './pg-overlap-guard.ts';
import { adminQuery, findPostgres, withDatabase } from './postgres-admin.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteDump: string;
    postgres: { adminUrl: string; template: string } | { skipped: string };
  }
}

async function prepare(database: Database) {
  // The run fails here, before any test, when migrating or seeding sends a query to a busy client.
  watchQueryOverlaps();
  await database.migrate();
  await seedDemo(database.db);
  assertNoQueryOverlap();
}

/**
 * Migrates and seeds once per run: a PGlite dump that each test file loads, and a PostgreSQL
 * template database that each test file copies. Runs never share a database.
 */
export default async function setup(project: TestProject) {
  const runId = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;

  const pglite = new PGlite();
  const embedded = usePglite(pglite);
  await prepare(embedded);
  const dump = await pglite.dumpDataDir('gzip');
  const dumpFile = path.join(os.tmpdir(), `jewel-test-${runId}.tar.gz`);
  await writeFile(dumpFile, Buffer.from(await dump.arrayBuffer()));
  await embedded.close();
  project.provide('pgliteDump', dumpFile);

  const found = await findPostgres();
  if ('reason' in found) {
    if (process.env.REQUIRE_POSTGRES === '1')
      throw new Error(`PostgreSQL is required but unreachable: ${found.reason}`);
    project.provide('postgres', { skipped: found.reason });
    return;
  }
  const template = `jewel_tpl_${runId}`;
  await adminQuery(found.url, `create database ${template}`);
  const database = openPostgres(withDatabase(found.url, template), 2);
  await prepare(database);
  await database.close();
  project.provide('postgres', { adminUrl: found.url, template });

  return async () => {
    const rows = await adminQuery<{ datname: string }>(
      found.url,
      `select datname from pg_database where datname like 'jewel_%${runId}%' order by datname desc`,
    );
    for (const { datname } of rows) {
      await adminQuery(found.url, `drop database if exists ${datname} with (force)`);
    }
  };
}
