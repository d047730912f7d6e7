import { createHash } from 'node:crypto';
import { certificateRoutes } from '@jewel/contract/certificate';
import type { Lang } from '@jewel/contract/values/i18n';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { readShop, shopIdentity, shopTimeZone } from '../../domain/shop.ts';
import { registerRoute, sendDownload } from '../../lib/route.ts';
import { requireAuth } from '../../plugins/app/auth.ts';
import * as certificate from './certificate.service.ts';
import { pageLang, verifyNotFoundHtml, verifyPageHtml } from './verify-page.ts';

/**
 * Certificates (contract route, regular users) and the public verification page
 * `GET /verify/:id` with its photos: plain routes outside the API and its OpenAPI document,
 * answered as HTML or an image, never the SPA. docs/decisions.md "Certificates and the
 * verification page".
 */
async function routes(app: FastifyInstance) {
  const deps = async (): Promise<certificate.CertificateDeps> => ({
    db: app.db,
    storage: app.storage,
    publicUrl: app.config.publicUrl,
    timeZone: await shopTimeZone(app.db, app.config),
  });

  registerRoute(app, certificateRoutes.certificateDownload, async ({ params, query }, request, reply) => {
    const file = await certificate.issue(
      await deps(),
      requireAuth(request),
      params.id,
      query.lang ?? request.lang,
      request,
    );
    return sendDownload(reply, file, 'application/pdf');
  });

  registerRoute(app, certificateRoutes.certificatePhotos, ({ params, body }, request) =>
    certificate.choosePhotos(app.db, requireAuth(request), params.id, body.photos),
  );

  /** Headers of every verification answer: not indexed, no referrer to the places it links. */
  const publicHeaders = (reply: FastifyReply) =>
    reply.headers({ 'x-robots-tag': 'noindex, nofollow', 'referrer-policy': 'no-referrer' });

  /** The demo's pages say so (issue 28). */
  const pageSource = async (lang: Lang) => ({
    demo: (await readShop(app.db))?.demo ?? false,
    shop: await shopIdentity(app.db, lang),
  });

  /**
   * The one answer for every address under /verify/ that shows nothing: an unknown or malformed
   * id, anything longer than an id, a path below one. Counted as a miss and held (holdMiss),
   * never refused; the time held is reported in Server-Timing. Not indexed, never the web app.
   */
  const notFound = async (request: FastifyRequest, reply: FastifyReply) => {
    const held = await certificate.holdMiss(app.db, request.ip);
    const lang = pageLang((request.query as { lang?: unknown }).lang, request.headers['accept-language']);
    publicHeaders(reply)
      .code(404)
      .headers({
        'content-type': 'text/html; charset=utf-8',
        'cache-control': 'no-store',
        'server-timing': `miss-delay;dur=${held}`,
      });
    return reply.send(verifyNotFoundHtml(lang, await pageSource(lang)));
  };

  /** The link, or null once the 404 is sent. */
  const lookUp = async (request: FastifyRequest, reply: FastifyReply, id: string) => {
    const found = await certificate.findLink(app.db, id);
    if (!found) await notFound(request, reply);
    return found;
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
      const timeZone = await shopTimeZone(app.db, app.config);
      const html = verifyPageHtml(
        shown,
        lang,
        `/verify/${found.link.id}`,
        (instant) => certificate.shopDate(instant, timeZone, lang),
        await pageSource(lang),
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
    const photo = await certificate.photoOf(await deps(), found, n);
    // A real id's photo that is not shown: 404, not a miss (the id was right).
    if (!photo) {
      const lang = pageLang(undefined, request.headers['accept-language']);
      return publicHeaders(reply)
        .code(404)
        .headers({ 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' })
        .send(verifyNotFoundHtml(lang, await pageSource(lang)));
    }
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

  // Anything else under /verify/ (longer than a route parameter may be, or a path below an id)
  // is the same clean 404 as an unknown id, not the web app's shell (issue 27, item 14).
  app.get('/verify/*', { schema }, notFound);
}

export const certificateFeature = fp(routes, {
  name: 'certificate-routes',
  dependencies: ['auth', 'config', 'database', 'storage'],
  encapsulate: true,
});
