import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CURRENCIES, type Currency } from '@jewel/contract/values/dictionary';
import { type OidcProviderConfig, oidcProvidersConfig, type WechatConfig, wechatConfig } from './sign-in-config.ts';

export interface IdentityCheckRule {
  always: boolean;
  /** Per currency: a price at or above it needs the check. Absent currencies always need it. */
  thresholds: Partial<Record<Currency, number>>;
}

/** Where photos live (STORAGE): the local directory `DATA_DIR/uploads`, or an S3-compatible bucket. */
export type StorageConfig = { kind: 'local' } | S3Config;

export interface S3Config {
  kind: 's3';
  bucket: string;
  /** A provider other than AWS (MinIO, R2, OSS, COS); the SDK's AWS address when unset. */
  endpoint: string | undefined;
  region: string;
  /** Both or neither: without them the SDK's default chain (AWS_* variables, profile, instance role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** `host/bucket/key` instead of `bucket.host/key`: MinIO and loopback servers. */
  forcePathStyle: boolean;
  /** Put before every key, ending in `/` when set (`jewel/`); empty when unset. */
  prefix: string;
}

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** PostgreSQL when set; the embedded PGlite in `dataDir` otherwise. */
  databaseUrl: string | undefined;
  /** Connections this instance keeps to PostgreSQL at most (DATABASE_POOL_SIZE). */
  databasePoolSize: number;
  jwtSecret: string;
  /** Seconds an access token lives. */
  accessTokenTtl: number;
  /** Seconds a refresh token lives unused. */
  refreshTokenTtl: number;
  /**
   * Failed password checks (docs/decisions.md, "Login limits"): a count starts again after this
   * many seconds without a counted failure.
   */
  loginWindowSeconds: number;
  /** Failures of one account from one address before 429 until the window ends. */
  loginMaxFailuresPerAccountAddress: number;
  /** Failures from one address, whatever the accounts, before 429 until the window ends. */
  loginMaxFailuresPerAddress: number;
  /** Failures of one account from addresses it never signed in from, before checks are spaced out. */
  loginSlowdownAfterFailuresPerAccount: number;
  /** The longest space between two such checks (1 s, doubling, up to this). */
  loginSlowdownMaxSeconds: number;
  /** Wrong old passwords of one user within the window before changePass answers 429. */
  changePasswordMaxFailures: number;
  /** Passkey sign-in options one address may ask for in 5 minutes before 429 (each writes a challenge). */
  passkeyOptionsPerAddress: number;
  /** Provider sign-ins one address may start in 5 minutes before 429 (each writes a request under way). */
  providerStartsPerAddress: number;
  /** Seconds a used refresh token still answers its successor (two tabs, a lost answer). */
  refreshReuseGraceSeconds: number;
  /** The built web app; not served when it does not exist. */
  webDist: string;
  logLevel: string;
  /** Proxies in front of the server, whose X-Forwarded-For is trusted. */
  trustProxy: boolean;
  /** The shop's IANA time zone: the day in commodity numbers (`C20261121-0007`) is the shop's. */
  shopTimezone: string;
  /**
   * DEMO: an empty database is filled with the demo data at start, without the setup page (the
   * tests, the benchmarks, the journeys). Never on a real shop's database: a set-up shop is left as it is.
   */
  demo: boolean;
  /** The currency every form that takes one starts with (docs/decisions.md "The shop's currency"). */
  shopCurrency: Currency;
  /**
   * When a buyback needs the seller's identity check (ID_CHECK): `always` (the default), or
   * `above:CNY=5000,JPY=10000` — at or above that price in that currency; a currency not listed
   * always needs it. docs/decisions.md "Buying lawfully".
   */
  identityCheck: IdentityCheckRule;
  /**
   * Cash paid above these amounts for precious goods needs the verification at transaction
   * (AML_CASH_THRESHOLD: `JPY=2000000`, the default, Japan's 犯罪収益移転防止法; `off` for none; a
   * currency not listed has no such rule). docs/decisions.md "What the law asks at the counter:
   * money laundering".
   */
  amlCashThresholds: Partial<Record<Currency, number>>;
  /** AES-256-GCM key for identity document numbers (IDENTITY_KEY, 32 bytes in base64 or hex). */
  identityKey: Buffer;
  /** Months without an enrollment or buyback after which a customer's personal data goes (RETENTION_MONTHS). */
  retentionMonths: number;
  /**
   * The shop's address as customers reach it (PUBLIC_URL, e.g. `https://shop.example.com`), printed
   * in the QR codes of certificates and tags; unset, the address the request came to is used.
   */
  publicUrl: string | undefined;
  /**
   * Seconds a client may take to send a request's headers, to send the whole request (headers and
   * body), and to stay silent (no byte either way) in the middle of a request. The live-events
   * stream is exempt from the last: it stays open by design.
   */
  headersTimeout: number;
  requestTimeout: number;
  idleTimeout: number;
  /**
   * Seconds an instance keeps answering on the connections it has after SIGTERM, its listener
   * closed, before it closes them (SHUTDOWN_DRAIN_SECONDS; plugins/external/connections.ts).
   */
  shutdownDrainSeconds: number;
  storage: StorageConfig;
  /**
   * Where "back up now" in the back office writes its backups (BACKUP_DIR, default
   * `DATA_DIR/backups`), one directory each, the newest BACKUP_KEEP kept (default 7). The CLI's
   * `backup DIR` writes wherever it is told, and is never pruned.
   */
  backupDir: string;
  backupKeep: number;
  /**
   * Whether one staff recorder may acknowledge a watch-list alert alone (WATCH_ACK_SINGLE_PERSON);
   * by default a second staff member confirms with their own password (docs/decisions.md "The
   * watch list stops a buyback first").
   */
  watchAckSinglePerson: boolean;
  /**
   * The bearer token of `GET /api/metrics` (METRICS_TOKEN, 16 characters or more); unset, the
   * endpoint answers like an unknown call (docs/deploy.md "Metrics and alerts").
   */
  metricsToken: string | undefined;
  /** WeChat sign-in (WECHAT_APP_ID and WECHAT_APP_SECRET); undefined: not configured. */
  wechat: WechatConfig | undefined;
  /** OpenID Connect providers (OIDC_PROVIDERS), each shown on the sign-in page. */
  oidcProviders: OidcProviderConfig[];
}

