import zlib from 'node:zlib';
import compress from '@fastify/compress';
import multipart from '@fastify/multipart';
import { validatorCompiler } from '@fastify/type-provider-zod';
import { UPLOAD_MAX_BYTES } from '@jewel/contract/values/limits';
import Fastify, { type FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { authFeature } from './features/auth/auth.routes.ts';
import { catalogFeature } from './features/catalog/catalog.routes.ts';
import { commodityFeature } from './features/commodity/commodity.routes.ts';
import { dictionaryFeature } from './features/dictionary/dictionary.routes.ts';
import { informationFeature } from './features/information/information.routes.ts';
import { inquiryFeature } from './features/inquiry/inquiry.routes.ts';
import { knowledgeFeature } from './features/knowledge/knowledge.routes.ts';
import { liveFeature } from './features/live/live.routes.ts';
import { notificationFeature } from './features/notification/notification.routes.ts';
import { systemFeature } from './features/system/system.routes.ts';
import { temporaryLinkFeature } from './features/temporary-link/temporary-link.routes.ts';
import { uploadFeature } from './features/upload/upload.routes.ts';
import { userFeature } from './features/user/user.routes.ts';
import { createTokenService } from './plugins/app/auth.ts';
import { clientErrorHandler, frameworkErrorHandler, registerErrorHandling } from './plugins/app/errors.ts';
import { loggerOptions } from './plugins/app/logging.ts';
import { registerRequestHeaders } from './plugins/app/request-headers.ts';
import { contractSerializerCompiler } from './plugins/app/serializer.ts';
import { connectionOptions, registerConnections } from './plugins/external/connections.ts';
import { registerOpenApi } from './plugins/external/openapi.ts';
import { registerSecurityHeaders } from './plugins/external/security.ts';
import { localStorage, type Storage } from './plugins/external/storage.ts';
import { registerWebApp } from './plugins/external/web-app.ts';

export interface AppOptions {
  config: Config;
  database: Database;
  storage?: Storage;
  /** Standard output when true (the default); tests pass a stream to read the lines. */
  logger?: boolean | DestinationStream;
}

/** The features, in the order their routes register. */
const features = [
  systemFeature,
  // Before the features whose caches follow its signals (the user feature's statistics).
  liveFeature,
  authFeature,
  userFeature,
  notificationFeature,
  dictionaryFeature,
  catalogFeature,
  uploadFeature,
  temporaryLinkFeature,
  inquiryFeature,
  informationFeature,
  knowledgeFeature,
  commodityFeature,
];

export async function buildApp({ config, database, storage, logger = true }: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger && { ...loggerOptions(config.logLevel), ...(logger === true ? {} : { stream: logger }) },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // Requests arriving while the server closes get our envelope instead (plugins/external/connections.ts).
    return503OnClosing: false,
    // Refusals made before our error handler runs answer our envelope too.
    frameworkErrors: frameworkErrorHandler,
    clientErrorHandler,
    ...connectionOptions(config),
  });
  registerConnections(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(contractSerializerCompiler);

  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('db', database.db);
  app.decorate('storage', storage ?? localStorage(`${config.dataDir}/uploads`));
  app.decorate('tokens', createTokenService(config.jwtSecret, config.accessTokenTtl));
  app.decorate('registeredRoutes', new Set<string>());
  app.decorateRequest('lang', 'en');
  app.decorateRequest('auth', null);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') app.registeredRoutes.add(`${method} ${route.url}`);
    }
  });
  registerRequestHeaders(app);
  registerErrorHandling(app);
  registerSecurityHeaders(app);
  // Brotli's default quality (11) costs more CPU than it saves on dynamic answers: 4 is the usual choice.
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
  await app.register(multipart, {
    limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 20, fieldSize: 1000, parts: 30 },
  });
  await registerOpenApi(app);
  for (const feature of features) await feature(app);
  await registerWebApp(app, config.webDist);
  return app;
}
