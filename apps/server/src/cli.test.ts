import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { runCli, type ServerProcess, startServer, waitFor, waitForReady } from './test/server-process.ts';
import { DEMO, DEMO_PASSWORD } from './test/test-app.ts';

/** PRODUCT.md "Operations": a disabled user's sign-in is refused; our contract names it 2002 (userDisabled). */
const USER_DISABLED = 2002;

async function call(server: ServerProcess, method: string, url: string, token?: string, body?: unknown) {
  const response = await fetch(`${server.base}${url}`, {
    method,
    headers: {
      lang: 'en',
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  // biome-ignore lint/suspicious/noExplicitAny: tests read answers loosely and assert on them
  return { status: response.status, body: (await response.json()) as any };
}

const login = (server: ServerProcess, mobile: string, password = DEMO_PASSWORD) =>
  call(server, 'POST', '/api/auth/login', undefined, { mobile, password });

async function token(server: ServerProcess, mobile: string, password?: string): Promise<string> {
  const answer = await login(server, mobile, password);
  expect(answer.status).toBe(200);
  return answer.body.data.token;
}

async function findArticle(server: ServerProcess, keyword: string) {
  const reader = await token(server, DEMO.recorder);
  const answer = await call(server, 'GET', `/api/knowledge/articles?keyword=${keyword}`, reader);
  expect(answer.status).toBe(200);
  return answer.body.data.items.map((item: { title: string }) => item.title);
}

it('operator commands go through the running server on the embedded database and hold its lock otherwise', async () => {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'jewel-ops-'));
  const importRoot = await mkdtemp(path.join(os.tmpdir(), 'jewel-ops-import-'));
  await mkdir(path.join(importRoot, 'articles'));
  await writeFile(
    path.join(importRoot, 'articles', 'rhodium.md'),
    '---\nslug: rhodium-plating\nlanguage: en\ntitle: Rhodium plating\ncategory: precious-metals\n---\n\nWhite gold is usually plated.\n',
  );
  const lockFile = path.join(dataDir, 'lock');
  const servers: ServerProcess[] = [];
  try {
    const first = await startServer(dataDir);
    servers.push(first);
    await waitForReady(first);
    // The server holds the data directory and listens for commands in a directory only its owner enters.
    expect(JSON.parse(await readFile(lockFile, 'utf8')) as unknown).toMatchObject({
      pid: first.child.pid,
      host: os.hostname(),
    });
    expect((await stat(path.join(dataDir, 'run'))).mode & 0o777).toBe(0o700);
    expect((await stat(path.join(dataDir, 'run', 'commands.sock'))).mode & 0o777).toBe(0o600);

    // A session the server has checked (and remembers) ends within a second of the command.
    const valuer = await token(first, DEMO.valuer3);
    expect((await call(first, 'GET', '/api/user/info', valuer)).status).toBe(200);
    const disabled = await runCli(['disable-user', '--mobile', DEMO.valuer3], { dataDir });
    expect(disabled.stderr).toBe('');
    expect(disabled.stdout).toMatch(/disabled user \d+/);
    expect(disabled.status).toBe(0);
    await waitFor(
      'the token to be refused',
      async () => (await call(first, 'GET', '/api/user/info', valuer)).status === 401,
      1000,
    );
    expect((await login(first, DEMO.valuer3)).body.code).toBe(USER_DISABLED);

    // A relative path is the operator's, not the server's: run from elsewhere.
    const imported = await runCli(['import-knowledge', 'articles'], { dataDir, cwd: importRoot });
    expect(imported.stdout).toMatch(/1 new/);
    expect(imported.status).toBe(0);
    expect(await findArticle(first, 'Rhodium')).toEqual(['Rhodium plating']);

    // A refusal comes back with its status.
    const unknown = await runCli(['enable-user', '--mobile', '19900000000'], { dataDir });
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toMatch(/no user with that mobile/);

    // A second server on the same data directory refuses, naming the first.
    const second = await startServer(dataDir);
    servers.push(second);
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain(`pid ${first.child.pid}`);
    expect(second.output()).toMatch(/kill/);

    first.child.kill('SIGTERM');
    expect(await first.exited, first.output()).toBe(0);
    expect(existsSync(lockFile)).toBe(false);

    // Without a server the command runs itself, holding the lock while it runs.
    const seen = new Set<number>();
    let watching = true;
    const watch = (async () => {
      while (watching) {
        try {
          seen.add((JSON.parse(await readFile(lockFile, 'utf8')) as { pid: number }).pid);
        } catch {}
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    })();
    const created = await runCli(
      ['create-user', '--mobile', '13800000077', '--name', 'Ops', '--role', 'recorder', '--password', 'secret-77'],
      { dataDir },
    );
    watching = false;
    await watch;
    expect(created.stdout).toMatch(/created user \d+/);
    expect(created.status).toBe(0);
    expect([...seen]).toContain(created.pid);
    expect(existsSync(lockFile)).toBe(false);

    // Everything survives a restart.
    const third = await startServer(dataDir);
    servers.push(third);
    await waitForReady(third);
    expect((await login(third, DEMO.valuer3)).body.code).toBe(USER_DISABLED);
    await token(third, '13800000077', 'secret-77');
    expect(await findArticle(third, 'Rhodium')).toEqual(['Rhodium plating']);
    third.child.kill('SIGTERM');
    expect(await third.exited, third.output()).toBe(0);
  } finally {
    for (const server of servers) server.child.kill('SIGKILL');
    await rm(dataDir, { recursive: true, force: true });
    await rm(importRoot, { recursive: true, force: true });
  }
}, 240_000);
