import fp from 'fastify-plugin';
import type { Config } from '../../config.ts';

/** The configuration read at start (config.ts), as `app.config`. */
export default fp(
  async (app, { config }: { config: Config }) => {
    app.decorate('config', config);
  },
  { name: 'config' },
);
