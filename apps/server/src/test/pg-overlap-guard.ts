/**
 * pg 8 warns, once per process, when a query is sent to a client that is still running another: it
 * queues the query, and pg@9 removes that queue (issue 30). The server sends one query at a time
 * per client (docs/decisions.md "pg@9-ready"), and the tests fail when the warning comes back:
 * from their own process (its 'warning' event) or from a server or command line they start (its
 * output, where Node writes warnings). Only this warning, matched by its text (it has no code):
 * other deprecations, of other packages, are not what this guards.
 */
const OVERLAP_TEXT = 'Calling client.query() when the client is already executing a query';

export function isQueryOverlapWarning(text: string): boolean {
  return text.includes(OVERLAP_TEXT);
}

interface Guard {
  watching: boolean;
  seen: string[];
}

// One record per process, whichever copy of this module writes or reads it: the worker's test
// files may each evaluate their own.
const key = Symbol.for('jewel.pgQueryOverlapGuard');
const holder = globalThis as { [key]?: Guard };
holder[key] ??= { watching: false, seen: [] };
const guard: Guard = holder[key];

/** Records this process's overlap warning (once per process: pg warns only the first time). */
export function watchQueryOverlaps(): void {
  if (guard.watching) return;
  guard.watching = true;
  process.on('warning', (warning) => {
    if (warning.name === 'DeprecationWarning' && isQueryOverlapWarning(warning.message)) {
      guard.seen.push(`this process (${process.pid}): ${warning.stack ?? warning.message}`);
    }
  });
}

/** Records that a process the tests started printed the overlap warning. */
export function noteChildQueryOverlap(what: string, output: string): void {
  const line = output.split('\n').find(isQueryOverlapWarning);
  guard.seen.push(`${what}: ${line?.trim() ?? OVERLAP_TEXT}`);
}

/** Throws, once, for the overlap warnings recorded since the last call. */
export function assertNoQueryOverlap(): void {
  const seen = guard.seen.splice(0);
  if (seen.length === 0) return;
  throw new Error(
    // The warning's stack ends in drizzle's `then`, run from a microtask: it does not name the caller.
    `pg warned that a query was sent to a client already running one: queries on one transaction or connection run one after another, look for a Promise.all over them (docs/decisions.md "pg@9-ready"):\n${seen.join('\n')}`,
  );
}
