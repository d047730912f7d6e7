import { parseArgs } from 'node:util';
import { findCommand, RefusedError, UsageError, usage } from './cli/operator-commands.ts';
import { loadConfig } from './config.ts';
import { openPglite, openPostgres } from './db/client.ts';

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
    console.error(
      error instanceof UsageError
        ? `${error.message}\n\n${usage}`
        : error instanceof RefusedError
          ? error.message
          : error,
    );
    process.exitCode = error instanceof UsageError ? 2 : 1;
  },
);
