import fp from 'fastify-plugin';
import type { Database } from '../../db/client.ts';

/** The database opened and migrated by the caller (server.ts, the tests): `app.database` and its `app.db`. */
export default fp(
  async (app, { database }: { database: Database }) => {
    app.decorate('database', database);
    app.decorate('db', database.db);
  },
  { name: 'database' },
);
