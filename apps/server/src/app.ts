import Fastify, { type FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { auditFeature } from './features/audit/audit.routes.ts';
import { authFeature } from './features/auth/auth.routes.ts';
import { branchFeature } from './features/branch/branch.routes.ts';
import { calibrationFeature } from './features/calibration/calibration.routes.ts';
import { catalogFeature } from './features/catalog/catalog.routes.ts';
import { certificateFeature } from './features/certificate/certificate.routes.ts';
import { commodityFeature } from './features/commodity/commodity.routes.ts';
import { customerFeature } from './features/customer/customer.routes.ts';
import { dictionaryFeature } from './features/dictionary/dictionary.routes.ts';
import { informationFeature } from './features/information/information.routes.ts';
import { inquiryFeature } from './features/inquiry/inquiry.routes.ts';
import { knowledgeFeature } from './features/knowledge/knowledge.routes.ts';
import { ledgerFeature } from './features/ledger/ledger.routes.ts';
import { liveFeature } from './features/live/live.routes.ts';
import { notificationFeature } from './features/notification/notification.routes.ts';
import { operationsFeature } from './features/operations/operations.routes.ts';
import { setupFeature } from './features/setup/setup.routes.ts';
import { shopFeature } from './features/shop/shop.routes.ts';
import { staffFeature } from './features/staff/staff.routes.ts';
import { systemFeature } from './features/system/system.routes.ts';
import { tagFeature } from './features/tag/tag.routes.ts';
import { temporaryLinkFeature } from './features/temporary-link/temporary-link.routes.ts';
import { uploadFeature } from './features/upload/upload.routes.ts';
import { userFeature } from './features/user/user.routes.ts';
import { watchFeature } from './features/watch/watch.routes.ts';
import { loggerOptions } from './lib/logging.ts';
import { inDependencyOrder, type Registration } from './lib/plugin-order.ts';
import auth from './plugins/app/auth.ts';
import errors, { clientErrorHandler, frameworkErrorHandler } from './plugins/app/errors.ts';
import live from './plugins/app/live.ts';
import readiness from './plugins/app/readiness.ts';
import requestHeaders from './plugins/app/request-headers.ts';
import schemas from './plugins/app/schemas.ts';
import compress from './plugins/external/compress.ts';
import configPlugin from './plugins/external/config.ts';
import connections, { connectionOptions } from './plugins/external/connections.ts';
import databasePlugin from './plugins/external/database.ts';
import metricsPlugin from './plugins/external/metrics.ts';
import multipart from './plugins/external/multipart.ts';
import openapi from './plugins/external/openapi.ts';
import security from './plugins/external/security.ts';
import storagePlugin, { type Storage } from './plugins/external/storage.ts';
import webApp from './plugins/external/web-app.ts';

export interface AppOptions {
  config: Config;
  database: Database;
  storage?: Storage;
  /** Standard output when true (the default); tests pass a stream to read the lines. */
  logger?: boolean | DestinationStream;
}

/** The features: each registers its routes, encapsulated, and names the plugins it uses. */
const features = [
  authFeature,
  catalogFeature,
  certificateFeature,
  commodityFeature,
  customerFeature,
  dictionaryFeature,
  informationFeature,
  inquiryFeature,
  knowledgeFeature,
  ledgerFeature,
  calibrationFeature,
  liveFeature,
  notificationFeature,
  setupFeature,
  shopFeature,
  branchFeature,
  staffFeature,
  auditFeature,
  operationsFeature,
  systemFeature,
  tagFeature,
  temporaryLinkFeature,
  uploadFeature,
  userFeature,
  watchFeature,
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
  app.decorate('registeredRoutes', new Set<string>());
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') app.registeredRoutes.add(`${method} ${route.url}`);
    }
  });

  // What every feature relies on, in the order of their declared dependencies; then the features,
  // whose routes the plugins' hooks (compression, the OpenAPI document, the route list) see register.
  const plugins: Registration[] = [
    [auth],
    [compress],
    [configPlugin, { config }],
    [connections],
    [databasePlugin, { database }],
    [errors],
    [live],
    [metricsPlugin],
    [multipart],
    [openapi],
    [readiness],
    [requestHeaders],
    [schemas],
    [security],
    [storagePlugin, { storage }],
    [webApp],
  ];
  for (const [plugin, options] of inDependencyOrder(plugins)) await app.register(plugin, options);
  for (const feature of features) await app.register(feature);
  return app;
}
