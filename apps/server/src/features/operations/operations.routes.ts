import { operationsRoutes } from '@jewel/contract/operations';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { registerRoute } from '../../lib/route.ts';
import { SERVER_VERSION, STARTED_AT } from '../../lib/version.ts';
import { requireAuth } from '../../plugins/app/auth.ts';
import { backUpNow, listBackups } from './operations.service.ts';

/** Operations in the browser, for the shop's managers (issue 28 item 8). */
async function routes(app: FastifyInstance) {
  registerRoute(app, operationsRoutes.operationsStatus, async () => ({
    version: SERVER_VERSION,
    runtime: process.version,
    started_at: STARTED_AT.toISOString(),
    checks: (await app.readiness()).checks,
    backups: { dir: app.config.backupDir, keep: app.config.backupKeep, items: await listBackups(app.config) },
  }));

  registerRoute(app, operationsRoutes.operationsBackup, async (_input, request) => {
    const backup = await backUpNow({ database: app.database, config: app.config, storage: app.storage });
    request.log.info(
      { by: requireAuth(request).userId, backup: backup.name, check: backup.check, bytes: backup.size_bytes },
      'backup written',
    );
    return backup;
  });
}

export const operationsFeature = fp(routes, {
  name: 'operations-routes',
  dependencies: ['auth', 'config', 'database', 'storage', 'readiness'],
  encapsulate: true,
});
