/**
 * How fast the server starts and how much memory it holds (issue 30: no tsx in production). The
 * server is started `BENCH_RUNS` times (default 5) on a copy of one seeded embedded database, as
 * `npm start` starts it (`node src/server.ts`, Node.js stripping the types); with `--compare-tsx`,
 * as many times again through tsx's loader (`node --import tsx src/server.ts`, the command before
 * issue 30; tsx is still installed as drizzle-kit's dependency). Per run: the time from spawn to the
 * first 200 of `/api/ready`, the resident memory then (VmRSS) and its peak so far (VmHWM); the table
 * gives the median and the worst of each. Usage: `npm run bench:startup [-- --compare-tsx]`.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const runs = Number(process.env.BENCH_RUNS ?? 5);
const port = Number(process.env.BENCH_PORT ?? 3999);
const base = `http://127.0.0.1:${port}`;
const serverDir = fileURLToPath(new URL('../apps/server', import.meta.url));

interface Mode {
  name: string;
  args: string[];
}

const modes: Mode[] = [{ name: 'node src/server.ts (types stripped by Node.js)', args: ['src/server.ts'] }];
if (process.argv.includes('--compare-tsx')) {
  const tsx = pathToFileURL(createRequire(path.join(serverDir, 'package.json')).resolve('tsx')).href;
  modes.push({ name: 'node --import tsx src/server.ts (before)', args: ['--import', tsx, 'src/server.ts'] });
}

function start(args: string[], dataDir: string): ChildProcess {
  return spawn(process.execPath, args, {
    cwd: serverDir,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      // Start-up as measured before issue 28: with the demo seeded into the empty database.
      DEMO: '1',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

async function readyAfter(startedAt: number, child: ChildProcess): Promise<number> {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/api/ready`)).ok) return performance.now() - startedAt;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** VmRSS and VmHWM of a process, in MiB (Linux). */
async function memory(pid: number) {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const field = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1]) / 1024;
  return { rss: field('VmRSS'), peak: field('VmHWM') };
}

async function stop(child: ChildProcess) {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
};

const work = await mkdtemp(path.join(os.tmpdir(), 'jewel-bench-startup-'));
try {
  // One database migrated and seeded by a first start; every measured start opens a copy of it.
  const seeded = path.join(work, 'seeded');
  const first = start(['src/server.ts'], seeded);
  await readyAfter(performance.now(), first);
  await stop(first);

  const rows: string[] = [];
  for (const mode of modes) {
    const times: number[] = [];
    const rss: number[] = [];
    const peaks: number[] = [];
    for (let run = 0; run < runs; run++) {
      const dataDir = path.join(work, `run-${run}`);
      await cp(seeded, dataDir, { recursive: true });
      const startedAt = performance.now();
      const child = start(mode.args, dataDir);
      times.push(await readyAfter(startedAt, child));
      const used = await memory(child.pid as number);
      rss.push(used.rss);
      peaks.push(used.peak);
      await stop(child);
      await rm(dataDir, { recursive: true, force: true });
    }
    const ms = (value: number) => `${Math.round(value)} ms`;
    const mib = (value: number) => `${value.toFixed(0)} MiB`;
    rows.push(
      `| ${mode.name} | ${ms(median(times))} | ${ms(Math.max(...times))} | ${mib(median(rss))} | ${mib(median(peaks))} |`,
    );
  }
  console.log(
    `\nServer start on the embedded database (${runs} runs each, Node.js ${process.version}, load ${os.loadavg()[0]?.toFixed(1)})\n`,
  );
  console.log('| command | ready, median | ready, worst | RSS at ready, median | peak RSS, median |');
  console.log('|---|---|---|---|---|');
  for (const row of rows) console.log(row);
} finally {
  await rm(work, { recursive: true, force: true });
}
