import { randomBytes } from 'node:crypto';
import { copyFile, mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { buildApp } from '../app.ts';
import { type Config, loadConfig } from '../config.ts';
import { type Database, openPglite, openPostgres } from '../db/client.ts';
import { MANIFEST, type Manifest, restoreBackup } from '../features/operations/backup.ts';
import { acquireDataDirLock } from '../lib/data-dir-lock.ts';
import { localStorage } from '../plugins/external/storage.ts';
import { prepareKit, registerAll, uploadPhoto, uploadPrivate } from '../test/commodity-kit.ts';
import { adminQuery, withDatabase } from '../test/postgres-admin.ts';
import { runCli } from '../test/server-process.ts';
import { bearer, describeOnDatabases, type TestContext } from '../test/test-app.ts';
import { sendCommand, serveCommands } from './command-socket.ts';
import { type CommandAnswer, runCommand } from './operator-commands.ts';

/** Every table's row count and content checksum, and every sequence's position. */
async function contents(database: Database) {
  const read = async <T>(text: string) => ((await database.db.execute(sql.raw(text))) as unknown as { rows: T[] }).rows;
  const tables = await read<{ schema: string; name: string }>(
    `select table_schema as schema, table_name as name from information_schema.tables
     where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema') order by 1, 2`,
  );
  const summary: Record<string, string> = {};
  for (const { schema, name } of tables) {
    const [row] = await read<{ count: number; sum: string }>(
      `select count(*)::int as count, coalesce(md5(string_agg(t::text, '|' order by t::text)), '') as sum
       from "${schema}"."${name}" t`,
    );
    summary[`${schema}.${name}`] = `${row?.count} rows ${row?.sum}`;
  }
  for (const row of await read<{ name: string; last: string | null }>(
    `select schemaname || '.' || sequencename as name, last_value::text as last from pg_sequences`,
  )) {
    summary[`sequence ${row.name}`] = String(row.last);
  }
  return summary;
}

/** The files of a local storage directory, by name. */
async function filesIn(dir: string) {
  const files = new Map<string, Buffer>();
  for (const name of await readdir(dir).catch(() => [])) files.set(name, await readFile(path.join(dir, name)));
  return files;
}

describeOnDatabases('backup and restore', (ctx: TestContext) => {
  let work = '';
  const scratch: string[] = [];
  const postgres = inject('postgres');
  const adminUrl = 'adminUrl' in postgres ? postgres.adminUrl : '';

  /** The test database's connection string (PostgreSQL), for pg_dump. */
  async function sourceUrl() {
    const [row] = (
      (await ctx.app.db.execute(sql`select current_database() as name`)) as unknown as { rows: { name: string }[] }
    ).rows;
    return withDatabase(adminUrl, row?.name ?? '');
  }

  /** A new empty database, dropped after the suite: the fresh place a PostgreSQL backup goes to. */
  async function emptyDatabase() {
    const template = 'template' in postgres ? postgres.template : 'jewel_tpl_x';
    const name = `${template.replace('jewel_tpl_', 'jewel_r_')}_${randomBytes(4).toString('hex')}`;
    await adminQuery(adminUrl, `create database ${name}`);
    scratch.push(name);
    return withDatabase(adminUrl, name);
  }

  /** A fresh DATA_DIR holding the source's identity key, as the operator prepares it. */
  async function freshDataDir() {
    const dir = await mkdtemp(path.join(work, 'fresh-'));
    await copyFile(path.join(ctx.config.dataDir, 'identity-key'), path.join(dir, 'identity-key'));
    return dir;
  }

  async function openRestored(dataDir: string, url: string | undefined) {
    return url ? openPostgres(url, 2) : openPglite(path.join(dataDir, 'pglite'));
  }

  beforeAll(async () => {
    work = await mkdtemp(path.join(os.tmpdir(), 'jewel-backup-'));
    const kit = await prepareKit(ctx);
    await registerAll(ctx, kit, [{}, { priority: 2 }]);
    await uploadPrivate(ctx, kit.recorder.token, 'document');
    await uploadPrivate(ctx, kit.recorder.token, 'signature');
  });

  afterAll(async () => {
    await rm(work, { recursive: true, force: true });
    for (const name of scratch) await adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
  });

  it('backs up through the running server and restores every row and photo into a fresh place', async () => {
    const before = await contents(ctx.app.database);
    const photos = await filesIn(path.join(ctx.config.dataDir, 'uploads'));
    expect(photos.size).toBeGreaterThanOrEqual(10);
    // Private uploads (`p-…`) are served only through signed links.
    const publicPhoto = [...photos.keys()].find((name) => !name.startsWith('p-')) ?? '';
    const backupDir = path.join(work, 'backup');

    // The embedded backup goes to the app's command socket, as the CLI sends it to server.ts;
    // the PostgreSQL one runs beside the app, as the CLI runs it. Restore is the CLI's own work
    // on the embedded database (under DATA_DIR's lock): there it runs as the operator runs it.
    const url = ctx.kind === 'postgres' ? await sourceUrl() : undefined;
    let backedUp: CommandAnswer;
    if (ctx.kind === 'pglite') {
      // As server.ts does: the app holds DATA_DIR and runs operator commands on its open database.
      const lock = acquireDataDirLock(ctx.config.dataDir, 'server');
      const stop = await serveCommands(
        ctx.config.dataDir,
        (request) => runCommand(ctx.app.database, request, { config: ctx.config, storage: ctx.app.storage }),
        pino({ enabled: false }),
      );
      try {
        const backup = sendCommand(ctx.config.dataDir, { command: 'backup', options: { args: [backupDir] } });
        // The app keeps answering meanwhile.
        const served = await ctx.app.inject({ method: 'GET', url: `/api/files/${publicPhoto}` });
        expect(served.statusCode).toBe(200);
        backedUp = await backup;
      } finally {
        await stop();
        lock.release();
      }
    } else {
      const context = { config: { ...ctx.config, databaseUrl: url }, storage: ctx.app.storage };
      backedUp = await runCommand(ctx.app.database, { command: 'backup', options: { args: [backupDir] } }, context);
    }
    expect(backedUp.output).toMatch(/backup written to .*identity key is not in it/s);
    expect(backedUp.status).toBe(0);
    const manifest = JSON.parse(await readFile(path.join(backupDir, MANIFEST), 'utf8')) as Manifest;
    expect(Object.keys(manifest.files).sort()).toEqual([...photos.keys()].sort());
    expect(manifest.missing_files).toEqual([]);

    const fresh = await freshDataDir();
    const target = url ? await emptyDatabase() : undefined;
    let restored: string;
    if (target) {
      const config = { ...loadConfig({ DATA_DIR: fresh }), databaseUrl: target };
      restored = await restoreBackup(backupDir, { config, storage: localStorage(path.join(fresh, 'uploads')) });
    } else {
      const run = await runCli(['restore', backupDir], { dataDir: fresh, env: { IDENTITY_KEY: '' } });
      expect(run.stderr).toBe('');
      expect(run.status).toBe(0);
      restored = run.stdout;
    }
    expect(restored).toMatch(/restored \d+ tables .* and \d+ of \d+ files/);

    const database = await openRestored(fresh, target);
    try {
      expect(await contents(database)).toEqual(before);
      const copies = await filesIn(path.join(fresh, 'uploads'));
      expect([...copies.keys()].sort()).toEqual([...photos.keys()].sort());
      for (const [name, bytes] of photos) expect(copies.get(name)?.equals(bytes), name).toBe(true);

      // A server starts on it: same users, same commodities, same photos.
      await database.migrate();
      const config: Config = loadConfig({ DATA_DIR: fresh, JWT_SECRET: 'x'.repeat(32), WEB_DIST: '/nonexistent' });
      const app = await buildApp({ config, database, logger: false });
      try {
        const login = await app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { mobile: '13800000001', password: 'demo123456' },
        });
        const token = JSON.parse(login.body).data.token as string;
        const list = (app: typeof ctx.app, token: string) =>
          app.inject({ method: 'GET', url: '/api/commodities', headers: { ...bearer(token), lang: 'en' } });
        const restoredList = JSON.parse((await list(app, token)).body).data;
        expect(restoredList.items.length).toBeGreaterThanOrEqual(2);
        expect(restoredList).toEqual(JSON.parse((await list(ctx.app, await ctx.login('13800000001'))).body).data);
        const served = await app.inject({ method: 'GET', url: `/api/files/${publicPhoto}` });
        expect(served.rawPayload.equals(photos.get(publicPhoto) as Buffer)).toBe(true);
      } finally {
        await app.close();
      }
    } finally {
      await database.close();
    }
  }, 60_000);

  it('a photo uploaded during the backup is in it with its file or not at all; restore takes only a fresh place and the same identity key', async () => {
    const token = await ctx.login('13800000001');
    const backupDir = path.join(work, 'busy-backup');
    const context = {
      config: { ...ctx.config, databaseUrl: ctx.kind === 'postgres' ? await sourceUrl() : undefined },
      storage: ctx.app.storage,
    };
    const [answer] = await Promise.all([
      runCommand(ctx.app.database, { command: 'backup', options: { args: [backupDir] } }, context),
      ...[1, 2, 3, 4].map((color) => uploadPhoto(ctx, token, color * 40)),
    ]);
    expect(answer?.status).toBe(0);

    const fresh = await freshDataDir();
    const target = ctx.kind === 'postgres' ? await emptyDatabase() : undefined;
    const freshConfig = { ...loadConfig({ DATA_DIR: fresh }), databaseUrl: target };
    const storage = localStorage(path.join(fresh, 'uploads'));

    // Another identity key is refused before anything is written.
    await expect(
      restoreBackup(backupDir, { config: { ...freshConfig, identityKey: randomBytes(32) }, storage }),
    ).rejects.toThrow(/identity key .* is not the one/);
    expect(await readdir(path.join(fresh, 'uploads')).catch(() => [])).toEqual([]);

    await restoreBackup(backupDir, { config: freshConfig, storage });
    const database = await openRestored(fresh, target);
    try {
      type Row = { name: string; thumb_name: string };
      const { rows } = (await database.db.execute(sql`select name, thumb_name from uploads`)) as unknown as {
        rows: Row[];
      };
      const source = path.join(ctx.config.dataDir, 'uploads');
      for (const name of rows.flatMap((row) => [row.name, row.thumb_name])) {
        const copy = await readFile(path.join(fresh, 'uploads', name));
        expect(copy.equals(await readFile(path.join(source, name))), name).toBe(true);
      }
    } finally {
      await database.close();
    }

    // The place now holds a database: a second restore is refused.
    await expect(restoreBackup(backupDir, { config: freshConfig, storage })).rejects.toThrow(
      ctx.kind === 'pglite' ? /already holds a database/ : /not empty/,
    );
    await mkdir(path.join(work, 'not-a-backup'));
    await expect(restoreBackup(path.join(work, 'not-a-backup'), { config: freshConfig, storage })).rejects.toThrow(
      /no readable manifest/,
    );
  }, 60_000);
});
