import { dictionaryRoutes } from '@jewel/contract/dictionary';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { registerRoute } from '../../lib/route.ts';
import { presentDictionary } from './dictionary.presenter.ts';
import * as repo from './dictionary.repository.ts';

/** Reads without rules: no service between the routes and the repository. */
async function routes(app: FastifyInstance) {
  registerRoute(app, dictionaryRoutes.dictionary, async (_input, request) =>
    presentDictionary(await repo.listOptions(app.db), request.lang),
  );

  registerRoute(app, dictionaryRoutes.transWeb, async (_input, request) => {
    const rows = await repo.listWebTranslations(app.db, request.lang);
    return Object.fromEntries(rows.map((row) => [row.key, row.value]));
  });
}

export const dictionaryFeature = fp(routes, {
  name: 'dictionary-routes',
  dependencies: ['auth', 'database'],
  encapsulate: true,
});
