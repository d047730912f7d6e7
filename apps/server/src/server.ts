import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { type Database, openPglite, openPostgres } from './db/client.ts';
import { seedDemo } from './db/seed/seed.ts';

const config = loadConfig();
const database: Database = config.databaseUrl
  ? openPostgres(config.databaseUrl)
  : await openPglite(`${config.dataDir}/pglite`);
await database.migrate();
// The demo data seeds itself only into the embedded default's empty database (PRODUCT.md "Operations").
if (database.kind === 'pglite') await seedDemo(database.db);

const app = await buildApp({ config, database });

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down: finishing requests in flight');
  const timer = setTimeout(() => {
    app.log.error('shutdown took too long: exiting');
    process.exit(1);
  }, 15_000);
  timer.unref();
  try {
    await app.close();
    await database.close();
    process.exit(0);
  } catch (error) {
    app.log.error({ err: error }, 'shutdown failed');
    process.exit(1);
  }
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

await app.listen({ port: config.port, host: config.host });
