import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { DEMO_MOBILES } from '@jewel/contract/values/demo';
import { expect, it } from 'vitest';
import { bearer, DEMO, describeOnDatabases, type TestContext } from '../../test/test-app.ts';
import { checkBackup } from './backup.ts';

/**
 * Issue 28 item 8: managers see the server's version, database and storage with the readiness
 * check, and back up from the browser: "back up now" writes the CLI's backup into BACKUP_DIR,
 * checks it, keeps BACKUP_KEEP; the list says when, how large and the check's result.
 */

const MANAGERS_ONLY = 2033;
const BACKUP_RUNNING = 5111;

describeOnDatabases('operations in the browser', (ctx: TestContext) => {
  const call = (token: string, method: 'GET' | 'POST', url: string) =>
    ctx.app.inject({ method, url, headers: { ...bearer(token), lang: 'en' } });
  let manager = '';
  const status = async () => ctx.json(await call(manager, 'GET', '/api/operations')).data;
  const backUp = async () => {
    const response = await call(manager, 'POST', '/api/operations/backups');
    expect(response.statusCode).toBe(200);
    return ctx.json(response).data;
  };

  it('says the version, the runtime, the database and storage as the readiness check finds them; managers only', async () => {
    manager = await ctx.login(DEMO_MOBILES.manager);
    const answer = await status();
    expect(answer).toMatchObject({
      version: expect.stringMatching(/^\d+\.\d+\.\d+$/),
      runtime: process.version,
      checks: { database: { kind: ctx.kind, state: 'up' }, storage: { kind: 'local', state: 'up' } },
      backups: { dir: path.join(ctx.config.dataDir, 'backups'), keep: 7, items: [] },
    });
    expect(Date.now() - Date.parse(answer.started_at)).toBeGreaterThanOrEqual(0);

    const recorder = await ctx.login(DEMO.recorder);
    for (const [method, url] of [
      ['GET', '/api/operations'],
      ['POST', '/api/operations/backups'],
    ] as const) {
      const refused = await call(recorder, method, url);
      expect(refused.statusCode).toBe(403);
      expect(ctx.json(refused).code).toBe(MANAGERS_ONLY);
    }
    expect(await readdir(ctx.config.dataDir)).not.toContain('backups');
  });

  it('backs up now: the snapshot and every photo, read back whole, listed newest first', async () => {
    const backup = await backUp();
    expect(backup).toMatchObject({ name: expect.stringMatching(/^backup-\d{8}T\d{9}Z-[0-9a-f]{4}$/), check: 'ok' });
    expect(backup.problems).toEqual([]);
    expect(Date.now() - Date.parse(backup.created_at)).toBeLessThan(60_000);
    const where = path.join(ctx.config.backupDir, backup.name);
    const manifest = JSON.parse(await readFile(path.join(where, 'manifest.json'), 'utf8'));
    // The size is the snapshot's and the photos', as the manifest lists them.
    expect(backup.files).toBe(Object.keys(manifest.files).length);
    expect(backup.size_bytes).toBe(
      manifest.database_size +
        Object.values(manifest.files as Record<string, { size: number }>).reduce((sum, file) => sum + file.size, 0),
    );
    expect(manifest.database_size).toBeGreaterThan(0);
    expect((await status()).backups.items).toEqual([backup]);
  });

  it('finds a damaged snapshot or a missing photo when it reads a backup back', async () => {
    const [backup] = (await status()).backups.items;
    const where = path.join(ctx.config.backupDir, backup.name);
    const manifest = JSON.parse(await readFile(path.join(where, 'manifest.json'), 'utf8'));
    const snapshot = path.join(where, manifest.database_file);
    const body = await readFile(snapshot);
    body[body.length - 1] = (body.at(-1) ?? 0) ^ 0xff;
    await writeFile(snapshot, body);
    expect(await checkBackup(where)).toEqual([`${manifest.database_file}: damaged`]);
  });

  it('keeps the newest BACKUP_KEEP, and writes one at a time', async () => {
    const keep = ctx.config.backupKeep;
    ctx.config.backupKeep = 2;
    try {
      const first = (await status()).backups.items[0];
      const second = await backUp();
      const third = await backUp();
      expect((await status()).backups.items.map((item: { name: string }) => item.name)).toEqual([
        third.name,
        second.name,
      ]);
      expect(await readdir(ctx.config.backupDir)).not.toContain(first.name);
    } finally {
      ctx.config.backupKeep = keep;
    }
    // Two taps at once: one backup, the other told one is being written.
    const answers = await Promise.all([
      call(manager, 'POST', '/api/operations/backups'),
      call(manager, 'POST', '/api/operations/backups'),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const refused = answers.find((answer) => answer.statusCode === 409);
    expect(refused && ctx.json(refused)).toMatchObject({
      code: BACKUP_RUNNING,
      msg: 'A backup is being written now. Wait for it to finish, then look at the list again.',
    });
  });
});
