import { createHash } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { build, type Plugin } from 'vite';
import { LANGS } from '../../packages/contract/src/values/i18n.ts';
import {
  AFTER_IDLE_MODULES,
  chunkFiles,
  FIRST_LOAD_PAGES,
  filesFromManifest,
  type PageName,
  readManifest,
} from './first-load.mjs';

const webRoot = import.meta.dirname;

/**
 * Modules the app loads because the network has gone, which it cannot fetch then: the banner,
 * the age of kept data, the outbox (where an offline submit lands: a sub-page, so with the
 * sub-pages' route table) and its link, the toast that says a submit was queued, and the offline
 * texts of every language. Kept at install with the shell. Packages are named by their path
 * under node_modules.
 */
export const OFFLINE_MODULES = [
  'src/app/frame-banners.tsx',
  'src/app/offline-banner.tsx',
  'src/components/data-age-line.tsx',
  'src/app/outbox-link.tsx',
  'src/app/session-routes.ts',
  'src/app/routes/outbox.tsx',
  'src/lib/toast-show.ts',
  ...LANGS.map((lang) => `src/locales/${lang}/offline.json`),
];

/** The update prompt, which any page may show (`app-updates.ts` loads it when a new version waits). */
const UPDATE_NOTICE = 'src/lib/update-notice.tsx';

/**
 * The photo guide's outline drawings (`public/photo-guide/<outline>.svg`, the contract's
 * `outlinePath`), by URL path: the register page draws them on the shots not yet taken, offline
 * too (issue 29 item 10). Their names carry no hash: the version's hash covers their content.
 */
export function outlineList(distDir: string): string[] {
  const dir = path.join(distDir, 'photo-guide');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith('.svg'))
    .map((name) => `/photo-guide/${name}`)
    .sort();
}

/** A module's key in the build's manifest: its path from apps/web, or for a package, the key ending with its path. */
function manifestKey(keys: string[], module: string): string {
  if (module.startsWith('src/')) return module;
  return keys.find((key) => key.endsWith(`node_modules/${module}`)) ?? module;
}

/**
 * What the service worker keeps at install, by URL path: index.html, what the first-load size
 * check counts for each page (first-load.mjs), what every page loads when idle, the update
 * prompt, OFFLINE_MODULES and the photo guide's outlines.
 */
export function precacheList(distDir: string): string[] {
  const manifest = readManifest(distDir);
  const keys = Object.keys(manifest);
  const files = new Set(['/index.html']);
  for (const name of Object.keys(FIRST_LOAD_PAGES) as PageName[]) {
    for (const file of filesFromManifest(distDir, name)) files.add(file.path);
  }
  const later = [...AFTER_IDLE_MODULES, UPDATE_NOTICE, ...OFFLINE_MODULES].map((module) => manifestKey(keys, module));
  for (const file of chunkFiles(manifest, later, 'service worker')) files.add(file.path);
  for (const file of outlineList(distDir)) files.add(file);
  return [...files].sort();
}

/** Every file under the build's `assets/` by URL path, without the precompressed copies. */
async function assetList(distDir: string): Promise<string[]> {
  const names = await readdir(path.join(distDir, 'assets'));
  return names
    .filter((name) => !/\.(br|gz)$/.test(name))
    .map((name) => `/assets/${name}`)
    .sort();
}

/**
 * `/sw.js`, from `src/sw.ts` (typed by tsconfig.sw.json): built by Vite on its own, after the
 * app's files are written, as one classic script (every browser runs those as workers), with the
 * build's lists in place of `__PRECACHE__` and `__ASSETS__` and a version, the hash of the kept
 * files' names and of the content of those whose names carry none (index.html, early.js, the
 * photo guide's outlines).
 */
export function serviceWorker(): Plugin {
  let outDir = '';
  return {
    name: 'jewel-service-worker',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async writeBundle() {
      const precache = precacheList(outDir);
      const hash = createHash('sha256').update(precache.join('\n'));
      for (const file of precache.filter((name) => !name.startsWith('/assets/'))) {
        hash.update(await readFile(path.join(outDir, file)));
      }
      await build({
        configFile: false,
        root: webRoot,
        publicDir: false,
        logLevel: 'warn',
        define: {
          __PRECACHE__: JSON.stringify(precache),
          __ASSETS__: JSON.stringify(await assetList(outDir)),
          __VERSION__: JSON.stringify(hash.digest('hex').slice(0, 12)),
        },
        build: {
          outDir,
          emptyOutDir: false,
          copyPublicDir: false,
          target: 'es2022',
          lib: { entry: path.join(webRoot, 'src/sw.ts'), formats: ['iife'], name: 'sw', fileName: () => 'sw.js' },
        },
      });
    },
  };
}
