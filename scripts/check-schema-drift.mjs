/**
 * The Drizzle schema (apps/server/src/db/schema/) must match the committed migrations
 * (apps/server/drizzle/): `drizzle-kit check` for the migrations' own consistency, then
 * `drizzle-kit generate` into a copy of them, which must find nothing to generate. A schema
 * change without its migration fails here. Usage: `npm run check:schema`.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const serverDir = fileURLToPath(new URL('../apps/server/', import.meta.url));
const migrationsDir = path.join(serverDir, 'drizzle');
const scratch = mkdtempSync(path.join(tmpdir(), 'jewel-schema-drift-'));

/** drizzle-kit with the project's config, its output folder moved to `out`. */
function drizzleKit(command, out) {
  const config = path.join(scratch, `${command}.config.ts`);
  writeFileSync(
    config,
    `import base from ${JSON.stringify(path.join(serverDir, 'drizzle.config.ts'))};\n` +
      // drizzle-kit reads `out` relative to the working directory.
      `export default { ...base, out: ${JSON.stringify(path.relative(serverDir, out))} };\n`,
  );
  // No terminal: a question (a rename?) would wait for ever; the timeout turns it into a failure.
  const run = spawnSync('npx', ['drizzle-kit', command, '--config', config], {
    cwd: serverDir,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    timeout: 120_000,
  });
  return { ok: run.status === 0, output: `${run.stdout ?? ''}${run.stderr ?? ''}`.trim() };
}

let failure = '';
try {
  const check = drizzleKit('check', migrationsDir);
  if (!check.ok) failure = `drizzle-kit check failed:\n${check.output}`;
  else {
    const copy = path.join(scratch, 'drizzle');
    cpSync(migrationsDir, copy, { recursive: true });
    const before = new Set(readdirSync(copy));
    const generate = drizzleKit('generate', copy);
    const added = readdirSync(copy).filter((file) => !before.has(file));
    if (!generate.ok) failure = `drizzle-kit generate failed:\n${generate.output}`;
    else if (added.length > 0) {
      const sql = added.filter((file) => file.endsWith('.sql'));
      failure =
        'The schema differs from the migrations: run `npm run db:generate -w apps/server` and commit the migration.\n' +
        sql.map((file) => `--- ${file}\n${readFileSync(path.join(copy, file), 'utf8')}`).join('\n');
    }
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
if (failure) {
  console.error(`check:schema: ${failure}`);
  process.exit(1);
}
console.log('check:schema: the Drizzle schema matches the migrations.');
