// Starts the real server for the browser journeys (and bench:web) on a fresh embedded database:
// builds the web app when apps/web/dist is missing or older than its sources, makes a temporary
// DATA_DIR (removed on exit), then runs apps/server's src/server.ts, which seeds the demo data
// into the empty database by itself. SIGTERM and SIGINT are forwarded to the server.
//
//   node e2e/start-server.mjs [--port 4173] [--no-build]   (--no-build: serve apps/web/dist as it is)
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildIfStale, distDir } from '../build-if-stale.mjs';

const webDir = fileURLToPath(new URL('..', import.meta.url));
const rootDir = path.resolve(webDir, '../..');
const serverDir = path.join(rootDir, 'apps/server');
const portArg = process.argv.indexOf('--port');
const port = portArg > 0 ? process.argv[portArg + 1] : '4173';

if (!process.argv.includes('--no-build')) buildIfStale('start-server');

const dataDir = mkdtempSync(path.join(tmpdir(), 'jewel-e2e-'));
let removed = false;
function removeDataDir() {
  if (removed) return;
  removed = true;
  rmSync(dataDir, { recursive: true, force: true });
}
process.on('exit', removeDataDir);

// Node itself (it strips the types), so that signals reach the server and not a wrapper.
const server = spawn(process.execPath, ['src/server.ts'], {
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
    // The journeys sign in with the demo accounts (issue 28); setup.spec.ts starts its own empty shop.
    DEMO: process.env.DEMO ?? '1',
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