const defaultWebDist = fileURLToPath(new URL('../../web/dist', import.meta.url));

function int(value: string | undefined, fallback: number): number {
  const parsed = Number.parseInt(value ?? '', 10);
  return Number.isFinite(parsed) ? parsed : fallback;
}

/** JWT_SECRET, or one generated once and kept in DATA_DIR so that restarts keep sessions. */
function jwtSecretFor(dataDir: string, fromEnv: string | undefined): string {
  if (fromEnv) return fromEnv;
  const file = path.join(dataDir, 'jwt-secret');
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    mkdirSync(dataDir, { recursive: true });
    const secret = randomBytes(48).toString('base64url');
    writeFileSync(file, secret, { mode: 0o600 });
    return secret;
  }
}

/** A whole number above zero: a timeout or a retention period is never switched off. */
function positiveWhole(name: string, value: string | undefined, fallback: number, unit = 'seconds'): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed <= 0)
    throw new RangeError(`${name} must be a whole number of ${unit} above 0`);
  return parsed;
}

/** The server exits 9 s after SIGTERM at the latest (server.ts): the drain takes 5 of them at most. */
function shutdownDrainSeconds(value: string | undefined): number {
  if (value === undefined || value === '') return 1;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0 || parsed > 5)
    throw new RangeError('SHUTDOWN_DRAIN_SECONDS must be a whole number of seconds from 0 to 5');
  return parsed;
}

function timeZone(value: string | undefined): string {
  const zone = value || 'Asia/Shanghai';
  // Throws a RangeError at start-up for a zone the runtime does not know.
  new Intl.DateTimeFormat('en', { timeZone: zone });
  return zone;
}

/** IDENTITY_KEY, or a key generated once and kept in DATA_DIR (one instance only: docs/deploy). */
function identityKeyFor(dataDir: string, fromEnv: string | undefined): Buffer {
  if (fromEnv) {
    const key = /^[0-9a-f]{64}$/i.test(fromEnv) ? Buffer.from(fromEnv, 'hex') : Buffer.from(fromEnv, 'base64');
    if (key.length !== 32) throw new RangeError('IDENTITY_KEY must be 32 bytes, in hex or base64');
    return key;
  }
  const file = path.join(dataDir, 'identity-key');
  try {
    return Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
  } catch {
    mkdirSync(dataDir, { recursive: true });
    const key = randomBytes(32);
    writeFileSync(file, key.toString('base64'), { mode: 0o600 });
    return key;
  }
}

