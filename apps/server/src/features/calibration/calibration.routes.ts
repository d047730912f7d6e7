import { calibrationRoutes } from '@jewel/contract/calibration';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { shopTimeZone } from '../../domain/shop.ts';
import { registerRoute, sendDownload } from '../../lib/route.ts';
import * as calibration from './calibration.service.ts';

/**
 * Appraiser calibration (PRODUCT.md "Calibration figures"): every regular user reads the shop's
 * and each valuer's figures and exports them (access 'regular': temporary users get 2031).
 */
async function routes(app: FastifyInstance) {
  const deps = async (): Promise<calibration.CalibrationDeps> => ({
    db: app.db,
    timeZone: await shopTimeZone(app.db, app.config),
  });

  registerRoute(app, calibrationRoutes.calibration, async ({ query }, request) =>
    calibration.calibration(await deps(), query, request.lang),
  );

  registerRoute(app, calibrationRoutes.calibrationExport, async ({ query }, request, reply) => {
    const file = await calibration.exportCsv(await deps(), query, request.lang);
    return sendDownload(reply, file, 'text/csv; charset=utf-8');
  });
}

export const calibrationFeature = fp(routes, {
  name: 'calibration-routes',
  dependencies: ['auth', 'config', 'database'],
  encapsulate: true,
});
