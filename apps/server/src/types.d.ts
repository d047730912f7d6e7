import type { Lang } from '@jewel/contract/values/i18n';
import type { Config } from './config.ts';
import type { Database, Db } from './db/client.ts';
import type { SignalCache } from './lib/signal-cache.ts';
import type { AuthContext, LiveSession, TokenService } from './plugins/app/auth.ts';
import type { Storage } from './plugins/external/storage.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    db: Db;
    storage: Storage;
    tokens: TokenService;
    /** Sessions found live, by `userId:sessionId` (plugins/app/auth.ts). */
    liveSessions: SignalCache<string, LiveSession | null>;
    /** `METHOD path` of every route registered, for the contract test. */
    registeredRoutes: Set<string>;
  }
  interface FastifyRequest {
    lang: Lang;
    auth: AuthContext | null;
  }
}