export function identityCheckRule(value: string | undefined): IdentityCheckRule {
  const text = (value ?? '').trim();
  if (text === '' || text === 'always') return { always: true, thresholds: {} };
  const match = /^above:(.+)$/.exec(text);
  if (!match) throw new RangeError('ID_CHECK must be "always" or "above:CNY=5000,JPY=10000"');
  const thresholds: IdentityCheckRule['thresholds'] = {};
  for (const pair of (match[1] ?? '').split(',')) {
    const [code, amount] = pair.split('=').map((part) => part.trim());
    const known = CURRENCIES.find((candidate) => candidate === code?.toUpperCase());
    const figure = Number(amount);
    if (!known || !Number.isFinite(figure) || figure < 0)
      throw new RangeError(`ID_CHECK: "${pair}" is not CURRENCY=amount with one of ${CURRENCIES.join(', ')}`);
    thresholds[known] = figure;
  }
  return { always: false, thresholds };
}

export function amlCashThresholds(value: string | undefined): Partial<Record<Currency, number>> {
  const text = (value ?? '').trim();
  if (text === '') return { JPY: 2_000_000 };
  if (text === 'off') return {};
  const thresholds: Partial<Record<Currency, number>> = {};
  for (const pair of text.split(',')) {
    const [code, amount] = pair.split('=').map((part) => part.trim());
    const known = CURRENCIES.find((candidate) => candidate === code?.toUpperCase());
    const figure = Number(amount);
    if (!known || amount === '' || !Number.isFinite(figure) || figure < 0)
      throw new RangeError(`AML_CASH_THRESHOLD: "${pair}" is not CURRENCY=amount with one of ${CURRENCIES.join(', ')}`);
    thresholds[known] = figure;
  }
  return thresholds;
}

function publicUrl(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const url = new URL(value);
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new RangeError('PUBLIC_URL must be an http(s) address');
  return url.href.replace(/\/+$/, '');
}

function currency(value: string | undefined): Currency {
  const code = (value || 'CNY').trim().toUpperCase();
  const known = CURRENCIES.find((candidate) => candidate === code);
  if (!known) throw new RangeError(`SHOP_CURRENCY must be one of ${CURRENCIES.join(', ')}`);
  return known;
}

const S3_VARIABLES = [
  'S3_BUCKET',
  'S3_ENDPOINT',
  'S3_REGION',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'S3_FORCE_PATH_STYLE',
  'S3_PREFIX',
] as const;

/** STORAGE and the S3_ variables, refused at start-up when they cannot work. */
export function storageConfig(env: NodeJS.ProcessEnv): StorageConfig {
  const kind = (env.STORAGE ?? '').trim();
  const setS3 = S3_VARIABLES.filter((name) => env[name]);
  if (kind === '' || kind === 'local') {
    // Without STORAGE=s3 photos would quietly land on this machine's disk instead of the bucket.
    if (kind === '' && setS3.length > 0)
      throw new RangeError(
        `${setS3.join(', ')} set without STORAGE=s3: set STORAGE=s3, or STORAGE=local to ignore them`,
      );
    return { kind: 'local' };
  }
  if (kind !== 's3') throw new RangeError('STORAGE must be "local" or "s3"');
  const bucket = (env.S3_BUCKET ?? '').trim();
  if (!bucket) throw new RangeError('STORAGE=s3 needs S3_BUCKET, the name of the bucket that keeps the photos');
  let endpoint: string | undefined;
  if (env.S3_ENDPOINT) {
    const url = URL.canParse(env.S3_ENDPOINT) ? new URL(env.S3_ENDPOINT) : undefined;
    if (url?.protocol !== 'https:' && url?.protocol !== 'http:')
      throw new RangeError(
        'S3_ENDPOINT must be an http(s) address, such as https://<account>.r2.cloudflarestorage.com',
      );
    endpoint = url.href.replace(/\/+$/, '');
  }
  const accessKeyId = env.S3_ACCESS_KEY_ID ?? '';
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY ?? '';
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey))
    throw new RangeError(
      'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: set both, or neither for the default chain',
    );
  const pathStyle = env.S3_FORCE_PATH_STYLE ?? '';
  if (!['', '0', '1'].includes(pathStyle)) throw new RangeError('S3_FORCE_PATH_STYLE must be 1 or 0');
  const prefix = (env.S3_PREFIX ?? '').replace(/^\/+|\/+$/g, '');
  return {
    kind: 's3',
    bucket,
    endpoint,
    region: env.S3_REGION?.trim() || 'us-east-1',
    credentials: accessKeyId ? { accessKeyId, secretAccessKey } : undefined,
    forcePathStyle: pathStyle === '1',
    prefix: prefix ? `${prefix}/` : '',
  };
}

