import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { LiveSignal } from './live-events.ts';

/**
 * What a service takes from the server, never the Fastify instance itself: the database handle,
 * the configuration, and `signalHere`, which tells this instance's caches at once that the
 * service committed a change (the same signal reaches every instance through PostgreSQL).
 */
export interface ServiceDeps {
  db: Db;
  config: Config;
  signalHere(kind: LiveSignal['kind']): void;
}

/** A route file's services' deps, from the plugins `database`, `config` and `live`. */
export function serviceDeps(app: FastifyInstance): ServiceDeps {
  return { db: app.db, config: app.config, signalHere: (kind) => app.live.signalHere(kind) };
}
