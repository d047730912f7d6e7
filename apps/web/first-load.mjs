// What the login and home pages load before they show, summed as gzip (level 9) of the build's
// files: shared by the size check in `npm test` (scripts/check-first-load.mjs), which reads the
// files from the build's manifest, and bench:web, which sees them in a browser and says when the
// two differ (then the page's `modules` below are out of date).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * Per page: its address, its budget (KiB of gzip, 1024 bytes) and the modules it loads besides
 * the entry of `index.html` and `EVERY_PAGE`: its route's code and what starts with it (the tab
 * bar, its texts, the dashboard's offline parts). Each pulls in its static
 * imports and their styles.
 */
export const FIRST_LOAD_PAGES = {
  login: {
    path: '/pages/login/index',
    // 163.6 before issue 13's five pages joined the route table and their calls the client;
    // 164.9 before issue 17's network store and its calls in the API client (165.6);
    // 166.0 before issue 16's cuts (own i18n layer, react-router's production build, styles and
    // inputs with their pages, shorter icon paths, early.js minified): 142.6; 144.0 counting
    // offline-start.ts, which the browser loads after `load` (167.9 in bench:web before the cuts).
    budgetKiB: 145,
    modules: ['src/app/routes/login.tsx', 'src/locales/zh-Hans/auth.json'],
  },
  home: {
    path: '/',
    // 171.8 before issue 13's shortcuts (customers, watch list, ledger) and alert count;
    // 174.7 before issue 14's scan entry and titles (175.2) and issue 17's network store,
    // outbox entry and offline states (176.2); 176.4 before issue 16's cuts (the sign-in page's,
    // and the text area, the other pages' styles and mutations out of the first load): 147.6;
    // 149.4 counting offline-start.ts and the offline parts, of which only what shows now loads
    // (186.5 in bench:web before the cuts).
    budgetKiB: 150,
    modules: [
      'src/app/tab-layout.tsx',
      'src/app/routes/home.tsx',
      'src/app/home-offline.tsx',
      'src/locales/zh-Hans/dashboard.json',
    ],
  },
};

/**
 * Every page: the HTML's module entry, React DOM and the providers (`main.tsx` imports them at
 * once), what `main.tsx` starts after `load` (the kept lists and the outbox, `offline-start.ts`),
 * `public/early.js`.
 */
const EVERY_PAGE = {
  modules: ['index.html', 'src/app/render-app.tsx', 'src/lib/offline-start.ts'],
  publicFiles: ['/early.js'],
};

/**
 * What pages load once the browser is idle after `load` (offline-start.ts asks for it): the
 * service worker's registration and update prompt, and the reload when a chunk of an older build
 * is gone (`app-updates.ts`); on a signed-in page, the live event stream and, right after a
 * sign-in at several branches, the branch chooser's question (require-session.tsx loads
 * signed-in-idle.tsx, which holds features/live/live-events.tsx and the chooser's lazy import);
 * on the sign-in page, the passkey's button (login-form.tsx, ADR 0103: 1.2 KiB, the WebAuthn
 * code itself only at a tap) and the sign-in providers' buttons. Not on the way to the first paint, so not counted in the budgets;
 * bench:web, which waits for a quiet network, may see it and lists it apart.
 */
export const AFTER_IDLE_MODULES = [
  'src/lib/app-updates.ts',
  'src/app/signed-in-idle.tsx',
  'src/features/auth/components/passkey-sign-in-button.tsx',
  'src/features/auth/components/provider-sign-in-buttons.tsx',
];

export const MANIFEST = '.vite/manifest.json';

const gzipCache = new Map();
/** Gzip size (zlib level 9) of a file of the build, by its URL path; undefined when the build has no such file. */
export function gzipOf(distDir, urlPath) {
  const file = path.join(distDir, decodeURIComponent(urlPath));
  if (!file.startsWith(distDir) || !existsSync(file)) return undefined;
  let size = gzipCache.get(file);
  if (size === undefined) {
    size = gzipSync(readFileSync(file), { level: 9 }).length;
    gzipCache.set(file, size);
  }
  return size;
}

/**
 * A page's load from the URL paths of the JS and CSS files it fetched: each with its gzip size,
 * and the sums in bytes. Throws when a file is not in the build.
 */
export function loadOf(distDir, name, files) {
  const sized = files.map(({ path: urlPath, type }) => {
    const gzip = gzipOf(distDir, urlPath);
    if (gzip === undefined) throw new Error(`${name} loads ${urlPath}, which is not in ${distDir}`);
    return { path: urlPath, type, gzip };
  });
  const sum = (type) => sized.filter((f) => f.type === type).reduce((total, f) => total + f.gzip, 0);
  const js = sum('js');
  const css = sum('css');
  return { name, files: sized, js, css, total: js + css };
}

/** The build's manifest (`build.manifest`): what each module's chunk imports. */
export function readManifest(distDir) {
  const manifestFile = path.join(distDir, MANIFEST);
  if (!existsSync(manifestFile)) throw new Error(`${manifestFile} is missing: build the web app`);
  return JSON.parse(readFileSync(manifestFile, 'utf8'));
}

/**
 * The JS and CSS files of modules (keys of the build's manifest): the chunk of each, with its
 * static imports and the styles of each. Throws, naming `who`, when a module is not in the
 * manifest (renamed or gone).
 */
export function chunkFiles(manifest, keys, who) {
  const files = new Map();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${who}: ${key} is not in the build's manifest`);
    if (files.has(`/${chunk.file}`)) return;
    files.set(`/${chunk.file}`, 'js');
    for (const css of chunk.css ?? []) files.set(`/${css}`, 'css');
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  return [...files].map(([urlPath, type]) => ({ path: urlPath, type }));
}

/**
 * The JS and CSS files of a page by the build's manifest: the chunks of its modules and of
 * `EVERY_PAGE`'s (chunkFiles), and `EVERY_PAGE`'s public files. Throws when a module is not in
 * the manifest.
 */
export function filesFromManifest(distDir, name) {
  const files = chunkFiles(readManifest(distDir), [...EVERY_PAGE.modules, ...FIRST_LOAD_PAGES[name].modules], name);
  return [...files, ...EVERY_PAGE.publicFiles.map((urlPath) => ({ path: urlPath, type: 'js' }))];
}

export const kib = (bytes) => bytes / 1024;
