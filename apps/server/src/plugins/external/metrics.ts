import { createHash, timingSafeEqual } from 'node:crypto';
import { uploadRoutes } from '@jewel/contract/upload';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { THROTTLE_KINDS, type ThrottleKind } from '../../domain/throttle.ts';
import { AppError } from '../../lib/app-error.ts';
import { STORAGE_OPERATIONS, type StorageOperation } from './storage.ts';

/** The `route` of a request that matched no route (an unknown call, a refused URL). */
export const UNMATCHED_ROUTE = 'unmatched';

const UPLOAD_PATHS = new Set<string>([uploadRoutes.uploadImage.path, uploadRoutes.uploadPrivate.path]);
const UPLOAD_OUTCOMES = ['stored', 'refused', 'failed'] as const;

/** Seconds: from 5 ms (a cached read) to 10 s (a photo over a slow link, a PDF). */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export interface Metrics {
  /**
   * Counts a request refused while routing (a badly encoded path, a parameter too long), which
   * no hook sees: Fastify's `frameworkErrors` handler calls it (plugins/app/errors.ts).
   */
  countUnrouted(request: FastifyRequest, reply: FastifyReply): void;
  /** This instance's metrics; other plugins add theirs (readiness). */
  registry: Registry;
  /** This instance's metrics and the process's, in Prometheus' text format. */
  scrape(): Promise<string>;
  contentType: string;
  storageErrors: Counter<'operation'>;
}

let processRegistry: Registry | undefined;

/**
 * The process's own metrics (memory, CPU, event-loop delay, handles), made once per process:
 * every `collectDefaultMetrics` starts an event-loop delay monitor that is never stopped, and
 * apps built side by side in one process (the tests) share that process anyway.
 */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/** `2xx` … `5xx`. */
function statusClass(status: number): string {
  return `${Math.floor(status / 100)}xx`;
}

/** The web app's wildcard (plugins/external/web-app.ts), whose pages the not-found handler answers. */
const WEB_APP_ROUTE = '/*';

/**
 * The route's pattern (`/api/commodities/:id`), never the path asked for: no id, no query. A page
 * of the web app (`/commodity/123`) is its shell, answered by the not-found handler: the wildcard's.
 */
function routeLabel(request: FastifyRequest, status: number): string {
  if (request.is404) return status < 400 ? WEB_APP_ROUTE : UNMATCHED_ROUTE;
  return request.routeOptions.url ?? UNMATCHED_ROUTE;
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Whether the request carries `Authorization: Bearer <token>`, compared in constant time. */
export function bearsToken(request: FastifyRequest, token: string): boolean {
  const header = request.headers.authorization ?? '';
  const match = /^Bearer (.+)$/.exec(header);
  // Digests of equal length, so neither the length nor the first difference shows in the time taken.
  return timingSafeEqual(digest(match?.[1] ?? ''), digest(token)) && match !== null;
}

/**
 * `app.metrics`: Prometheus metrics of this instance in a registry of its own (apps built in one
 * process do not mix), served by the system feature at `/api/metrics`. Labels are patterns,
 * classes and fixed kinds: never an id, a mobile, a name, a token or a query.
 */
async function metrics(app: FastifyInstance) {
  const registry = new Registry();
  const registers = [registry];

  const labelNames = ['method', 'route', 'status_class'] as const;
  const requests = new Counter({
    name: 'jewel_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status class',
    labelNames,
    registers,
  });
  const duration = new Histogram({
    name: 'jewel_http_request_duration_seconds',
    help: 'Time from the request to its answer, by method, route pattern and status class',
    labelNames,
    buckets: DURATION_BUCKETS,
    registers,
  });
  const uploads = new Counter({
    name: 'jewel_uploads_total',
    help: 'Photo uploads: stored, refused (4xx: type, size, unreadable, access) or failed (5xx)',
    labelNames: ['outcome'],
    registers,
  });
  const storageErrors = new Counter({
    name: 'jewel_storage_errors_total',
    help: 'Failed calls to the photo storage, by operation',
    labelNames: ['operation'],
    registers,
  });
  const throttled = new Counter({
    name: 'jewel_login_throttle_refusals_total',
    help: 'Password attempts refused by a login limit, by count: pair (account and address), address, account, password (changing it), passkeyOptions (passkey sign-in options asked), providerStart (provider sign-ins started)',
    labelNames: ['kind'],
    registers,
  });
  new Gauge({
    name: 'jewel_live_streams',
    help: 'Live event streams open on this instance',
    registers,
    collect() {
      this.set(app.live.size);
    },
  });
  if (app.database.poolStats) {
    const poolStats = app.database.poolStats.bind(app.database);
    const pool = (name: string, help: string, read: (stats: ReturnType<typeof poolStats>) => number) =>
      new Gauge({
        name: `jewel_db_pool_${name}`,
        help,
        registers,
        collect() {
          this.set(read(poolStats()));
        },
      });
    pool('max', 'Connections the PostgreSQL pool opens at most (DATABASE_POOL_SIZE)', (stats) => stats.max);
    pool('in_use', 'PostgreSQL connections running a query or transaction', (stats) => stats.total - stats.idle);
    pool('idle', 'PostgreSQL connections open and idle', (stats) => stats.idle);
    pool('waiting', 'Queries waiting for a PostgreSQL connection (the pool is exhausted)', (stats) => stats.waiting);
  }
  // Every series of fixed kinds exists from the start, at 0: a rate over it needs no first event.
  for (const outcome of UPLOAD_OUTCOMES) uploads.inc({ outcome }, 0);
  for (const operation of STORAGE_OPERATIONS satisfies readonly StorageOperation[]) storageErrors.inc({ operation }, 0);
  for (const kind of [...THROTTLE_KINDS, 'other'] satisfies ThrottleKind[]) throttled.inc({ kind }, 0);

  app.addHook('onError', async (_request, _reply, error) => {
    if (error instanceof AppError && error.options.throttled) throttled.inc({ kind: error.options.throttled });
  });
  const count = (method: string, route: string, status: number, seconds: number) => {
    const labels = { method, route, status_class: statusClass(status) };
    requests.inc(labels);
    duration.observe(labels, seconds);
  };
  app.addHook('onResponse', async (request, reply) => {
    const route = routeLabel(request, reply.statusCode);
    count(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
    if (request.method === 'POST' && UPLOAD_PATHS.has(route)) {
      const outcome = reply.statusCode < 400 ? 'stored' : reply.statusCode < 500 ? 'refused' : 'failed';
      uploads.inc({ outcome });
    }
  });

  const processWide = processMetrics();
  app.decorate('metrics', {
    countUnrouted(request, reply) {
      const started = performance.now();
      reply.raw.once('finish', () =>
        count(request.method, UNMATCHED_ROUTE, reply.statusCode, (performance.now() - started) / 1000),
      );
    },
    registry,
    scrape: async () => (await registry.metrics()) + (await processWide.metrics()),
    contentType: registry.contentType,
    storageErrors,
  } satisfies Metrics);
}

export default fp(metrics, { name: 'metrics', dependencies: ['config', 'database', 'live'] });
