import fp from 'fastify-plugin';
import { LiveHub } from '../../domain/live-hub.ts';

/** Proxies commonly drop a connection silent for 60 s; a comment line every 25 s keeps it open. */
const HEARTBEAT_MS = 25_000;

/**
 * `app.live`: this instance's event streams (features/live serves them), its one LISTEN
 * connection, and the change signals that the caches of other plugins and features follow.
 */
export default fp(
  async (app) => {
    const hub = new LiveHub(app.database, app.log);
    app.decorate('live', hub);
    await hub.start(HEARTBEAT_MS);
    // Before the server stops accepting: open streams would otherwise hold `close()` forever.
    app.addHook('preClose', async () => hub.closeAll());
    app.addHook('onClose', async () => hub.stop());
  },
  { name: 'live', dependencies: ['database'] },
);
