// Starts the real server for the browser journeys (and bench:web) on a fresh embedded database:
// builds the web app when apps/web/dist is missing or older than its sources, makes a temporary
// DATA_DIR (removed on exit), then runs apps/server's src/server.ts, which seeds the demo data
// into the empty database by itself. SIGTERM and SIGINT are forwarded to the server.
//
//   node e2e/start-server.mjs [--port 4173] [--no-build]   (--no-build: serve apps/web/dist as it is)
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const webDir = fileURLToPath(new URL('..', import.meta.url));
const rootDir = path.resolve(webDir, '../..');
const serverDir = path.join(rootDir, 'apps/server');
const portArg = process.argv.indexOf('--port');
const port = portArg > 0 ? process.argv[portArg + 1] : '4173';
// WEB_DIST (also read by the server) puts the build elsewhere, so that several checkouts' journeys can run at once.
const distDir = process.env.WEB_DIST ? path.resolve(process.env.WEB_DIST) : path.join(webDir, 'dist');

/** The newest modification time under `target` (a file or a directory), 0 when it does not exist. */
function newest(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = stat.mtimeMs;
  for (const entry of readdirSync(target)) {
    if (entry === 'node_modules') continue;
    latest = Math.max(latest, newest(path.join(target, entry)));
  }
  return latest;
}

function buildIfStale() {
  const built = existsSync(path.join(distDir, 'index.html')) ? statSync(path.join(distDir, 'index.html')).mtimeMs : 0;
  const sources = Math.max(
    ...['src', 'public', 'index.html', 'vite.config.ts', 'package.json'].map((f) => newest(path.join(webDir, f))),
    newest(path.join(rootDir, 'packages/contract/src')),
  );
  if (built > sources) return;
  console.log('start-server: building the web app');
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  // The build's output goes to stderr so that it is seen even where stdout is ignored (Playwright's webServer).
  const result = spawnSync(npm, ['run', 'build', '-w', 'apps/web', '--', '--outDir', distDir, '--emptyOutDir'], {
    cwd: rootDir,
    stdio: ['ignore', 2, 2],
  });
  if (result.status !== 0) {
    console.error(`start-server: the web build failed (exit ${result.status ?? result.signal})`);
    process.exit(1);
  }
}

if (!process.argv.includes('--no-build')) buildIfStale();

const dataDir = mkdtempSync(path.join(tmpdir(), 'jewel-e2e-'));
let removed = false;
function removeDataDir() {
  if (removed) return;
  removed = true;
  rmSync(dataDir, { recursive: true, force: true });
}
process.on('exit', removeDataDir);

// Node itself with tsx's loader, so that signals reach the server and not a wrapper.
const server = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
  cwd: serverDir,
  stdio: 'inherit',
  env: {
    ...process.env,
    DATA_DIR: dataDir,
    WEB_DIST: distDir,
    PORT: port,
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    DATABASE_URL: '',
  },
});

let stopping = false;
for (const signal of ['SIGTERM', 'SIGINT']) {
  process.on(signal, () => {
    stopping = true;
    if (server.exitCode === null && server.signalCode === null) server.kill(signal);
  });
}

server.on('exit', (code) => {
  removeDataDir();
  process.exit(code ?? (stopping ? 0 : 1));
});
