import { createHash } from 'node:crypto';
import { certificateRoutes } from '@jewel/contract/certificate';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../../lib/app-error.ts';
import { registerRoute, sendDownload } from '../../lib/route.ts';
import { requireAuth } from '../../plugins/app/auth.ts';
import * as certificate from './certificate.service.ts';
import { pageLang, verifyErrorHtml, verifyPageHtml } from './verify-page.ts';

/**
 * Certificates (contract route, regular users) and the public verification page
 * `GET /verify/:id` with its photos: plain routes outside the API and its OpenAPI document,
 * answered as HTML or an image, never the SPA. docs/decisions.md "Certificates and the
 * verification page".
 */
async function routes(app: FastifyInstance) {
  const deps = (): certificate.CertificateDeps => ({
    db: app.db,
    storage: app.storage,
    publicUrl: app.config.publicUrl,
    timeZone: app.config.shopTimezone,
  });

  registerRoute(app, certificateRoutes.certificateDownload, async ({ params, query }, request, reply) => {
    const file = await certificate.issue(
      deps(),
      requireAuth(request).userId,
      params.id,
      query.lang ?? request.lang,
      request,
    );
    return sendDownload(reply, file, 'application/pdf');
  });

  /** Headers of every verification answer: not indexed, no referrer to the places it links. */
  const publicHeaders = (reply: FastifyReply) =>
    reply.headers({ 'x-robots-tag': 'noindex, nofollow', 'referrer-policy': 'no-referrer' });

  const refuse = (reply: FastifyReply, kind: 'notFound' | 'tooMany', request: FastifyRequest, seconds = 0) => {
    const lang = pageLang((request.query as { lang?: unknown }).lang, request.headers['accept-language']);
    publicHeaders(reply)
      .code(kind === 'notFound' ? 404 : 429)
      .headers({ 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    if (kind === 'tooMany') reply.header('retry-after', String(seconds));
    return reply.send(verifyErrorHtml(kind, lang, seconds));
  };

  /** The link, or the answer already sent (404, 429). */
  const lookUp = async (request: FastifyRequest, reply: FastifyReply, id: string) => {
    try {
      const found = await certificate.findLink(app.db, id, request.ip);
      if (!found) refuse(reply, 'notFound', request);
      return found;
    } catch (error) {
      if (error instanceof AppError && error.errorName === 'rateLimited') {
        refuse(reply, 'tooMany', request, Number(error.options.params?.seconds ?? 60));
        return null;
      }
      throw error;
    }
  };

  const schema = { hide: true } as const;

  app.get<{ Params: { id: string }; Querystring: { lang?: string } }>(
    '/verify/:id',
    { schema },
    async (request, reply) => {
      const found = await lookUp(request, reply, request.params.id);
      if (!found) return reply;
      const lang = pageLang(request.query.lang, request.headers['accept-language']);
      const shown = await certificate.verification(app.db, found, lang);
      const html = verifyPageHtml(shown, lang, `/verify/${found.link.id}`, (instant) =>
        certificate.shopDate(instant, app.config.shopTimezone),
      );
      const etag = `"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"`;
      publicHeaders(reply).headers({
        'content-type': 'text/html; charset=utf-8',
        'cache-control': 'public, max-age=300',
        etag,
        vary: 'Accept-Language',
      });
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      return reply.send(html);
    },
  );

  app.get<{ Params: { id: string; n: string } }>('/verify/:id/photos/:n', { schema }, async (request, reply) => {
    const found = await lookUp(request, reply, request.params.id);
    if (!found) return reply;
    const n = /^[0-9]$/.test(request.params.n) ? Number(request.params.n) : -1;
    const photo = await certificate.photoOf(deps(), found, n);
    if (!photo) return refuse(reply, 'notFound', request);
    const type = photo.ext === 'png' ? 'image/png' : photo.ext === 'webp' ? 'image/webp' : 'image/jpeg';
    return publicHeaders(reply)
      .headers({
        'content-type': type,
        'content-length': String(photo.size),
        'cache-control': 'public, max-age=300',
        'content-disposition': 'inline',
      })
      .send(photo.stream);
  });
}

export const certificateFeature = fp(routes, {
  name: 'certificate-routes',
  dependencies: ['auth', 'config', 'database', 'storage'],
  encapsulate: true,
});
