import { customerRoutes } from '@jewel/contract/customer';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { registerRoute } from '../../lib/route.ts';
import { requireAuth } from '../../plugins/app/auth.ts';
import * as customers from './customer.service.ts';

/** Customers as records (issue 13): recorders only; identity checks for staff recorders. */
async function routes(app: FastifyInstance) {
  registerRoute(app, customerRoutes.customerList, ({ query }, request) =>
    customers.list(app.db, requireAuth(request), query),
  );

  registerRoute(app, customerRoutes.customerCreate, ({ body }, request) =>
    customers.create(app.db, requireAuth(request), body),
  );

  registerRoute(app, customerRoutes.customerDetail, ({ params }, request) =>
    customers.detail(app.db, requireAuth(request), params.id),
  );

  registerRoute(app, customerRoutes.customerUpdate, ({ params, body }, request) =>
    customers.update(app.db, requireAuth(request), params.id, body),
  );

  registerRoute(app, customerRoutes.customerIdentityChecks, ({ params }, request) =>
    customers.identityChecks(app.db, app.config.jwtSecret, requireAuth(request), params.id),
  );
}

export const customerFeature = fp(routes, {
  name: 'customer-routes',
  dependencies: ['auth', 'config', 'database'],
  encapsulate: true,
});
