import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { MANIFEST, type Manifest, restoreBackup } from '../features/operations/backup.ts';
import { localStorage } from '../plugins/external/storage.ts';
import { adminQuery, withDatabase } from '../test/postgres-admin.ts';
import { bearer } from '../test/test-app.ts';
import { type Database, openPostgres } from './client.ts';

/**
 * Migration 0043 on a one-shop database made before branches (issue 32, docs/adr/0105 "The
 * migration, tested on a backup"): the demo data with a morning of work, backed up at commit
 * 27f5349 with the operator's `backup` command (test/fixtures/demo-backup-before-branches,
 * README.md there), restored with the operator's restore code into a fresh database and migrated
 * as the server does when it starts. Every record goes to the first branch, every member of the
 * staff works there, and the shop reads as it did.
 */

const FIXTURE = fileURLToPath(new URL('../../test/fixtures/demo-backup-before-branches', import.meta.url));
/** The test key the fixture's identity numbers are sealed with (README.md there): fake data only. */
const FIXTURE_IDENTITY_KEY = '0'.repeat(64);
/** The fixture's people: the demo's five members of the staff and one guest, who came through a link. */
const STAFF = [1, 2, 3, 4, 5];
const GUESTS = [6];

const postgres = inject('postgres');
const skipped = 'skipped' in postgres ? postgres.skipped : null;

