import { inquiryRoutes } from '@jewel/contract/inquiry';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { registerRoute } from '../../lib/route.ts';
import { requireAuth } from '../../plugins/app/auth.ts';
import * as inquiries from './inquiry.service.ts';

/** Price inquiries (PRODUCT.md "Product inquiry"): recorders register and close, valuers estimate. */
async function routes(app: FastifyInstance) {
  registerRoute(app, inquiryRoutes.inquiryCreate, ({ body }, request) =>
    inquiries.create(app.db, requireAuth(request), request.lang, body),
  );

  registerRoute(app, inquiryRoutes.inquiryList, ({ query }, request) =>
    inquiries.list(app.db, requireAuth(request), request.lang, query),
  );

  registerRoute(app, inquiryRoutes.inquiryDetail, ({ params }, request) =>
    inquiries.detail(app.db, requireAuth(request), request.lang, params.id),
  );

  registerRoute(app, inquiryRoutes.inquiryEstimate, ({ params, body }, request) =>
    inquiries.estimate(app.db, requireAuth(request), request.lang, params.id, body),
  );

  registerRoute(app, inquiryRoutes.inquiryClose, ({ params }, request) =>
    inquiries.close(app.db, requireAuth(request), request.lang, params.id),
  );
}

export const inquiryFeature = fp(routes, {
  name: 'inquiry-routes',
  dependencies: ['auth', 'database'],
  encapsulate: true,
});
