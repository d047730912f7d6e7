import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';

/**
 * A CSP the app satisfies: its own scripts only, inline styles (antd-mobile sets style
 * attributes), photos from itself, data: and blob: (previews before upload), no framing.
 */
async function securityHeaders(app: FastifyInstance) {
  // Helmet itself, set up once: its Fastify plugin would set it up again on every request.
  const setHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        workerSrc: ["'self'", 'blob:'],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Photos are fetched by the app from the same origin; nothing else embeds them.
    crossOriginResourcePolicy: { policy: 'same-origin' },
  });
  app.addHook('onRequest', (request, reply, done) => setHeaders(request.raw, reply.raw, () => done()));
}

// After the header checks, as before: a request refused there is answered without these headers.
export default fp(securityHeaders, { name: 'security', dependencies: ['request-headers'] });
