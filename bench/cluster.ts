/**
 * What bench:faults and bench:load start on loopback, through the server tests' own helpers: a
 * scratch PostgreSQL database, server processes, s3rver, nginx with docs/deploy.md's
 * configuration; and a client that signs in, uploads a photo and registers an enrollment.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DEMO_PASSWORD } from '@jewel/contract/values/demo';
import { findNginx, type Nginx, startNginx } from '../apps/server/src/test/nginx.ts';
import { photoUpload } from '../apps/server/src/test/photo-upload.ts';
import { adminQuery, findPostgres, withDatabase } from '../apps/server/src/test/postgres-admin.ts';
import { startS3Server } from '../apps/server/src/test/s3-server.ts';
import {
  runCli,
  type ServerProcess,
  type StartVia,
  startServer,
  waitForReady,
} from '../apps/server/src/test/server-process.ts';

export { findNginx, type Nginx, runCli, type ServerProcess, type StartVia, startNginx, startServer, waitForReady };

/** Everything started, stopped in reverse order by `cleanup()` whatever happened. */
const cleanups: (() => Promise<unknown>)[] = [];
export function onCleanup(step: () => Promise<unknown>) {
  cleanups.push(step);
}
export async function cleanup() {
  while (cleanups.length > 0) {
    const step = cleanups.pop();
    try {
      await step?.();
    } catch (error) {
      console.error('cleanup failed:', (error as Error).message);
    }
  }
}

export async function tempDir(prefix: string) {
  const dir = await mkdtemp(path.join(os.tmpdir(), `jewel-${prefix}-`));
  onCleanup(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

/** A database of its own on the local PostgreSQL, dropped at cleanup; answers its URL and the admin one. */
export async function scratchDatabase(prefix: string) {
  const found = await findPostgres();
  if ('reason' in found) throw new Error(`PostgreSQL unreachable: ${found.reason}`);
  const name = `jewel_${prefix}_${Date.now().toString(36)}`;
  await adminQuery(found.url, `create database ${name}`);
  onCleanup(() => adminQuery(found.url, `drop database if exists ${name} with (force)`));
  return { url: withDatabase(found.url, name), adminUrl: found.url };
}

/** A server process, killed at cleanup if still running. */
export async function server(dataDir: string, env: Record<string, string> = {}, via: StartVia = 'node') {
  const started = await startServer(dataDir, { JWT_SECRET: 'bench-secret-bench-secret-bench-secret', ...env }, via);
  onCleanup(async () => {
    started.kill();
    await started.exited;
  });
  await waitForReady(started);
  return started;
}

export async function seedDemo(dataDir: string, env: Record<string, string>) {
  const seeded = await runCli(['seed'], { dataDir, env });
  if (seeded.status !== 0) throw new Error(`seed failed: ${seeded.stderr}`);
}

/**
 * What two instances behind nginx share (docs/deploy.md "Each instance's environment"): a scratch
 * PostgreSQL database with the demo data, a loopback bucket, the environment, and the DATA_DIRs
 * of instance A, instance B and the command line. Fails at once without nginx.
 */
export async function sharedCluster(prefix: string) {
  const binary = findNginx();
  if (!binary) throw new Error('nginx is missing: bash scripts/ensure-nginx.sh');
  const db = await scratchDatabase(prefix);
  const bucket = await startS3Server();
  onCleanup(() => bucket.close());
  const env = {
    ...bucket.env,
    DATABASE_URL: db.url,
    IDENTITY_KEY: randomBytes(32).toString('hex'),
    TRUST_PROXY: '1',
  };
  const dirs = [await tempDir(`${prefix}-a`), await tempDir(`${prefix}-b`), await tempDir(`${prefix}-cli`)] as const;
  await seedDemo(dirs[2], env);
  return { binary, db, env, dirs };
}

/** Instances A and B of `cluster`, started `via`, and nginx with docs/deploy.md's site in front of them. */
export async function startBehindNginx(cluster: Awaited<ReturnType<typeof sharedCluster>>, via: StartVia = 'node') {
  const instances = [await server(cluster.dirs[0], cluster.env, via), await server(cluster.dirs[1], cluster.env, via)];
  const proxy = await startNginx(
    cluster.binary,
    instances.map((instance) => `127.0.0.1:${instance.port}`),
  );
  onCleanup(() => proxy.stop());
  return { instances, proxy };
}

/** The demo data's recorder (seed/users-data.ts). */
export const DEMO_RECORDER = '13800000001';

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface Answer {
  status: number;
  code: number | null;
  msg: string;
  data: unknown;
  /** Whether the body was JSON, said so by its Content-Type (our envelope), or HTML (a proxy's own page). */
  json: boolean;
  html: boolean;
  sentAt: number;
  at: number;
}

/** A call with our envelope read; a network failure answers status 0. */
export async function call(
  url: string,
  init: RequestInit & { token?: string; timeoutMs?: number } = {},
): Promise<Answer> {
  const { token, timeoutMs = 15_000, ...rest } = init;
  const headers = new Headers(rest.headers);
  if (token) headers.set('authorization', `Bearer ${token}`);
  headers.set('lang', 'en');
  const sentAt = Date.now();
  try {
    const response = await fetch(url, { ...rest, headers, signal: AbortSignal.timeout(timeoutMs) });
    const text = await response.text();
    const type = response.headers.get('content-type') ?? '';
    let body: { code?: number; msg?: string; data?: unknown } = {};
    let json = false;
    try {
      body = JSON.parse(text);
      json = type.startsWith('application/json');
    } catch {}
    return {
      status: response.status,
      code: body.code ?? null,
      msg: body.msg ?? text.slice(0, 80),
      data: body.data,
      json,
      html: type.startsWith('text/html'),
      sentAt,
      at: Date.now(),
    };
  } catch (error) {
    // A reset, a refused connection or a timeout: the cause's code says which.
    const cause = (error as { cause?: { code?: string } }).cause?.code;
    return {
      status: 0,
      code: null,
      msg: cause ?? (error as Error).name,
      data: null,
      json: false,
      html: false,
      sentAt,
      at: Date.now(),
    };
  }
}

export const ok = (answer: Answer) => answer.status === 200 && answer.code === 0;

export async function signIn(base: string, mobile: string): Promise<string> {
  const answer = await call(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ mobile, password: DEMO_PASSWORD }),
  });
  if (!ok(answer)) throw new Error(`sign-in of ${mobile} failed: ${answer.status} ${answer.msg}`);
  return (answer.data as { token: string }).token;
}

