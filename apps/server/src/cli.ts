import path from 'node:path';
import { parseArgs } from 'node:util';
import pino from 'pino';
import { isNotListening, sendCommand } from './cli/command-socket.ts';
import {
  type CommandAnswer,
  type CommandRequest,
  defaultContext,
  isCommand,
  RefusedError,
  runCommand,
  UsageError,
  usage,
} from './cli/operator-commands.ts';
import { type Config, loadConfig } from './config.ts';
import { type Database, openPglite, openPostgres } from './db/client.ts';
import { BackupRefusedError, restoreBackup } from './features/operations/backup.ts';
import { acquireDataDirLock, DataDirBusyError, type LockHolder } from './lib/data-dir-lock.ts';
import { ownerOnlyUmask } from './lib/data-dir-modes.ts';
import { createLogger } from './lib/logging.ts';

/** How long to wait for a server that holds the data directory but does not listen yet (still starting). */
const SERVER_START_WAIT_MS = 120_000;

const onStaleLock = (stale: LockHolder) =>
  console.error(`taking over the lock of pid ${stale.pid} (${stale.holder}), which is no longer running`);

async function runHere(database: Database, request: CommandRequest): Promise<CommandAnswer> {
  try {
    await database.migrate();
    return await runCommand(database, request);
  } finally {
    await database.close();
  }
}

/**
 * On the embedded database: through the running server when one holds the data directory,
 * otherwise here, holding its lock meanwhile so that no server opens it under us.
 */
async function runEmbedded(config: Config, request: CommandRequest): Promise<CommandAnswer> {
  const deadline = Date.now() + SERVER_START_WAIT_MS;
  let told = false;
  for (;;) {
    let lock: ReturnType<typeof acquireDataDirLock>;
    try {
      lock = acquireDataDirLock(config.dataDir, `command ${request.command}`, onStaleLock);
    } catch (error) {
      const holder = error instanceof DataDirBusyError ? error.holder : null;
      if (holder?.holder !== 'server') throw error;
      try {
        return await sendCommand(config.dataDir, request);
      } catch (sendError) {
        if (!isNotListening(sendError)) throw new RefusedError((sendError as Error).message);
        if (Date.now() > deadline) {
          throw new RefusedError(
            `the server (pid ${holder.pid}) holds ${config.dataDir} but does not answer on its command socket: ${(sendError as Error).message}`,
          );
        }
        if (!told) console.error(`waiting for the server (pid ${holder.pid}) to finish starting…`);
        told = true;
        await new Promise((resolve) => setTimeout(resolve, 250));
        continue;
      }
    }
    try {
      return await runHere(await openPglite(`${config.dataDir}/pglite`), request);
    } finally {
      lock.release();
    }
  }
}

/**
 * Restore writes into a fresh place and never through a server: on the embedded database it
 * holds DATA_DIR's lock itself, so that no server starts on the directory while it is filled.
 */
async function restore(dir: string | undefined, withoutIdentityKey: boolean): Promise<CommandAnswer> {
  if (!dir) throw new UsageError('restore needs the backup directory');
  const { config, storage } = defaultContext();
  const run = async (): Promise<CommandAnswer> => {
    try {
      return { status: 0, output: await restoreBackup(dir, { config, storage, withoutIdentityKey }) };
    } catch (error) {
      if (error instanceof BackupRefusedError) return { status: 1, output: error.message };
      throw error;
    }
  };
  if (config.databaseUrl) return run();
  let lock: ReturnType<typeof acquireDataDirLock>;
  try {
    lock = acquireDataDirLock(config.dataDir, 'command restore', onStaleLock);
  } catch (error) {
    if (!(error instanceof DataDirBusyError)) throw error;
    const holder = error.holder ? `pid ${error.holder.pid} (${error.holder.holder})` : 'another process';
    throw new RefusedError(
      `${config.dataDir} is in use by ${holder}: restore goes into a fresh DATA_DIR that no server or command uses`,
    );
  }
  try {
    return await run();
  } finally {
    lock.release();
  }
}

async function main(argv: string[]): Promise<CommandAnswer> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      mobile: { type: 'string' },
      name: { type: 'string' },
      role: { type: 'string' },
      password: { type: 'string' },
      now: { type: 'string' },
      'without-identity-key': { type: 'boolean' },
    },
  });
  const { 'without-identity-key': withoutIdentityKey = false, ...named } = values;
  const [command = '', ...args] = positionals;
  // The words after a command are files or directories: absolute, since a server may read them.
  const absolute = args.map((arg) => path.resolve(arg));
  if (command === 'restore') return restore(absolute[0], withoutIdentityKey);
  if (!isCommand(command)) throw new UsageError('unknown command');
  const request = { command, options: { ...named, args: absolute } };
  const config = loadConfig();
  // PostgreSQL takes concurrent writers; its triggers tell every server what changed.
  if (config.databaseUrl) return runHere(openPostgres(config.databaseUrl, 1), request);
  return runEmbedded(config, request);
}

// What a command writes (a restored DATA_DIR, a backup) is its owner's alone, as the server's is (lib/data-dir-modes.ts).
ownerOnlyUmask();
main(process.argv.slice(2)).then(
  ({ status, output }) => {
    (status === 0 ? console.log : console.error)(output);
    process.exitCode = status;
  },
  (error: Error) => {
    if (error instanceof UsageError) console.error(`${error.message}\n\n${usage}`);
    else if (error instanceof RefusedError || error instanceof DataDirBusyError) console.error(error.message);
    // Anything else is logged like the server's failures: by class, codes and frames, never the values it carries.
    else createLogger('error', pino.destination(2)).error({ err: error }, 'command failed');
    process.exitCode = error instanceof UsageError ? 2 : 1;
  },
);
