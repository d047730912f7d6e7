import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { DestinationStream } from 'pino';
import { afterAll, beforeAll, describe, inject } from 'vitest';
import { buildApp } from '../app.ts';
import { type Config, loadConfig } from '../config.ts';
import { type Database, type DatabaseKind, openPostgres, usePglite } from '../db/client.ts';
import { adminQuery, withDatabase } from './postgres-admin.ts';

export const DEMO_PASSWORD = 'demo123456';
export const DEMO = { recorder: '13800000001', valuer1: '13800000002', valuer2: '13800000003', valuer3: '13800000004' };

/** A copy of the run's seeded database, or with `empty` a migrated one with nothing in it (a shop not set up). */
async function openTestDatabase(kind: DatabaseKind, empty: boolean): Promise<Database> {
  if (kind === 'pglite') {
    if (empty) {
      const database = usePglite(await PGlite.create());
      await database.migrate();
      return database;
    }
    const dump = await readFile(inject('pgliteDump'));
    return usePglite(await PGlite.create({ loadDataDir: new Blob([dump]) }));
  }
  const postgres = inject('postgres');
  if ('skipped' in postgres) throw new Error('PostgreSQL is not available');
  const name = `${postgres.template.replace('jewel_tpl_', 'jewel_t_')}_${randomBytes(4).toString('hex')}`;
  await adminQuery(postgres.adminUrl, `create database ${name}${empty ? '' : ` template ${postgres.template}`}`);
  const database = openPostgres(withDatabase(postgres.adminUrl, name), 4);
  if (empty) await database.migrate();
  return {
    ...database,
    async close() {
      await database.close();
      await adminQuery(postgres.adminUrl, `drop database if exists ${name} with (force)`);
    },
  };
}

export interface TestContext {
  kind: DatabaseKind;
  app: FastifyInstance;
  config: Config;
  /** Signs in and answers the access token. */
  login(mobile: string, password?: string): Promise<string>;
  // biome-ignore lint/suspicious/noExplicitAny: tests read answers loosely and assert on them
  json<T = any>(response: LightMyRequestResponse): T;
}

/**
 * Runs a suite once on PGlite and once on PostgreSQL, each with its own fresh, migrated and
 * seeded database (with `empty`, migrated only: a shop not yet set up). Where PostgreSQL is unreachable that half is skipped and says why
 * (CI sets REQUIRE_POSTGRES=1, which turns the skip into a failure at setup).
 */
export function describeOnDatabases(
  name: string,
  suite: (ctx: TestContext) => void,
  overrides: Partial<Config> = {},
  /** Where the app logs; nowhere when absent. */
  logTo?: DestinationStream,
  { empty = false }: { empty?: boolean } = {},
) {
  const postgres = inject('postgres');
  const kinds: DatabaseKind[] = ['pglite', 'postgres'];
  for (const kind of kinds) {
    const skipped = kind === 'postgres' && 'skipped' in postgres ? postgres.skipped : null;
    const title = `${name} [${kind}]`;
    if (skipped) {
      describe.skip(`${title} (skipped: PostgreSQL unreachable: ${skipped})`, () => {});
      continue;
    }
    describe(title, () => {
      const ctx = { kind } as TestContext;
      let dataDir = '';
      beforeAll(async () => {
        dataDir = await mkdtemp(path.join(os.tmpdir(), 'jewel-data-'));
        ctx.config = {
          ...loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 'test-secret-0123456789abcdef', WEB_DIST: '/nonexistent' }),
          ...overrides,
        };
        const database = await openTestDatabase(kind, empty);
        ctx.app = await buildApp({ config: ctx.config, database, logger: logTo ?? false });
        await ctx.app.ready();
      });
      afterAll(async () => {
        await ctx.app?.close();
        await ctx.app?.database.close();
        await rm(dataDir, { recursive: true, force: true });
      });
      ctx.json = (response) => JSON.parse(response.body);
      ctx.login = async (mobile, password = DEMO_PASSWORD) => {
        const response = await ctx.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { mobile, password },
        });
        if (response.statusCode !== 200) throw new Error(`login ${mobile} failed: ${response.body}`);
        return JSON.parse(response.body).data.token;
      };
      suite(ctx);
    });
  }
}

export function bearer(token: string) {
  return { authorization: `Bearer ${token}` };
}