describe.skipIf(skipped)(
  `migration 0043 on a backup of the demo data made before branches${skipped ? ` (skipped: PostgreSQL unreachable: ${skipped})` : ''}`,
  () => {
    if (skipped) return;
    const { adminUrl, template } = postgres as { adminUrl: string; template: string };
    // Named after the run's template: the run's teardown drops it should this file not get to.
    const name = `${template.replace('jewel_tpl_', 'jewel_branches_')}_${randomBytes(4).toString('hex')}`;
    const url = withDatabase(adminUrl, name);
    let dataDir = '';
    let manifest: Manifest;
    let database: Database;
    /** The ledger as restored, before the migration, over the columns it had then. */
    let ledgerBefore: unknown[] = [];
    let ledgerColumns: string[] = [];

    const query = <Row>(text: string) => adminQuery<Row>(url, text);

    beforeAll(async () => {
      manifest = JSON.parse(await readFile(path.join(FIXTURE, MANIFEST), 'utf8')) as Manifest;
      dataDir = await mkdtemp(path.join(os.tmpdir(), 'jewel-branches-'));
      await adminQuery(adminUrl, `create database ${name}`);
      const config = { ...loadConfig({ DATA_DIR: dataDir, IDENTITY_KEY: FIXTURE_IDENTITY_KEY }), databaseUrl: url };
      await restoreBackup(FIXTURE, { config, storage: localStorage(path.join(dataDir, 'uploads')) });

      // What the ledger held before branches, column by column (a later migration may add some).
      ledgerColumns = (
        await query<{ name: string }>(
          `select column_name as name from information_schema.columns
           where table_schema = 'public' and table_name = 'ledger_entries' order by ordinal_position`,
        )
      ).map((row) => row.name);
      ledgerBefore = await query(ledgerSelect(ledgerColumns));

      // As server.ts does when it starts.
      database = openPostgres(url, 4);
      await database.migrate();
    }, 60_000);

    afterAll(async () => {
      await database?.close();
      await adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
      await rm(dataDir, { recursive: true, force: true });
    });

    it('was taken before branches: no branch table, no branch column', () => {
      expect(manifest.database).toBe('postgres');
      expect(Object.keys(manifest.tables)).not.toContain('public.branches');
      expect(Object.keys(manifest.tables)).not.toContain('public.staff_branches');
      // The records the migration must place, there to be placed.
      for (const table of ['commodities', 'enrollments', 'sessions', 'temporary_links', 'customers', 'shop_changes']) {
        expect(manifest.tables[`public.${table}`], table).toBeGreaterThan(0);
      }
    });

    it("puts every record with a branch in branch 1, keeps every table's rows, and leaves the shop's own changes to no branch", async () => {
      const tables = (
        await query<{ table: string }>(
          `select table_name as table from information_schema.columns
           where table_schema = 'public' and column_name = 'branch_id' order by 1`,
        )
      ).map((row) => row.table);
      // The records of issue 32's first step at least; the ledger's may join them.
      expect(tables).toEqual(
        expect.arrayContaining([
          'commodities',
          'customers',
          'enrollments',
          'sessions',
          'shop_changes',
          'staff_branches',
          'temporary_links',
        ]),
      );
      for (const table of tables) {
        const [row] = await query<{ rows: number; first: number; other: number; none: number }>(
          `select count(*)::int as rows,
                  count(*) filter (where branch_id = 1)::int as first,
                  count(*) filter (where branch_id <> 1)::int as other,
                  count(*) filter (where branch_id is null)::int as none
           from "${table}"`,
        );
        const expected = table === 'shop_changes' ? { first: 0, other: 0, none: row?.rows } : { first: row?.rows };
        expect({ table, ...row }, table).toMatchObject({ table, other: 0, none: 0, ...expected });
        const before = manifest.tables[`public.${table}`];
        if (before !== undefined) expect({ table, rows: row?.rows }).toEqual({ table, rows: before });
      }

      // Every table that was there keeps its rows (the migrations' journal gains 0043 and later).
      for (const [table, before] of Object.entries(manifest.tables)) {
        if (table === 'drizzle.__drizzle_migrations') continue;
        const [schema, bare] = table.split('.');
        const [row] = await query<{ n: number }>(`select count(*)::int as n from "${schema}"."${bare}"`);
        expect({ table, rows: row?.n }).toEqual({ table, rows: before });
      }
    });

    it('makes one branch, branch 1, with every detail null: the shop’s', async () => {
      const rows = await query<{ branch: Record<string, unknown> }>('select to_jsonb(b) as branch from branches b');
      expect(rows).toHaveLength(1);
      const { created_at: createdAt, ...branch } = rows[0]?.branch ?? {};
      expect(createdAt).toEqual(expect.any(String));
      expect(branch).toEqual({
        id: 1,
        name: null,
        address: null,
        phone: null,
        licence_no: null,
        time_zone: null,
        currency: null,
        closed_at: null,
      });
      // The next branch opened is branch 2.
      const [next] = await query<{ n: number }>("select nextval(pg_get_serial_sequence('branches', 'id'))::int as n");
      expect(next?.n).toBe(2);
    });

    it('makes every member of the staff work at branch 1 and only there, and no guest', async () => {
      const users = await query<{ id: number; is_tmp: boolean }>('select id, is_tmp from users order by id');
      expect(users.filter((user) => !user.is_tmp).map((user) => user.id)).toEqual(STAFF);
      expect(users.filter((user) => user.is_tmp).map((user) => user.id)).toEqual(GUESTS);
      const rows = await query<{ user_id: number; branch_id: number }>(
        'select user_id, branch_id from staff_branches order by user_id, branch_id',
      );
      expect(rows).toEqual(STAFF.map((id) => ({ user_id: id, branch_id: 1 })));
    });

    it("signs the demo's recorder in at branch 1, named as the app, with every item of the backup", async () => {
      const config = loadConfig({
        DATA_DIR: dataDir,
        IDENTITY_KEY: FIXTURE_IDENTITY_KEY,
        JWT_SECRET: 'test-secret-0123456789abcdef',
        WEB_DIST: '/nonexistent',
      });
      const app = await buildApp({ config, database, logger: false });
      try {
        await app.ready();
        const login = await app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { mobile: '13800000001', password: 'demo123456' },
        });
        expect(login.statusCode, login.body).toBe(200);
        const headers = { ...bearer(JSON.parse(login.body).data.token), lang: 'en' };
        const info = JSON.parse((await app.inject({ method: 'GET', url: '/api/user/info', headers })).body).data;
        // The demo shop has no name of its own: the first branch reads the app's.
        expect(info.branch).toEqual({ id: 1, name: 'Jewel Appraisal' });
        expect(info.branches).toEqual([{ id: 1, name: 'Jewel Appraisal' }]);

        const list = await app.inject({ method: 'GET', url: '/api/commodities?limit=50', headers });
        expect(list.statusCode, list.body).toBe(200);
        const items = JSON.parse(list.body).data.items as { id: number }[];
        expect(manifest.tables['public.commodities']).toBe(4);
        expect(items.map((item) => item.id).sort()).toEqual([1, 2, 3, 4]);
      } finally {
        await app.close();
      }
    });

    it("keeps the demo's ledger entries as they were", async () => {
      expect(ledgerBefore).toHaveLength(1);
      expect(ledgerBefore[0]).toMatchObject({
        commodity_no: expect.stringMatching(/^C\d{8}-0001$/),
        price: '21000.00',
        currency: 'CNY',
        quantity: '1',
      });
      expect(await query(ledgerSelect(ledgerColumns))).toEqual(ledgerBefore);
      // Now the first branch's ledger, numbered in the order the entries were written.
      expect(await query('select branch_id, branch_no from ledger_entries order by id')).toEqual([
        { branch_id: 1, branch_no: 1 },
      ]);
    });
  },
);

/** The ledger's rows over `columns`, in order, each value as the database prints it. */
function ledgerSelect(columns: string[]) {
  return `select ${columns.map((column) => `"${column}"::text as "${column}"`).join(', ')} from ledger_entries order by id`;
}
