import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { isQueryOverlapWarning } from './pg-overlap-guard.ts';
import { serverDir } from './server-process.ts';

const guard = new URL('./pg-overlap-guard.ts', import.meta.url).href;

// Two queries on a client that is not connected: the second waits in the queue pg deprecates. In a
// process of its own, as pg warns once per process and this worker's warning must stay unspent.
const overlap = `import pg from 'pg';
const client = new pg.Client();
for (const text of ['select 1', 'select 2']) client.query(text).catch(() => {});`;

function run(args: string[]) {
  return spawnSync(process.execPath, args, { cwd: serverDir, encoding: 'utf8', env: { ...process.env } });
}

describe('the guard against queries sent to a busy pg client', () => {
  it('matches the warning pg prints', () => {
    const { status, stderr } = run(['--input-type=module', '-e', overlap]);
    expect(status).toBe(0);
    expect(isQueryOverlapWarning(stderr)).toBe(true);
  });

  it('fails a process that watches for it', () => {
    const { status, stderr } = run([
      '--input-type=module',
      '-e',
      `import { assertNoQueryOverlap, watchQueryOverlaps } from '${guard}';
watchQueryOverlaps();
${overlap}
await new Promise((resolve) => setTimeout(resolve, 50));
assertNoQueryOverlap();`,
    ]);
    expect(status).not.toBe(0);
    expect(stderr).toContain('pg warned that a query was sent to a client already running one');
  });
});
