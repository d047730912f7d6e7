import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { paths } from '@jewel/contract/values/web-paths';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { readShop } from '../../domain/shop.ts';
import { sendRouteNotFound } from '../app/errors.ts';

const INDEX_PATH = '/index.html';
/** The `<html>` element as the build writes it: the demo's mark goes on it. */
const HTML_ELEMENT = /<html\b/;

/**
 * Serves the built web app. A GET for a path without a file extension that is no file gets
 * `index.html` (history-mode routes); a missing `.js` stays a 404, so a stale page never
 * receives HTML for a new chunk. Pages follow the shop's state (issue 28): while it is not set
 * up, every page sends the browser to the setup page, and once it is, the setup page sends it
 * on to the app; on the demo's data, `<html data-shop="demo">` makes every page say so.
 */
async function webApp(app: FastifyInstance) {
  const { webDist } = app.config;
  const indexFile = path.join(webDist, 'index.html');
  const hasWebApp = existsSync(indexFile);
  if (!hasWebApp) {
    app.setNotFoundHandler(sendRouteNotFound);
    return;
  }
  const html = readFileSync(indexFile, 'utf8');
  const demoHtml = html
    .replace(HTML_ELEMENT, '<html data-shop="demo"')
    .replace('</head>', `${demoBannerPreloads(webDist, html)}</head>`);

  async function sendPage(request: FastifyRequest, reply: FastifyReply) {
    const shop = await readShop(app.db);
    const url = request.url.split('?')[0] ?? '/';
    const onSetup = url === paths.setup;
    if (!shop && !onSetup && url !== INDEX_PATH) return reply.redirect(paths.setup);
    if (shop && onSetup) return reply.redirect(paths.root);
    return reply
      .header('Cache-Control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(shop?.demo ? demoHtml : html);
  }

  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: true,
    // index.html (and a folder's address, `/` first) is the not-found handler's, never a static
    // file: it carries the shop's state.
    index: false,
    allowedPath: (pathName) => pathName !== INDEX_PATH && !pathName.endsWith('/'),
    // The build writes .br and .gz beside each file (apps/web/precompress-plugin.ts).
    preCompressed: true,
    setHeaders(res, filePath) {
      const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
      res.header('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const isPage =
      request.method === 'GET' && (url === INDEX_PATH || (!url.startsWith('/api/') && path.extname(url) === ''));
    return isPage ? sendPage(request, reply) : sendRouteNotFound(request, reply);
  });
}

// Its not-found answer is the errors plugin's envelope, in the language request-headers read.
export default fp(webApp, { name: 'web-app', dependencies: ['config', 'errors', 'database'] });

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}

/** The module the demo banner is built from (apps/web/src/app/root-layout.tsx loads it). */
const DEMO_BANNER_MODULE = 'src/app/frame-banners.tsx';

/**
 * `<link rel="modulepreload">` (and stylesheet preloads) for the demo banner's chunks that the page
 * does not load already, from the build's manifest: on the demo every page shows the banner at
 * once, and on the sign-in page its sign-ins are the largest text (Lighthouse's LCP there). Empty
 * without a manifest (a build from before it, a test's stand-in page).
 */
export function demoBannerPreloads(webDist: string, html: string): string {
  const file = path.join(webDist, '.vite', 'manifest.json');
  if (!existsSync(file)) return '';
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as Record<string, ManifestChunk>;
  const scripts = new Set<string>();
  const styles = new Set<string>();
  const walk = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || scripts.has(chunk.file)) return;
    scripts.add(chunk.file);
    for (const sheet of chunk.css ?? []) styles.add(sheet);
    for (const imported of chunk.imports ?? []) walk(imported);
  };
  walk(DEMO_BANNER_MODULE);
  const missing = (asset: string) => !html.includes(`/${asset}`);
  return [
    ...[...scripts].filter(missing).map((asset) => `<link rel="modulepreload" crossorigin href="/${asset}">`),
    ...[...styles].filter(missing).map((asset) => `<link rel="preload" as="style" href="/${asset}">`),
  ].join('');
}
