import { isCleanText } from '@jewel/contract/input';
import { langFromHeader } from '@jewel/contract/values/i18n';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../../lib/app-error.ts';

/**
 * What every call reads from its headers before anything else: the caller's language, and the
 * text rule of the contract (`input.ts`). Headers are stored (the user agent in a session) and
 * logged, so a header holding a refused character is refused with 1001 naming it, as Node
 * itself refuses control characters in headers that arrive over the network.
 */
async function requestHeaders(app: FastifyInstance) {
  app.decorateRequest('lang', 'en');
  app.addHook('onRequest', async (request) => {
    request.lang = langFromHeader(request.headers.lang);
    for (const [name, value] of Object.entries(request.headers)) {
      const clean = Array.isArray(value) ? value.every(isCleanText) : typeof value !== 'string' || isCleanText(value);
      if (!clean) throw new AppError('validation', { params: { field: name }, data: { field: name, in: 'headers' } });
    }
  });
}

// After the check of a closing server: a request refused there reads none of its headers.
export default fp(requestHeaders, { name: 'request-headers', dependencies: ['connections'] });