/** The multipart body of one small photo (made once: sharp is not what is measured). */
let photoBody: Awaited<ReturnType<typeof photoUpload>> | undefined;
export async function uploadPhoto(base: string, token: string): Promise<Answer & { url?: string }> {
  photoBody ??= await photoUpload(120);
  const answer = await call(`${base}/api/upload/image`, {
    method: 'POST',
    token,
    headers: { 'content-type': photoBody.contentType },
    body: photoBody.payload,
  });
  return { ...answer, url: ok(answer) ? (answer.data as { url: string }).url : undefined };
}

export interface Catalog {
  brandId: number;
  categoryId: number;
}

export async function catalog(base: string, token: string): Promise<Catalog> {
  const brands = await call(`${base}/api/brands`, { token });
  const categories = await call(`${base}/api/categories`, { token });
  const first = (answer: Answer) => (answer.data as { id: number }[])[0]?.id ?? 0;
  return { brandId: first(brands), categoryId: first(categories) };
}

/** An enrollment of one commodity whose required photos are all `photo`. */
export function enrollmentBody(cat: Catalog, photo: string, key = randomUUID()) {
  return {
    idempotency_key: key,
    customer_name: 'Bench customer',
    customer_phone: '13912345678',
    customer_address: '',
    commodities: [
      {
        brand_id: cat.brandId,
        category_id: cat.categoryId,
        product_name: 'Bench bracelet',
        product_status: 2,
        size_pics: [photo],
        product_pics: [photo],
        accessory_pics: [photo],
      },
    ],
  };
}

export function enroll(base: string, token: string, body: object, timeoutMs?: number) {
  return call(`${base}/api/enrollments`, {
    method: 'POST',
    token,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    timeoutMs,
  });
}

/** A markdown table of `rows` (every row has the same keys). */
export function markdownTable(rows: Record<string, string | number>[]): string {
  const keys = Object.keys(rows[0] ?? {});
  const line = (cells: (string | number)[]) => `| ${cells.join(' | ')} |`;
  return [line(keys), line(keys.map(() => '---')), ...rows.map((row) => line(keys.map((key) => row[key] ?? '')))].join(
    '\n',
  );
}
