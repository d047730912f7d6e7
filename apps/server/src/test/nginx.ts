import { type ChildProcess, spawn } from 'node:child_process';
import { accessSync, constants, existsSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { freePort, waitFor } from './server-process.ts';

/** docs/deploy.md: its ```nginx block is the configuration the test runs. */
export const deployDoc = new URL('../../../../docs/deploy.md', import.meta.url);

/** Debian's nginx (scripts/ensure-nginx.sh installs it): on PATH or in /usr/sbin, which a user's PATH may lack. */
export function findNginx(): string | null {
  const dirs = [...(process.env.PATH ?? '').split(path.delimiter), '/usr/sbin'];
  for (const dir of dirs) {
    const file = path.join(dir, 'nginx');
    try {
      accessSync(file, constants.X_OK);
      return file;
    } catch {}
  }
  return null;
}

function replaceOrFail(text: string, pattern: RegExp, by: (...match: string[]) => string): string {
  if (!pattern.test(text))
    throw new Error(`docs/deploy.md's nginx block no longer has ${pattern}: update test/nginx.ts`);
  pattern.lastIndex = 0;
  return text.replace(pattern, by);
}

const MIME_TYPES = '/etc/nginx/mime.types';

/** The doc's upstream servers: example private addresses, with their parameters. */
const UPSTREAM_SERVER = /^(\s*)server 10\.0\.0\.\d+:3000( [^;]*)?;$/gm;

/**
 * The site configuration of docs/deploy.md with this machine's addresses: the upstream's servers
 * become `instances` (in order), the TLS listener a plain one on `listen`, the log directory
 * `logDir`, the web build nginx falls back on `webRoot`.
 */
export function siteFromDoc(
  doc: string,
  { instances, listen, logDir, webRoot }: { instances: string[]; listen: string; logDir: string; webRoot: string },
) {
  const block = /```nginx\n([\s\S]*?)```/.exec(doc)?.[1];
  if (!block) throw new Error('docs/deploy.md has no ```nginx block');
  const servers = block.match(UPSTREAM_SERVER)?.length ?? 0;
  if (servers !== instances.length)
    throw new Error(`docs/deploy.md's upstream names ${servers} servers, the test starts ${instances.length}`);
  let next = 0;
  let site = replaceOrFail(block, UPSTREAM_SERVER, (_all, indent, params = '') => {
    return `${indent}server ${instances[next++]}${params};`;
  });
  site = replaceOrFail(site, /^(\s*)listen 443 ssl http2;$/m, (_all, indent) => `${indent}listen ${listen};`);
  site = replaceOrFail(site, /^\s*ssl_certificate(_key)? .*\n/gm, () => '');
  site = replaceOrFail(
    site,
    /^(\s*)root \/srv\/jewel\/apps\/web\/dist;$/m,
    (_all, indent) => `${indent}root ${webRoot};`,
  );
  return replaceOrFail(site, /\/var\/log\/nginx\//g, () => `${logDir}/`);
}

export interface Nginx {
  base: string;
  /** What nginx's access log holds so far (the doc's `jewel` format). */
  accessLog(): Promise<string>;
  stop(): Promise<void>;
}

/**
 * Starts nginx in the foreground on loopback with docs/deploy.md's configuration in front of
 * `instances` (host:port), falling back on the web build in `webRoot` when none answers. Everything it writes (logs, temporary files, pid) stays in a
 * temporary directory; /etc/nginx and /var are never touched.
 */
export async function startNginx(
  binary: string,
  instances: string[],
  { webRoot }: { webRoot?: string } = {},
): Promise<Nginx> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'jewel-nginx-'));
  // Run as root, nginx's workers are `nobody`: they must reach their temporary files.
  await chmod(dir, 0o755);
  await mkdir(path.join(dir, 'tmp'));
  // Without a web build given, the fallback has no shell to serve (it answers 503).
  await mkdir(path.join(dir, 'web'));
  const port = await freePort();
  const site = siteFromDoc(await readFile(deployDoc, 'utf8'), {
    instances,
    listen: `127.0.0.1:${port}`,
    logDir: dir,
    webRoot: webRoot ?? path.join(dir, 'web'),
  });
  await writeFile(path.join(dir, 'jewel.conf'), site);
  const temp = (name: string) => `${name}_temp_path ${path.join(dir, 'tmp', name)};`;
  await writeFile(
    path.join(dir, 'nginx.conf'),
    [
      'worker_processes 1;',
      'events { worker_connections 1024; }',
      'http {',
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((name) => `  ${temp(name)}`),
      // As Debian's nginx.conf does: the shell's files get their types.
      ...(existsSync(MIME_TYPES) ? [`  include ${MIME_TYPES};`] : []),
      `  access_log ${path.join(dir, 'access.log')};`,
      `  include ${path.join(dir, 'jewel.conf')};`,
      '}',
      '',
    ].join('\n'),
  );
  const errorLog = path.join(dir, 'error.log');
  const child: ChildProcess = spawn(
    binary,
    [
      '-p',
      dir,
      '-c',
      path.join(dir, 'nginx.conf'),
      '-e',
      errorLog,
      '-g',
      `daemon off; pid ${path.join(dir, 'nginx.pid')};`,
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  child.stderr?.on('data', (chunk) => {
    stderr += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  let exitCode: number | null | undefined;
  void exited.then((code) => {
    exitCode = code;
  });
  const base = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (exitCode === undefined) child.kill('SIGTERM');
    await exited;
    await rm(dir, { recursive: true, force: true });
  };
  try {
    await waitFor('nginx to answer', async () => {
      if (exitCode !== undefined) {
        const log = await readFile(errorLog, 'utf8').catch(() => '');
        throw new Error(`nginx exited (${exitCode}): ${stderr}${log}`);
      }
      try {
        // Any answer: nginx listens (the instances' own readiness is the caller's to wait for).
        await fetch(`${base}/api/health`);
        return true;
      } catch {
        return false;
      }
    });
  } catch (error) {
    await stop();
    throw error;
  }
  return { base, accessLog: () => readFile(path.join(dir, 'jewel.access.log'), 'utf8'), stop };
}
