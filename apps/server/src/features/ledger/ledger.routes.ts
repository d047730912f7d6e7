import { ledgerRoutes } from '@jewel/contract/ledger';
import { suspiciousRoutes } from '@jewel/contract/suspicious';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { shopTimeZone } from '../../domain/shop.ts';
import { registerRoute, sendDownload } from '../../lib/route.ts';
import { requireAuth } from '../../plugins/app/auth.ts';
import * as ledger from './ledger.service.ts';
import * as suspicious from './suspicious.service.ts';

/**
 * The dealer's ledger (PRODUCT.md "The dealer's ledger"): staff recorders read, correct and
 * export it (access 'recorder'). No route edits or deletes an entry; the buyback writes them.
 */
async function routes(app: FastifyInstance) {
  const deps = async (): Promise<ledger.LedgerDeps> => ({
    db: app.db,
    secret: app.config.jwtSecret,
    storage: app.storage,
    timeZone: await shopTimeZone(app.db, app.config),
  });

  registerRoute(app, ledgerRoutes.ledgerList, async ({ query }, request) =>
    ledger.list(await deps(), requireAuth(request), query, request.lang),
  );

  registerRoute(app, ledgerRoutes.ledgerDetail, async ({ params }, request) =>
    ledger.detail(await deps(), requireAuth(request), params.id, request.lang),
  );

  registerRoute(app, ledgerRoutes.ledgerCorrect, async ({ params, body }, request) =>
    ledger.correct(await deps(), requireAuth(request), params.id, body, request.lang),
  );

  registerRoute(app, ledgerRoutes.ledgerExport, async ({ query }, request, reply) => {
    const file = await ledger.exportFile(await deps(), requireAuth(request), query, request.lang);
    return sendDownload(reply, file, file.contentType);
  });

  // Suspicious transactions (犯罪収益移転防止法 §8): staff recorders flag, review and export.
  const flagDeps = async (): Promise<suspicious.SuspiciousDeps> => ({
    db: app.db,
    timeZone: await shopTimeZone(app.db, app.config),
  });
  registerRoute(app, suspiciousRoutes.suspiciousFlag, async ({ params, body }, request) =>
    suspicious.flag(await flagDeps(), requireAuth(request), params.id, body, request.lang),
  );
  registerRoute(app, suspiciousRoutes.suspiciousList, async ({ query }, request) =>
    suspicious.list(await flagDeps(), requireAuth(request), query, request.lang),
  );
  registerRoute(app, suspiciousRoutes.suspiciousReview, async ({ params, body }, request) =>
    suspicious.review(await flagDeps(), requireAuth(request), params.id, body, request.lang),
  );
  registerRoute(app, suspiciousRoutes.suspiciousExport, async ({ query }, request, reply) => {
    const file = await suspicious.exportReports(await flagDeps(), requireAuth(request), query, request.lang);
    return sendDownload(reply, file, 'text/csv; charset=utf-8');
  });
}

export const ledgerFeature = fp(routes, {
  name: 'ledger-routes',
  dependencies: ['auth', 'config', 'database'],
  encapsulate: true,
});
