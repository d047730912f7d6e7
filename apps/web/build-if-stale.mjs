// The web build in apps/web/dist (or WEB_DIST), made again only when a source is newer than it:
// shared by the browser journeys' server (e2e/start-server.mjs) and the size check
// (scripts/check-first-load.mjs), so that one build serves both.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const webDir = fileURLToPath(new URL('.', import.meta.url));
const rootDir = path.resolve(webDir, '../..');
// WEB_DIST (also read by the server) puts the build elsewhere, so that several checkouts' journeys can run at once.
export const distDir = process.env.WEB_DIST ? path.resolve(process.env.WEB_DIST) : path.join(webDir, 'dist');

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

/** Builds the web app into `distDir` unless the build there is newer than every source; exits on failure. */
export function buildIfStale(who) {
  const built = existsSync(path.join(distDir, 'index.html')) ? statSync(path.join(distDir, 'index.html')).mtimeMs : 0;
  // The build's plugins (`*-plugin.ts`) change the output as much as the sources do, and so does
  // first-load.mjs (what the service worker keeps at install).
  const plugins = readdirSync(webDir).filter((f) => f.endsWith('-plugin.ts'));
  const sources = Math.max(
    ...['src', 'public', 'index.html', 'vite.config.ts', 'package.json', 'first-load.mjs', ...plugins].map((f) =>
      newest(path.join(webDir, f)),
    ),
    newest(path.join(rootDir, 'packages/contract/src')),
  );
  if (built > sources) return;
  console.log(`${who}: building the web app`);
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  // The build's output goes to stderr so that it is seen even where stdout is ignored (Playwright's webServer).
  const result = spawnSync(npm, ['run', 'build', '-w', 'apps/web', '--', '--outDir', distDir, '--emptyOutDir'], {
    cwd: rootDir,
    stdio: ['ignore', 2, 2],
  });
  if (result.status !== 0) {
    console.error(`${who}: the web build failed (exit ${result.status ?? result.signal})`);
    process.exit(1);
  }
}
