// The layers of ARCHITECTURE.md, checked on resolved paths: an import is read from the source,
// resolved against its file, and the file it reaches is matched against the rules below, however
// deep either file sits and however the path is written. Fixtures in scripts/boundary-fixtures/
// hold one import per rule that must be refused; the check runs them first and fails if any passes.
// Usage: node scripts/check-boundaries.mjs
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const SOURCES = ['apps/web/src', 'apps/server/src'];
const FIXTURES = 'scripts/boundary-fixtures';

/** A repository path's parts: `apps/web/src/features/x/y.ts` → web, ['features', 'x', 'y.ts']. */
function place(file) {
  const match = /^apps\/(web|server)\/src\/(.*)$/.exec(file);
  return match ? { app: match[1], parts: match[2].split('/') } : null;
}

/** Each rule says why; `refuses(from, to)` on the two places. */
export const RULES = [
  {
    name: 'feature-to-feature',
    why: 'A feature never imports another feature: what two need lives in a shared layer.',
    refuses: (from, to) =>
      from.app === to.app &&
      from.parts[0] === 'features' &&
      to.parts[0] === 'features' &&
      from.parts[1] !== to.parts[1],
  },
  {
    name: 'web-feature-to-app',
    why: 'A web feature never imports app/ (the router, the providers): app/ builds on the features.',
    refuses: (from, to) =>
      from.app === 'web' && from.parts[0] === 'features' && to.app === 'web' && to.parts[0] === 'app',
  },
  {
    name: 'server-feature-to-app',
    why: 'A server feature never imports app.ts, server.ts, cli.ts or cli/: those assemble the features.',
    refuses: (from, to) =>
      from.app === 'server' &&
      from.parts[0] === 'features' &&
      to.app === 'server' &&
      (['app.ts', 'server.ts', 'cli.ts'].includes(to.parts.join('/')) || to.parts[0] === 'cli'),
  },
  {
    name: 'server-db-upward',
    why: 'db/ is the bottom layer: it never imports lib/, domain/, features/ or plugins/.',
    refuses: (from, to) =>
      from.app === 'server' &&
      from.parts[0] === 'db' &&
      to.app === 'server' &&
      ['lib', 'domain', 'features', 'plugins'].includes(to.parts[0]),
  },
  {
    name: 'server-lib-to-domain',
    why: 'Server lib/ holds utilities that know nothing of our tables and rules: it never imports domain/, which builds on it.',
    refuses: (from, to) =>
      from.app === 'server' && from.parts[0] === 'lib' && to.app === 'server' && to.parts[0] === 'domain',
  },
  {
    name: 'server-domain-upward',
    why: 'domain/ builds only on db/ and lib/: it never imports features/, plugins/, app.ts, server.ts, cli.ts or cli/, which build on it.',
    refuses: (from, to) =>
      from.app === 'server' &&
      from.parts[0] === 'domain' &&
      to.app === 'server' &&
      (['features', 'plugins', 'cli'].includes(to.parts[0]) ||
        ['app.ts', 'server.ts', 'cli.ts'].includes(to.parts.join('/'))),
  },
  {
    name: 'web-lib-stores-to-components',
    why: 'Web lib/ and stores/ never import components/: components build on them.',
    refuses: (from, to) =>
      from.app === 'web' &&
      ['lib', 'stores'].includes(from.parts[0]) &&
      to.app === 'web' &&
      to.parts[0] === 'components',
  },
  {
    name: 'web-stores-to-lib',
    why: 'Web stores/ never import lib/: lib/ (the API client, i18n, the outbox) builds on the stores.',
    refuses: (from, to) =>
      from.app === 'web' && from.parts[0] === 'stores' && to.app === 'web' && to.parts[0] === 'lib',
  },
  {
    name: 'shared-layer-upward',
    why: 'Shared layers never import what builds on them: web components/, lib/, stores/, config/ never import features/ or app/; server db/, lib/, plugins/ never import features/, lib/ never plugins/ (nor does domain/: server-domain-upward).',
    refuses: (from, to) => {
      if (from.app !== to.app) return false;
      if (from.app === 'web')
        return (
          ['components', 'lib', 'stores', 'config'].includes(from.parts[0]) && ['features', 'app'].includes(to.parts[0])
        );
      return (
        (['db', 'lib', 'plugins'].includes(from.parts[0]) && to.parts[0] === 'features') ||
        (from.parts[0] === 'lib' && to.parts[0] === 'plugins')
      );
    },
  },
];

const SPECIFIER =
  /(?:^|[\s;])(?:import|export)\s(?:[^'"`;]*?\sfrom\s)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

/** The relative imports of `text` (a file at `file`), resolved to repository paths. */
export function importsOf(file, text) {
  const found = [];
  for (const match of text.matchAll(SPECIFIER)) {
    const specifier = match[1] ?? match[2];
    if (!specifier?.startsWith('.')) continue;
    found.push({ specifier, target: path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier)) });
  }
  return found;
}

/** The rules `file`'s imports break. */
export function violations(file, text) {
  const from = place(file);
  if (!from) return [];
  return importsOf(file, text).flatMap(({ specifier, target }) => {
    const to = place(target);
    if (!to) return [];
    return RULES.filter((rule) => rule.refuses(from, to)).map((rule) => ({ file, specifier, rule }));
  });
}

function* sourceFiles(dir) {
  for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
    const file = `${dir}/${entry.name}`;
    if (entry.isDirectory()) yield* sourceFiles(file);
    // Tests exercise the assembled app (app.ts, the operator commands): the layers bind the code they test.
    else if (/\.(ts|tsx|mts)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) yield file;
  }
}

/**
 * A fixture is `<rule>.<anything>.ts` whose first line names the path it stands for:
 * `// at: apps/web/src/features/a/deep/x.ts`. Each must break exactly its rule.
 */
function checkFixtures() {
  const failures = [];
  const names = readdirSync(path.join(root, FIXTURES)).filter((name) => name.endsWith('.ts'));
  for (const rule of RULES)
    if (!names.some((name) => name.startsWith(`${rule.name}.`))) failures.push(`no fixture for the rule ${rule.name}`);
  for (const name of names) {
    const text = readFileSync(path.join(root, FIXTURES, name), 'utf8');
    const at = /^\/\/ at: (\S+)/.exec(text)?.[1];
    const expected = name.split('.')[0];
    const broken = at ? violations(at, text).map((found) => found.rule.name) : [];
    if (!at) failures.push(`${name}: its first line must be "// at: <path it stands for>"`);
    else if (!broken.includes(expected))
      failures.push(
        `${name}: the check let it pass, but it breaks ${expected} (${broken.join(', ') || 'nothing found'})`,
      );
  }
  return failures;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const fixtureFailures = checkFixtures();
  const files = SOURCES.filter((dir) => statSync(path.join(root, dir), { throwIfNoEntry: false })).flatMap((dir) => [
    ...sourceFiles(dir),
  ]);
  const found = files.flatMap((file) => violations(file, readFileSync(path.join(root, file), 'utf8')));
  for (const failure of fixtureFailures) console.error(`boundary fixture: ${failure}`);
  for (const { file, specifier, rule } of found) console.error(`${file}: imports ${specifier}: ${rule.why}`);
  if (fixtureFailures.length > 0 || found.length > 0) process.exit(1);
  console.log(`boundaries: ${RULES.length} rules hold on ${files.length} source files, each refusing its fixture`);
}
