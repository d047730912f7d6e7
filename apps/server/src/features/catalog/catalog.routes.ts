import { catalogRoutes } from '@jewel/contract/catalog';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { translate } from '../../i18n/messages.ts';
import { AppError } from '../../lib/app-error.ts';
import { registerRoute } from '../../lib/route.ts';
import * as repo from './catalog.repository.ts';

async function routes(app: FastifyInstance) {
  registerRoute(app, catalogRoutes.brands, () => repo.listBrands(app.db));

  registerRoute(app, catalogRoutes.brandTypes, async ({ params }) => {
    if (!(await repo.brandExists(app.db, params.id))) throw new AppError('notFound');
    return repo.listBrandTypes(app.db, params.id);
  });

  registerRoute(app, catalogRoutes.categories, async (_input, request) => {
    const rows = await repo.listCategories(app.db);
    return rows.map((row) => ({ id: row.id, name: translate(row.name, request.lang) }));
  });

  registerRoute(app, catalogRoutes.materials, async (_input, request) => {
    const rows = await repo.listMaterials(app.db);
    return rows.map((row) => ({ id: row.id, name: translate(row.name, request.lang), purity: row.purity }));
  });

  registerRoute(app, catalogRoutes.workflows, async (_input, request) => {
    const rows = await repo.listWorkflows(app.db);
    return rows.map((row) => ({
      id: row.id,
      code: row.code,
      name: translate(row.name, request.lang),
      steps: row.steps,
    }));
  });

  registerRoute(app, catalogRoutes.products, ({ query }) => repo.listProducts(app.db, query));

  registerRoute(app, catalogRoutes.productReplenish, async ({ params, body }) => {
    const product = await repo.setReplenishStatus(app.db, params.id, body.replenish_status);
    if (!product) throw new AppError('notFound');
    return product;
  });
}

export const catalogFeature = fp(routes, {
  name: 'catalog-routes',
  dependencies: ['auth', 'database'],
  encapsulate: true,
});