/** A switch: `true`/`1` or `false`/`0` (the default); anything else stops the start. */
function onOff(name: string, value: string | undefined): boolean {
  const setting = (value ?? '').trim().toLowerCase();
  if (setting === 'true' || setting === '1') return true;
  if (setting === '' || setting === 'false' || setting === '0') return false;
  throw new RangeError(`${name} must be true or false`);
}

/** METRICS_TOKEN: unset or empty switches the endpoint off; a short one is refused at start-up. */
export function metricsToken(value: string | undefined): string | undefined {
  const token = (value ?? '').trim();
  if (token === '') return undefined;
  if (token.length < 16 || /\s/.test(token))
    throw new RangeError('METRICS_TOKEN must be 16 characters or more without spaces, e.g. `openssl rand -hex 32`');
  return token;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const dataDir = path.resolve(env.DATA_DIR ?? './data');
  // A phone on a bad network sends a photo (≤ 1 MB after shrinking) in well under a minute; the
  // largest upload (20 MB) takes five minutes at 0.55 Mbit/s. A stalled client is cut after a minute.
  const requestTimeout = positiveWhole('REQUEST_TIMEOUT', env.REQUEST_TIMEOUT, 300);
  return {
    port: int(env.PORT, 3000),
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    databasePoolSize: positiveWhole('DATABASE_POOL_SIZE', env.DATABASE_POOL_SIZE, 10, 'connections'),
    jwtSecret: jwtSecretFor(dataDir, env.JWT_SECRET),
    accessTokenTtl: int(env.ACCESS_TOKEN_TTL, 15 * 60),
    refreshTokenTtl: int(env.REFRESH_TOKEN_TTL, 30 * 24 * 3600),
    loginWindowSeconds: int(env.LOGIN_WINDOW_SECONDS, 15 * 60),
    loginMaxFailuresPerAccountAddress: int(env.LOGIN_MAX_FAILURES_PER_ACCOUNT_ADDRESS, 5),
    loginMaxFailuresPerAddress: int(env.LOGIN_MAX_FAILURES_PER_ADDRESS, 30),
    loginSlowdownAfterFailuresPerAccount: int(env.LOGIN_SLOWDOWN_AFTER_FAILURES_PER_ACCOUNT, 20),
    loginSlowdownMaxSeconds: int(env.LOGIN_SLOWDOWN_MAX_SECONDS, 300),
    changePasswordMaxFailures: int(env.CHANGE_PASSWORD_MAX_FAILURES, 5),
    passkeyOptionsPerAddress: int(env.PASSKEY_OPTIONS_PER_ADDRESS, 30),
    providerStartsPerAddress: int(env.PROVIDER_STARTS_PER_ADDRESS, 30),
    refreshReuseGraceSeconds: int(env.REFRESH_REUSE_GRACE_SECONDS, 30),
    webDist: env.WEB_DIST ?? defaultWebDist,
    logLevel: env.LOG_LEVEL ?? 'info',
    trustProxy: env.TRUST_PROXY === '1',
    shopTimezone: timeZone(env.SHOP_TIMEZONE),
    shopCurrency: currency(env.SHOP_CURRENCY),
    identityCheck: identityCheckRule(env.ID_CHECK),
    amlCashThresholds: amlCashThresholds(env.AML_CASH_THRESHOLD),
    identityKey: identityKeyFor(dataDir, env.IDENTITY_KEY),
    retentionMonths: positiveWhole('RETENTION_MONTHS', env.RETENTION_MONTHS, 36, 'months'),
    publicUrl: publicUrl(env.PUBLIC_URL),
    // Node refuses a headers timeout longer than the request's.
    headersTimeout: Math.min(positiveWhole('HEADERS_TIMEOUT', env.HEADERS_TIMEOUT, 30), requestTimeout),
    requestTimeout,
    idleTimeout: positiveWhole('IDLE_TIMEOUT', env.IDLE_TIMEOUT, 60),
    shutdownDrainSeconds: shutdownDrainSeconds(env.SHUTDOWN_DRAIN_SECONDS),
    storage: storageConfig(env),
    backupDir: path.resolve(env.BACKUP_DIR || path.join(dataDir, 'backups')),
    backupKeep: positiveWhole('BACKUP_KEEP', env.BACKUP_KEEP, 7, 'backups'),
    watchAckSinglePerson: onOff('WATCH_ACK_SINGLE_PERSON', env.WATCH_ACK_SINGLE_PERSON),
    demo: onOff('DEMO', env.DEMO),
    metricsToken: metricsToken(env.METRICS_TOKEN),
    wechat: wechatConfig(env),
    oidcProviders: oidcProvidersConfig(env.OIDC_PROVIDERS),
  };
}
