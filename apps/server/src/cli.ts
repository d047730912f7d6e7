import path from 'node:path';
import { parseArgs } from 'node:util';
import pino from 'pino';
import { isNotListening, sendCommand } from './cli/command-socket.ts';
import {
  type CommandAnswer,
  type CommandRequest,
  isCommand,
  RefusedError,
  runCommand,
  UsageError,
  usage,
} from './cli/operator-commands.ts';
import { type Config, loadConfig } from './config.ts';
import { type Database, openPglite, openPostgres } from './db/client.ts';
import { acquireDataDirLock, DataDirBusyError } from './lib/data-dir-lock.ts';
import { createLogger } from './lib/logging.ts';

/** How long to wait for a server that holds the data directory but does not listen yet (still starting). */
const SERVER_START_WAIT_MS = 120_000;

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
      lock = acquireDataDirLock(config.dataDir, `command ${request.command}`, (stale) =>
        console.error(`taking over the lock of pid ${stale.pid} (${stale.holder}), which is no longer running`),
      );
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
    },
  });
  const [command = '', ...args] = positionals;
  if (!isCommand(command)) throw new UsageError('unknown command');
  // The words after a command are files or directories: absolute, since a server may read them.
  const request = { command, options: { ...values, args: args.map((arg) => path.resolve(arg)) } };
  const config = loadConfig();
  // PostgreSQL takes concurrent writers; its triggers tell every server what changed.
  if (config.databaseUrl) return runHere(openPostgres(config.databaseUrl, 1), request);
  return runEmbedded(config, request);
}

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
