import { auditRoutes } from '@jewel/contract/audit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { shopTimeZone } from '../../domain/shop.ts';
import { registerRoute, sendDownload } from '../../lib/route.ts';
import { requireAuth } from '../../plugins/app/auth.ts';
import * as audit from './audit.service.ts';

/**
 * The audit trail, for the shop's managers (issue 28 item 7): read it, and take it away as CSV;
 * the records of the branches each keeps (issue 32).
 */
async function routes(app: FastifyInstance) {
  const deps = async (): Promise<audit.AuditDeps> => ({
    db: app.db,
    timeZone: await shopTimeZone(app.db, app.config),
  });

  registerRoute(app, auditRoutes.auditList, async ({ query }, request) =>
    audit.list(await deps(), requireAuth(request).branchIds, query, request.lang),
  );

  registerRoute(app, auditRoutes.auditExport, async ({ query }, request, reply) => {
    const file = await audit.exportFile(await deps(), requireAuth(request).branchIds, query, request.lang);
    return sendDownload(reply, file, 'text/csv; charset=utf-8');
  });
}

export const auditFeature = fp(routes, {
  name: 'audit-routes',
  dependencies: ['auth', 'config', 'database'],
  encapsulate: true,
});
