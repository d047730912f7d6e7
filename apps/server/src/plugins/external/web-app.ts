import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sendRouteNotFound } from '../app/errors.ts';

/**
 * Serves the built web app. A GET for a path without a file extension that is no file gets
 * `index.html` (history-mode routes); a missing `.js` stays a 404, so a stale page never
 * receives HTML for a new chunk.
 */
async function webApp(app: FastifyInstance) {
  const { webDist } = app.config;
  const hasWebApp = existsSync(path.join(webDist, 'index.html'));
  if (hasWebApp) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: true,
      index: 'index.html',
      // The build writes .br and .gz beside each file (apps/web/precompress-plugin.ts).
      preCompressed: true,
      setHeaders(res, filePath) {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const isPage = request.method === 'GET' && !url.startsWith('/api/') && path.extname(url) === '';
    if (hasWebApp && isPage) {
      reply.header('Cache-Control', 'no-cache');
      return reply.sendFile('index.html');
    }
    return sendRouteNotFound(request, reply);
  });
}

// Its not-found answer is the errors plugin's envelope, in the language request-headers read.
export default fp(webApp, { name: 'web-app', dependencies: ['config', 'errors'] });
