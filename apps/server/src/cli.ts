import { parseArgs } from 'node:util';
import pino from 'pino';
import { findCommand, RefusedError, UsageError, usage } from './cli/operator-commands.ts';
import { loadConfig } from './config.ts';
import { openPglite, openPostgres } from './db/client.ts';
import { createLogger } from './plugins/app/logging.ts';

async function main(argv: string[]) {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      mobile: { type: 'string' },
      name: { type: 'string' },
      role: { type: 'string' },
      password: { type: 'string' },
    },
  });
  const name = positionals[0] ?? '';
  const command = findCommand(name);
  if (!command) throw new UsageError('unknown command');
  const config = loadConfig();
  const database = config.databaseUrl
    ? openPostgres(config.databaseUrl, 1)
    : await openPglite(`${config.dataDir}/pglite`);
  try {
    await database.migrate();
    return await command(database, { ...values, args: positionals.slice(1) });
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).then(
  (message) => console.log(message),
  (error: Error) => {
    if (error instanceof UsageError) console.error(`${error.message}\n\n${usage}`);
    else if (error instanceof RefusedError) console.error(error.message);
    // Anything else is logged like the server's failures: by class, codes and frames, never the values it carries.
    else createLogger('error', pino.destination(2)).error({ err: error }, 'command failed');
    process.exitCode = error instanceof UsageError ? 2 : 1;
  },
);
