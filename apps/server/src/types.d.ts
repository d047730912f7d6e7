import type { RouteDef } from '@jewel/contract/route';
import type { Lang } from '@jewel/contract/values/i18n';
import type { onRequestAsyncHookHandler } from 'fastify';
import type { Config } from './config.ts';
import type { Database, Db } from './db/client.ts';
import type { LiveHub } from './domain/live-hub.ts';
import type { AuthContext } from './domain/sessions.ts';
import type { TokenService } from './plugins/app/auth.ts';
import type { Readiness } from './plugins/app/readiness.ts';
import type { Metrics } from './plugins/external/metrics.ts';
import type { Storage } from './plugins/external/storage.ts';

/** What the plugins decorate (each names its plugin), for features/, domain/ and lib/ to use without importing plugins/. */
declare module 'fastify' {
  interface FastifyInstance {
    /** config */
    config: Config;
    /** database */
    database: Database;
    db: Db;
    /** storage */
    storage: Storage;
    /** auth */
    tokens: TokenService;
    /** auth: the hook that settles who calls a route of this access; none for a public route. */
    accessGuard(route: Pick<RouteDef, 'access' | 'method'>): onRequestAsyncHookHandler | undefined;
    /** live: this instance's open event streams and its one LISTEN connection. */
    live: LiveHub;
    /** metrics: this instance's Prometheus registry and the counters other plugins feed. */
    metrics: Metrics;
    /** readiness: each dependency's kind and state, within a short timeout (/api/ready). */
    readiness(): Promise<Readiness>;
    /**
     * connections: the first step of stopping (server.ts): the listener closes and the open
     * connections are answered for at most `ms`, each answer closing its connection.
     */
    drain(ms: number): Promise<void>;
    /** connections: whether the instance has begun to stop (/api/ready then answers 503). */
    readonly stopping: boolean;
    /** `METHOD path` of every route registered, for the contract test (app.ts). */
    registeredRoutes: Set<string>;
  }
  interface FastifyRequest {
    /** request-headers */
    lang: Lang;
    /** auth */
    auth: AuthContext | null;
  }
}
