/**
 * Two real server processes on one PostgreSQL database and one bucket, behind nginx configured
 * exactly as docs/deploy.md shows (issue 15): whatever one instance does, the other follows.
 * Requests go through nginx, or to one instance's own port where it matters which one answers.
 */
import { randomBytes } from 'node:crypto';
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { SessionTokens } from '@jewel/contract/auth';
import { langFromHeader } from '@jewel/contract/values/i18n';
import { UPLOAD_MAX_BYTES } from '@jewel/contract/values/limits';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { ERROR_MESSAGES } from '../../i18n/messages.ts';
import { photoUpload } from '../../test/commodity-kit.ts';
import { openStream } from '../../test/live-stream.ts';
import { deployDoc, findNginx, type Nginx, startNginx } from '../../test/nginx.ts';
import { adminQuery, withDatabase } from '../../test/postgres-admin.ts';
import { type S3Server, startS3Server } from '../../test/s3-server.ts';
import { runCli, type ServerProcess, startServer, waitForReady } from '../../test/server-process.ts';
import { bearer, DEMO, DEMO_PASSWORD } from '../../test/test-app.ts';

const postgres = inject('postgres');
const nginxBinary = findNginx();
// In CI a missing nginx fails the suite (in beforeAll); elsewhere it is skipped, saying why.
const skipped =
  'skipped' in postgres
    ? `PostgreSQL unreachable: ${postgres.skipped}`
    : !nginxBinary && !process.env.CI
      ? 'nginx is not installed: bash scripts/ensure-nginx.sh'
      : null;

const METRICS_TOKEN = randomBytes(24).toString('hex');
const SHELL_HTML =
  '<!doctype html><html><head><script type="module" src="/assets/app-1a2b3c.js"></script></head></html>\n';
const SHELL_SCRIPT = 'console.log("shell");\n';

/** A change's signal travels through PostgreSQL to the other instance: quickly, but on a busy machine not within vi's 1 s. */
const SIGNAL_WAIT = { timeout: 5000, interval: 50 };

