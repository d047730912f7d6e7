import { buildApp } from './app.ts';
import { serveCommands } from './cli/command-socket.ts';
import { runCommand } from './cli/operator-commands.ts';
import { loadConfig } from './config.ts';
import { type Database, openPglite, openPostgres } from './db/client.ts';
import { blankIndividualNumbers } from './domain/individual-numbers.ts';
import { shopRules } from './domain/shop.ts';
import { refreshNoticeSkeletons } from './domain/watch-match.ts';
import { runRetention, startRetentionSchedule } from './features/customer/retention.ts';
import { acquireDataDirLock, DataDirBusyError } from './lib/data-dir-lock.ts';
import { describeModes, ownerOnlyDataDir, ownerOnlyUmask } from './lib/data-dir-modes.ts';
import { seedDemo } from './seed/seed.ts';

// Everything the server writes is its owner's alone, from the keys loadConfig may write on (lib/data-dir-modes.ts).
ownerOnlyUmask();
const config = loadConfig();
const dataDirModes = ownerOnlyDataDir(config.dataDir);
/**
 * Requests in flight at SIGTERM get this long, then the process exits anyway: under the 10 s a
 * process manager commonly waits before SIGKILL (Docker's default), so it ends with its own log line.
 */
const SHUTDOWN_TIMEOUT_MS = 9_000;

// The embedded database is this process's alone for its life (lib/data-dir-lock.ts).
function lockDataDir() {
  try {
    return acquireDataDirLock(config.dataDir, 'server', (stale) =>
      console.error(
        `taking over the lock of ${config.dataDir} left by pid ${stale.pid} (${stale.holder}, started ${stale.startedAt}), which is no longer running`,
      ),
    );
  } catch (error) {
    if (!(error instanceof DataDirBusyError)) throw error;
    console.error(`Not starting: ${error.message}`);
    process.exit(1);
  }
}
const lock = config.databaseUrl ? undefined : lockDataDir();

const database: Database = config.databaseUrl
  ? openPostgres(config.databaseUrl, config.databasePoolSize)
  : await openPglite(`${config.dataDir}/pglite`);
await database.migrate();
// An empty database waits for its setup page (issue 28); DEMO=1 fills it with the demo data instead.
if (config.demo && (await seedDemo(database.db)).seeded)
  console.warn('DEMO=1: demo data seeded; its accounts share a public password');

const app = await buildApp({ config, database });
const modesChanged = describeModes(dataDirModes);
if (modesChanged) app.log.warn({ directories: dataDirModes.directories, files: dataDirModes.files }, modesChanged);
// Individual Numbers kept before issue 27 are blanked, once (domain/individual-numbers.ts); a count, never a number.
const individualNumbers = await blankIndividualNumbers(database.db, config.identityKey);
if (individualNumbers.blanked > 0)
  app.log.warn(
    { blanked: individualNumbers.blanked },
    'Individual Numbers (My Number) blanked from identity checks and ledger',
  );
if (individualNumbers.unreadable > 0)
  app.log.warn(
    { unreadable: individualNumbers.unreadable },
    'identity document numbers sealed with another IDENTITY_KEY',
  );
// Notices stored before the watch list's skeleton learnt a look-alike get the current one (domain/watch-match.ts).
const reskeletoned = await refreshNoticeSkeletons(database.db);
if (reskeletoned > 0) app.log.info({ notices: reskeletoned }, 'watch-list notices given the current mark skeleton');

/** Operator commands on the embedded database run here, through a socket in DATA_DIR (cli.ts). */
async function listenForCommands() {
  try {
    return await serveCommands(
      config.dataDir,
      (request) => runCommand(database, request, { config, storage: app.storage }),
      app.log,
    );
  } catch (error) {
    app.log.error({ err: error }, 'operator commands cannot reach this server: its command socket failed');
    return undefined;
  }
}
const stopCommands = database.kind === 'pglite' ? await listenForCommands() : undefined;

let closing = false;
// Set once listening; a SIGTERM that comes earlier has no schedule to stop.
let stopRetention = () => {};
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down: no new connections, answering the open ones');
  const timer = setTimeout(() => {
    app.log.error('shutdown took too long: exiting');
    process.exit(1);
  }, SHUTDOWN_TIMEOUT_MS);
  timer.unref();
  try {
    await app.drain(config.shutdownDrainSeconds * 1000);
    app.log.info('shutting down: closing the connections left');
    stopRetention();
    await stopCommands?.();
    await app.close();
    await database.close();
    lock?.release();
    process.exit(0);
  } catch (error) {
    app.log.error({ err: error }, 'shutdown failed');
    process.exit(1);
  }
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

// PGlite writes its files with modes of its own (0666 as it unpacks a new database, 0644 for the
// catalog cache it rewrites), past the umask: they are brought to 0600 before the first request,
// unlogged, as the database's own doing (DATA_DIR's 0700 keeps them from other accounts meanwhile).
ownerOnlyDataDir(config.dataDir);
await app.listen({ port: config.port, host: config.host });
// The runtime the project brings (node@24 in node_modules, docs/adr): operators see which one answers.
app.log.info({ node: process.version }, 'running on Node.js');

// The retention job, once a day; the advisory lock lets one instance at a time do it.
stopRetention = startRetentionSchedule(
  // The shop's retention as its managers set it, read at each run (issue 28).
  async () =>
    runRetention(app.db, app.storage, {
      now: new Date(),
      retentionMonths: (await shopRules(app.db, config)).retentionMonths,
      log: app.log,
    }),
  app.log,
);
