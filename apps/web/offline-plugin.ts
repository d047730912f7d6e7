import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Plugin } from 'vite';
import { LANGS } from '../../packages/contract/src/values/i18n.ts';
import { paths, withQuery } from '../../packages/contract/src/values/web-paths.ts';

/** Larger files are fetched when a page asks for them, not at install. */
const PRECACHE_MAX_BYTES = 1024 * 1024;
const ICON_SIZES = [192, 512] as const;
const webRoot = import.meta.dirname;

/** A custom property's value in tokens.css: the colours live there and nowhere else. */
async function tokenColour(name: string): Promise<string> {
  const css = await readFile(path.join(webRoot, 'src', 'tokens.css'), 'utf8');
  const value = new RegExp(`${name}:\\s*(#[0-9a-fA-F]{3,6});`).exec(css)?.[1];
  if (!value) throw new Error(`offline-plugin: ${name} is no hex colour in tokens.css`);
  return value;
}

/** The gem of public/icon.svg on a full-bleed square, inside the maskable safe zone (80 %). */
function maskableSvg(icon: string, primary: string): string {
  const inner = icon.replace(/^<svg[^>]*>/, '').replace(/<\/svg>\s*$/, '');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="${primary}"/><g transform="translate(6.4 6.4) scale(0.8)">${inner}</g></svg>`;
}

/**
 * The installable app (issue 17): writes, at the build's root,
 * - `manifest-<lang>.webmanifest` for each language (`manifest.webmanifest` is zh-Hans, what
 *   index.html links before the app switches it to the current language), named from the
 *   `common` locale's app name, with the "new registration" shortcut that opens the camera;
 * - `icons/icon-<size>.png` and `icons/maskable-512.png` from public/icon.svg (sharp);
 * - `sw.js`: the service worker with the list of built files to keep and a version hash
 *   (the strategy per kind of request is in docs/decisions.md, "Installable and offline").
 */
export function offline(): Plugin {
  let outDir = '';
  return {
    name: 'jewel-offline',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async writeBundle() {
      const [primary, background] = await Promise.all([
        tokenColour('--app-color-primary'),
        tokenColour('--app-color-bg'),
      ]);
      const icon = await readFile(path.join(webRoot, 'public', 'icon.svg'), 'utf8');
      const { default: sharp } = await import('sharp');
      await mkdir(path.join(outDir, 'icons'), { recursive: true });
      await Promise.all([
        ...ICON_SIZES.map((size) =>
          sharp(Buffer.from(icon), { density: 72 * (size / 64) })
            .resize(size, size)
            .png()
            .toFile(path.join(outDir, 'icons', `icon-${size}.png`)),
        ),
        sharp(Buffer.from(maskableSvg(icon, primary)), { density: 72 * 8 })
          .resize(512, 512)
          .png()
          .toFile(path.join(outDir, 'icons', 'maskable-512.png')),
      ]);

      for (const lang of LANGS) {
        const common = JSON.parse(await readFile(path.join(webRoot, 'src', 'locales', lang, 'common.json'), 'utf8'));
        const manifest = {
          id: '/',
          name: common.appName,
          short_name: common.appName,
          lang,
          start_url: '/',
          scope: '/',
          display: 'standalone',
          theme_color: primary,
          background_color: background,
          icons: [
            ...ICON_SIZES.map((size) => ({
              src: `/icons/icon-${size}.png`,
              sizes: `${size}x${size}`,
              type: 'image/png',
            })),
            { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
          ],
          shortcuts: [
            {
              name: common.titles.commodityEnroll,
              url: withQuery(paths.commodityEnroll, { camera: '1' }),
              icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }],
            },
          ],
        };
        const text = `${JSON.stringify(manifest, null, 2)}\n`;
        await writeFile(path.join(outDir, `manifest-${lang}.webmanifest`), text);
        if (lang === 'zh-Hans') await writeFile(path.join(outDir, 'manifest.webmanifest'), text);
      }

      // What the worker keeps at install: index.html, every built asset (any page opens offline),
      // the public files at the root and the icons; never the precompressed copies.
      const listed: string[] = ['/index.html'];
      const hash = createHash('sha256');
      const add = async (dir: string, prefix: string) => {
        for (const entry of await readdir(path.join(outDir, dir), { withFileTypes: true })) {
          if (!entry.isFile() || /\.(br|gz)$/.test(entry.name) || entry.name === 'index.html' || entry.name === 'sw.js')
            continue;
          const file = path.join(outDir, dir, entry.name);
          if ((await stat(file)).size > PRECACHE_MAX_BYTES) continue;
          listed.push(`${prefix}${entry.name}`);
          if (dir !== 'assets') hash.update(await readFile(file));
        }
      };
      await add('', '/');
      await add('assets', '/assets/');
      await add('icons', '/icons/');
      listed.sort();
      hash.update(listed.join('\n'));
      hash.update(await readFile(path.join(outDir, 'index.html')));
      const version = hash.digest('hex').slice(0, 12);
      await writeFile(path.join(outDir, 'sw.js'), serviceWorker(version, listed));
    },
  };
}

function serviceWorker(version: string, precache: string[]): string {
  return `// Generated by apps/web/offline-plugin.ts: the app shell offline (issue 17).
const CACHE = 'jewel-shell-${version}';
const PRECACHE = ${JSON.stringify(precache)};
const KEPT = new Set(PRECACHE);
const NAVIGATION_TIMEOUT_MS = 3000;

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(PRECACHE)).then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((key) => key.startsWith('jewel-shell-') && key !== CACHE).map((key) => caches.delete(key))))
      .then(() => self.clients.claim()),
  );
});

// Pages: the network first (a new build shows at once); without an answer in 3 s, or without
// network, the kept index.html (the app then says it is offline).
async function page(request) {
  const cache = await caches.open(CACHE);
  const network = fetch(request);
  network.catch(() => {});
  const late = new Promise((resolve) => setTimeout(resolve, NAVIGATION_TIMEOUT_MS));
  try {
    const answer = await Promise.race([network, late]);
    if (answer) return answer;
  } catch {}
  const kept = await cache.match('/index.html');
  return kept || network;
}

// Built files carry their content's hash in their name: the kept copy is the right one.
async function keptFirst(request) {
  const cache = await caches.open(CACHE);
  const kept = await cache.match(request);
  if (kept) return kept;
  const answer = await fetch(request);
  if (answer.ok && new URL(request.url).pathname.startsWith('/assets/')) await cache.put(request, answer.clone());
  return answer;
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  // The API, the public verification pages and the worker itself: the network only, never kept.
  if (url.pathname.startsWith('/api/') || url.pathname.startsWith('/verify/') || url.pathname === '/sw.js') return;
  if (request.mode === 'navigate') event.respondWith(page(request));
  else if (url.pathname.startsWith('/assets/') || KEPT.has(url.pathname)) event.respondWith(keptFirst(request));
});
`;
}