describe.skipIf(skipped)(`two instances behind nginx${skipped ? ` (skipped: ${skipped})` : ''}`, () => {
  if (skipped) return;
  const { adminUrl } = postgres as { adminUrl: string };
  const database = `jewel_proxy_${randomBytes(4).toString('hex')}`;
  const url = withDatabase(adminUrl, database);
  const dirs: string[] = [];
  let a: ServerProcess;
  let b: ServerProcess;
  let proxy: Nginx;
  let bucket: S3Server;
  /** What every instance shares (docs/deploy.md "Each instance's environment"). */
  let shared: Record<string, string>;

  beforeAll(async () => {
    if (!nginxBinary)
      throw new Error('nginx is required here (CI) but missing: bash scripts/ensure-nginx.sh installs it');
    await adminQuery(adminUrl, `create database ${database}`);
    bucket = await startS3Server();
    shared = {
      ...bucket.env,
      DATABASE_URL: url,
      JWT_SECRET: randomBytes(32).toString('base64url'),
      IDENTITY_KEY: randomBytes(32).toString('hex'),
      TRUST_PROXY: '1',
      METRICS_TOKEN,
      // The demo comes from the command below, as an operator seeds it once for every instance.
      DEMO: '0',
    };
    // Each instance's DATA_DIR, and the command line's: their own, nothing in them shared.
    for (let i = 0; i < 3; i += 1) dirs.push(await mkdtemp(path.join(os.tmpdir(), 'jewel-instance-')));
    const [dirA, dirB] = dirs as [string, string, string];
    // Started together on the empty database, with the demo data's command (what runs once):
    // all three migrate at start-up, one after the other, under the advisory lock.
    const [first, second, seeded] = await Promise.all([
      startServer(dirA, shared),
      startServer(dirB, shared),
      cli(['seed']),
    ]);
    [a, b] = [first, second];
    expect(seeded.status, seeded.stderr).toBe(0);
    expect(seeded.stdout).toContain('demo data loaded');
    await Promise.all([waitForReady(a), waitForReady(b)]);
    // The web build nginx falls back on: a shell and one of its files.
    const webRoot = await mkdtemp(path.join(os.tmpdir(), 'jewel-web-'));
    dirs.push(webRoot);
    await chmod(webRoot, 0o755);
    await writeFile(path.join(webRoot, 'index.html'), SHELL_HTML, { mode: 0o644 });
    await mkdir(path.join(webRoot, 'assets'), { mode: 0o755 });
    await writeFile(path.join(webRoot, 'assets', 'app-1a2b3c.js'), SHELL_SCRIPT, { mode: 0o644 });
    proxy = await startNginx(nginxBinary, [`127.0.0.1:${a.port}`, `127.0.0.1:${b.port}`], { webRoot });
  }, 90_000);

  afterAll(async () => {
    await proxy?.stop();
    for (const server of [a, b]) {
      if (server?.child.exitCode === null) server.child.kill('SIGKILL');
      await server?.exited;
    }
    await bucket?.close();
    await adminQuery(adminUrl, `drop database if exists ${database} with (force)`);
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  const cli = (args: string[]) => runCli(args, { dataDir: dirs[2] as string, env: shared });
  const signIn = async (base: string, mobile: string, headers: Record<string, string> = {}) => {
    const response = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ mobile, password: DEMO_PASSWORD }),
    });
    expect(response.status).toBe(200);
    return ((await response.json()) as { data: SessionTokens }).data;
  };
  const statusOf = async (base: string, token: string) =>
    (await fetch(`${base}/api/user/info`, { headers: bearer(token) })).status;
  const logLines = async () => (await proxy.accessLog()).split('\n').filter(Boolean);
  /**
   * The instances nginx chose for the `count` requests `send` makes one after another, from its
   * access log (written just after each answer leaves, so read once the lines are there).
   */
  const upstreamsFor = async (count: number, send: () => Promise<unknown>) => {
    const before = (await logLines()).length;
    await send();
    return vi.waitFor(async () => {
      const lines = (await logLines()).slice(before);
      expect(lines.length).toBeGreaterThanOrEqual(count);
      return lines.slice(0, count).map((line) => /upstream=(\S+)/.exec(line)?.[1]);
    }, SIGNAL_WAIT);
  };

  it('both instances migrated once, together, and answer through nginx in turn', async () => {
    const [row] = await adminQuery<{ n: number }>(url, 'select count(*)::int as n from drizzle.__drizzle_migrations');
    const journal = JSON.parse(await readFile(new URL('../../../drizzle/meta/_journal.json', import.meta.url), 'utf8'));
    expect(row?.n).toBe(journal.entries.length);
    const upstreams = await upstreamsFor(2, async () => {
      for (let i = 0; i < 2; i += 1) expect((await fetch(`${proxy.base}/api/ready`)).status).toBe(200);
    });
    expect(new Set(upstreams)).toEqual(new Set([`127.0.0.1:${a.port}`, `127.0.0.1:${b.port}`]));
  });

  it('a photo uploaded through one instance is served by the other', async () => {
    const { token } = await signIn(a.base, DEMO.recorder);
    const { payload, contentType } = await photoUpload(120);
    const uploaded = await fetch(`${a.base}/api/upload/image`, {
      method: 'POST',
      headers: { ...bearer(token), 'content-type': contentType },
      body: payload,
    });
    expect(uploaded.status).toBe(200);
    const photo = ((await uploaded.json()) as { data: { url: string } }).data.url;
    const bytes = async (base: string) => {
      const response = await fetch(`${base}${photo}`);
      expect(response.status).toBe(200);
      return Buffer.from(await response.arrayBuffer());
    };
    const original = await bytes(a.base);
    expect(await bytes(b.base)).toEqual(original);
    // Through nginx, once from each instance.
    const upstreams = await upstreamsFor(2, async () => {
      expect(await bytes(proxy.base)).toEqual(original);
      expect(await bytes(proxy.base)).toEqual(original);
    });
    expect(new Set(upstreams).size).toBe(2);
  });

  it('a session made on one instance works on the other, refreshed there, and ends on both', async () => {
    const session = await signIn(a.base, DEMO.valuer2);
    expect(await statusOf(b.base, session.token)).toBe(200);
    expect(await statusOf(proxy.base, session.token)).toBe(200);
    expect(await statusOf(proxy.base, session.token)).toBe(200);

    const refreshed = await fetch(`${b.base}/api/auth/refresh`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ refresh_token: session.refresh_token }),
    });
    expect(refreshed.status).toBe(200);
    const { token } = ((await refreshed.json()) as { data: SessionTokens }).data;
    expect(await statusOf(a.base, token)).toBe(200);

    expect((await fetch(`${b.base}/api/auth/logout`, { method: 'POST', headers: bearer(token) })).status).toBe(200);
    await vi.waitFor(async () => expect(await statusOf(a.base, token)).toBe(401), SIGNAL_WAIT);
  });

  it('a notification raised on one instance reaches a stream held by the other, and one through nginx', async () => {
    const { token } = await signIn(a.base, DEMO.recorder);
    const onB = await openStream(b.base, token);
    const throughProxy = await openStream(proxy.base, token);
    try {
      const first = await onB.next(0);
      expect(await throughProxy.next(0)).toEqual(first);
      const unread = first.type === 'notification' ? first.unread : -1;

      // A guest entering through the recorder's link notifies the recorder, on instance A.
      const link = await fetch(`${a.base}/api/auth/tmp`, {
        method: 'POST',
        headers: { ...bearer(token), 'content-type': 'application/json' },
        body: JSON.stringify({ role: 'valuers' }),
      });
      const { uuid } = ((await link.json()) as { data: { uuid: string } }).data;
      const entered = await fetch(`${a.base}/api/auth/guest`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ uuid, name: 'G-proxy' }),
      });
      expect(entered.status).toBe(200);

      const expected = { type: 'notification', unread: unread + 1 };
      expect(await onB.next(1)).toEqual(expected);
      expect(await throughProxy.next(1)).toEqual(expected);
    } finally {
      onB.close();
      throughProxy.close();
    }
  });

  it('a user disabled by the operator command is refused by both instances, their stream ended', async () => {
    const { token } = await signIn(a.base, DEMO.valuer3);
    // Both instances hold the live session in their caches.
    expect(await statusOf(a.base, token)).toBe(200);
    expect(await statusOf(b.base, token)).toBe(200);
    const onB = await openStream(b.base, token);
    await onB.next(0);

    const disabled = await cli(['disable-user', '--mobile', DEMO.valuer3]);
    expect(disabled.status, disabled.stderr).toBe(0);

    await vi.waitFor(async () => {
      expect(await statusOf(b.base, token)).toBe(401);
      expect(await statusOf(a.base, token)).toBe(401);
    }, SIGNAL_WAIT);
    await onB.ended;
    const again = await fetch(`${proxy.base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ mobile: DEMO.valuer3, password: DEMO_PASSWORD }),
    });
    expect(again.status).toBe(403);
    expect(((await again.json()) as { code: number }).code).toBe(2002);
  });

  it("keeps the client's own address, whatever X-Forwarded-For it sends", async () => {
    const { token } = await signIn(proxy.base, DEMO.valuer1, { 'x-forwarded-for': '203.0.113.7' });
    const { sid } = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString());
    expect(sid).toMatch(/^[0-9a-f-]{36}$/);
    const [session] = await adminQuery<{ ip: string }>(url, `select ip from sessions where id = '${sid}'`);
    expect(session?.ip).toBe('127.0.0.1');
  });

  it('keeps the metrics off nginx, even for the bearer of their token', async () => {
    const scrape = (base: string) =>
      fetch(`${base}/api/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect((await scrape(proxy.base)).status).toBe(403);
    const direct = await scrape(a.base);
    expect(direct.status).toBe(200);
    expect(await direct.text()).toContain('jewel_http_requests_total');
  });

  it('refuses a body over the upload limit at nginx, before any instance', async () => {
    const doc = await readFile(deployDoc, 'utf8');
    const megabytes = Number(/client_max_body_size (\d+)m;/.exec(doc)?.[1]);
    expect(megabytes * 1024 * 1024).toBeGreaterThan(UPLOAD_MAX_BYTES);

    const socket = net.connect(Number(new URL(proxy.base).port), '127.0.0.1');
    let answer = '';
    socket.on('data', (chunk) => {
      answer += chunk.toString();
    });
    socket.write(
      'POST /api/upload/image HTTP/1.1\r\nHost: x\r\nContent-Type: multipart/form-data; boundary=x\r\n' +
        `Content-Length: ${(megabytes + 1) * 1024 * 1024}\r\n\r\n`,
    );
    await vi.waitFor(() => expect(answer).toMatch(/^HTTP\/1\.1 413/));
    socket.destroy();
    // Logged as refused by nginx itself: no instance was asked.
    const refused = await vi.waitFor(async () => {
      const line = (await logLines()).find((entry) => / POST 413 /.test(entry));
      expect(line).toBeDefined();
      return line;
    }, SIGNAL_WAIT);
    expect(refused).toMatch(/ upstream=- /);
  });

  it("passes the instances' JSON 503 on while the database is away, marks none down, and answers at once when it is back", async () => {
    const { token } = await signIn(proxy.base, DEMO.valuer1);
    const before = (await logLines()).length;
    await adminQuery(adminUrl, `alter database ${database} allow_connections false`);
    try {
      await adminQuery(
        adminUrl,
        `select pg_terminate_backend(pid) from pg_stat_activity where datname = '${database}'`,
      );
      // Reads and writes, signed in or not, as the load of a shop would be: 3 rounds of 4 calls.
      for (let round = 0; round < 3; round += 1) {
        for (const call of [
          () => fetch(`${proxy.base}/api/brands`, { headers: { ...bearer(token), lang: 'zh_CN' } }),
          () => fetch(`${proxy.base}/api/user/info`, { headers: { ...bearer(token), lang: 'ja' } }),
          () =>
            fetch(`${proxy.base}/api/auth/login`, {
              method: 'POST',
              headers: { 'content-type': 'application/json', lang: 'en' },
              body: JSON.stringify({ mobile: DEMO.recorder, password: DEMO_PASSWORD }),
            }),
          () =>
            fetch(`${proxy.base}/api/user/change`, {
              method: 'POST',
              headers: { ...bearer(token), 'content-type': 'application/json', lang: 'zh_TW' },
              body: JSON.stringify({ name: 'Away' }),
            }),
        ]) {
          const response = await call();
          expect(response.status).toBe(503);
          expect(response.headers.get('content-type')).toMatch(/^application\/json/);
          expect(((await response.json()) as { code: number }).code).toBe(1009);
        }
      }
    } finally {
      await adminQuery(adminUrl, `alter database ${database} allow_connections true`);
    }
    // Every 503 came from an instance, none from nginx itself ("no live upstreams" logs upstream=-).
    // Only the 503s are counted: the sign-in's line may be written after `before` was read (CI saw it).
    const during = await vi.waitFor(async () => {
      const lines = (await logLines()).slice(before).filter((line) => / 503 \d+ /.test(line));
      expect(lines).toHaveLength(12);
      return lines;
    }, SIGNAL_WAIT);
    for (const line of during) expect(line).toMatch(/ 503 \d+ [\d.]+ upstream=127\.0\.0\.1:\d+ 503$/);
    // Back: the first call may still meet a connection being made again; from then on every one answers.
    await vi.waitFor(async () => expect(await statusOf(proxy.base, token)).toBe(200), SIGNAL_WAIT);
    const upstreams = await upstreamsFor(4, async () => {
      for (let i = 0; i < 4; i += 1) expect(await statusOf(proxy.base, token)).toBe(200);
    });
    expect(new Set(upstreams)).toEqual(new Set([`127.0.0.1:${a.port}`, `127.0.0.1:${b.port}`]));
  });

  it('an instance stopping ends its streams and exits; nginx sends everything to the other', async () => {
    const { token } = await signIn(a.base, DEMO.valuer1);
    const onB = await openStream(b.base, token);
    await onB.next(0);
    const stoppedAt = Date.now();
    b.child.kill('SIGTERM');
    await onB.ended;
    expect(await b.exited, b.output()).toBe(0);
    expect(Date.now() - stoppedAt).toBeLessThan(10_000);
    for (let i = 0; i < 4; i += 1) expect(await statusOf(proxy.base, token)).toBe(200);
  });

  it("with no instance answering, the API gets our JSON 503 in the caller's language and pages the app shell", async () => {
    a.child.kill('SIGTERM');
    expect(await a.exited, a.output()).toBe(0);
    // The `lang` header as the web app and others send it; anything else reads English.
    for (const header of [
      'zh_CN',
      'zh-Hans',
      'zh',
      'zh_TW',
      'zh-HK',
      'zh-Hant',
      'en',
      'en_US',
      'ja',
      'ja-JP',
      'fr',
      '',
    ]) {
      for (const [method, target] of [
        ['GET', '/api/commodities?keyword=x'],
        ['POST', '/api/enrollments'],
      ] as const) {
        const response = await fetch(`${proxy.base}${target}`, { method, headers: { lang: header } });
        expect(response.status, `${method} ${header}`).toBe(503);
        expect(response.headers.get('content-type')).toBe('application/json');
        expect(response.headers.get('retry-after')).toBe('5');
        expect(response.headers.get('cache-control')).toBe('no-store');
        const lang = langFromHeader(header || undefined);
        expect(await response.json(), `${method} ${header}`).toEqual({
          code: 1009,
          msg: ERROR_MESSAGES.notReady[lang],
          data: null,
        });
      }
    }
    for (const page of ['/', '/commodity/12', '/login?redirect=%2Fdashboard']) {
      const response = await fetch(`${proxy.base}${page}`);
      expect(response.status, page).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/html/);
      expect(await response.text()).toBe(SHELL_HTML);
    }
    const script = await fetch(`${proxy.base}/assets/app-1a2b3c.js`);
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toBe('application/javascript');
    expect(await script.text()).toBe(SHELL_SCRIPT);
  });
});
