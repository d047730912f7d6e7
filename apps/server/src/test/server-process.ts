import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isQueryOverlapWarning, noteChildQueryOverlap } from './pg-overlap-guard.ts';

/** The server package's directory; `src/server.ts` and `src/cli.ts` run from there. */
export const serverDir = fileURLToPath(new URL('../..', import.meta.url));

/** Polls `check` until it answers something other than undefined/false, or fails after `timeoutMs`. */
export async function waitFor<T>(
  what: string,
  check: () => T | undefined | false | Promise<T | undefined | false>,
  timeoutMs = 10_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const result = await check();
    if (result !== undefined && result !== false) return result;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A port nobody listens on right now. */
export async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

export interface ServerProcess {
  child: ChildProcess;
  base: string;
  port: number;
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
  /** What the process wrote so far, its log (stdout) and stderr interleaved: a failing test shows it. */
  output(): string;
  /**
   * The process a process manager signals: the command's top process, or for `documented-as-pid1`
   * the PID namespace's first process (unshare's child), under its number here.
   */
  mainPid(): number;
  /** SIGKILL to whatever of it still runs (the whole group of a documented start). */
  kill(): void;
}

/** The start command of the README and docs/deploy.md, run from the repository's root. */
export const DOCUMENTED_START = ['npm', 'run', 'start', '-w', 'apps/server'];
const repository = fileURLToPath(new URL('../../../..', import.meta.url));

/**
 * How a server is started: `src/server.ts` under this Node.js (the tests' default), or the
 * documented command in a process group of its own, as a service manager or a terminal starts it,
 * optionally as a new PID namespace's first process (a container without an init; needs root).
 */
export type StartVia = 'node' | 'documented' | 'documented-as-pid1';

const commandFor = (via: StartVia): { command: string[]; cwd: string } =>
  via === 'node'
    ? { command: [process.execPath, 'src/server.ts'], cwd: serverDir }
    : {
        command:
          via === 'documented' ? DOCUMENTED_START : ['unshare', '--pid', '--fork', '--kill-child', ...DOCUMENTED_START],
        cwd: repository,
      };

/**
 * PATH as a shell or a service manager has it: without the `node_modules/.bin` folders npm put
 * first for these tests, so that `node` is the machine's own and the documented command must
 * bring the project's runtime itself.
 */
const machinePath = () =>
  (process.env.PATH ?? '')
    .split(path.delimiter)
    .filter((folder) => !folder.endsWith(`node_modules${path.sep}.bin`))
    .join(path.delimiter);

/**
 * Starts a server as a process of its own, on the embedded database in `dataDir` unless `env`
 * names one; on `env.PORT` when given (a restart behind a proxy that knows the address), else on a free port.
 */
export async function startServer(
  dataDir: string,
  env: Record<string, string> = {},
  via: StartVia = 'node',
): Promise<ServerProcess> {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const { command, cwd } = commandFor(via);
  const child = spawn(command[0] as string, command.slice(1), {
    cwd,
    detached: via !== 'node',
    env: {
      ...process.env,
      ...(via === 'node' ? {} : { PATH: machinePath() }),
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      WEB_DIST: '/nonexistent',
      // The demo accounts the tests sign in with (issue 28: an empty database otherwise waits for its setup).
      DEMO: '1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let overlapNoted = false;
  const keep = (chunk: Buffer) => {
    const from = Math.max(0, output.length - 200);
    output += chunk.toString();
    // Node writes the process's warnings to stderr; pg's of a query sent to a busy client fails the test.
    if (!overlapNoted && isQueryOverlapWarning(output.slice(from))) {
      overlapNoted = true;
      noteChildQueryOverlap(`the server on port ${port}`, output);
    }
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const pid = child.pid as number;
  const mainPid = () =>
    via === 'documented-as-pid1'
      ? Number(spawnSync('pgrep', ['-P', String(pid)], { encoding: 'utf8' }).stdout.trim())
      : pid;
  let running = true;
  void exited.then(() => {
    running = false;
  });
  const kill = () => {
    if (via === 'node') {
      if (running) child.kill('SIGKILL');
      return;
    }
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      // The group is gone already.
    }
  };
  return { child, base: `http://127.0.0.1:${port}`, port, exited, output: () => output, mainPid, kill };
}

/** Waits until the server answers /api/ready; fails at once, with its output, if it exits first. */
export async function waitForReady(server: ServerProcess, timeoutMs = 60_000) {
  let exitCode: number | null | undefined;
  void server.exited.then((code) => {
    exitCode = code;
  });
  await waitFor(
    'the server to be ready',
    async () => {
      if (exitCode !== undefined) throw new Error(`the server exited (${exitCode}): ${server.output()}`);
      try {
        return (await fetch(`${server.base}/api/ready`)).ok;
      } catch {
        return false;
      }
    },
    timeoutMs,
  );
}

export interface CliResult {
  status: number | null;
  stdout: string;
  stderr: string;
  pid: number;
}

/** Runs `src/cli.ts <args>` on the embedded database in `dataDir` (or on `env`'s DATABASE_URL), from `cwd`. */
export function runCli(
  args: string[],
  {
    dataDir,
    cwd = serverDir,
    onStart,
    env = {},
  }: { dataDir: string; cwd?: string; onStart?: (child: ChildProcess) => void; env?: Record<string, string> },
): Promise<CliResult> {
  const child = spawn(process.execPath, [fileURLToPath(new URL('../cli.ts', import.meta.url)), ...args], {
    cwd,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk) => {
    stdout += chunk.toString();
  });
  child.stderr?.on('data', (chunk) => {
    stderr += chunk.toString();
  });
  onStart?.(child);
  return new Promise((resolve) =>
    child.on('close', (status) => {
      // Node writes the process's warnings to stderr; pg's of a query sent to a busy client fails the test.
      if (isQueryOverlapWarning(stderr)) noteChildQueryOverlap(`the command line's ${args[0]}`, stderr);
      resolve({ status, stdout, stderr, pid: child.pid ?? 0 });
    }),
  );
}
