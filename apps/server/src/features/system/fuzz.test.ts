import { randomInt } from 'node:crypto';
import { routes } from '@jewel/contract/routes';
import { beforeAll, expect, it } from 'vitest';
import { FUZZ_CONFIG, FUZZED_NAMES, Fuzzer, formatFailures, PAGE_ROUTES } from '../../test/fuzz/harness.ts';
import { describeOnDatabases } from '../../test/test-app.ts';

/**
 * Every route of the contract, fuzzed (issue 10): for each request, an answer below 500, our
 * `{ code, msg, data }` envelope, within 5 s, and nothing changed by a refused call. Sized for
 * `npm test`; `npm run bench:fuzz` runs 10,000 cases per route.
 *
 * Each run draws a new seed (issue 30 item 11: one fixed seed replays the same cases forever) and
 * prints it, "fuzz: FUZZ_SEED=…"; a failure names it too. To replay a failure:
 *   FUZZ_SEED=<seed> npx vitest run apps/server/src/features/system/fuzz.test.ts
 * FUZZ_RUNS=… changes the number of cases per route.
 */
const seed = fuzzSeed(process.env.FUZZ_SEED);
const runs = Number(process.env.FUZZ_RUNS ?? 30);
console.log(`fuzz: FUZZ_SEED=${seed}${process.env.FUZZ_SEED ? ' (given)' : ' (new this run)'}`);

/** The seed given, or a new one: a 31-bit integer, as routeSeed() mixes it into 32 bits. */
function fuzzSeed(given: string | undefined): number {
  if (given === undefined || given === '') return randomInt(2 ** 31);
  const seed = Number(given);
  if (!Number.isSafeInteger(seed)) throw new Error(`FUZZ_SEED must be an integer, not ${given}`);
  return seed;
}

describeOnDatabases(
  'fuzzing every route',
  (ctx) => {
    let fuzzer: Fuzzer;
    beforeAll(async () => {
      console.log(`fuzz [${ctx.kind}]: ${runs} cases per route, FUZZ_SEED=${seed}`);
      fuzzer = await Fuzzer.start(ctx.app);
    });

    it('covers every route the app registers: the contract and the pages outside it (issue 27)', () => {
      const fuzzed = FUZZED_NAMES.map((name) => {
        const route = name in PAGE_ROUTES ? PAGE_ROUTES[name as keyof typeof PAGE_ROUTES] : routes[name as never];
        // The wildcard under /verify/ is fuzzed through a parameter standing for its rest.
        return `${route.method} ${route.path.replace('/verify/:rest', '/verify/*')}`;
      });
      // Every route the app registered (app.ts's list), HEAD aside.
      expect([...ctx.app.registeredRoutes].sort()).toEqual([...new Set(fuzzed)].sort());
    });

    for (const name of FUZZED_NAMES) {
      const route = name in PAGE_ROUTES ? PAGE_ROUTES[name as keyof typeof PAGE_ROUTES] : routes[name as never];
      it(`${name}: ${route.method} ${route.path}`, { timeout: 60_000 }, async () => {
        const report = await fuzzer.fuzzRoute(name, runs, seed).catch((error: unknown) => {
          throw new Error(`fuzzing ${name} failed (FUZZ_SEED=${seed}): ${String(error)}`, { cause: error });
        });
        expect(report.cases, `FUZZ_SEED=${seed}`).toBe(runs);
        expect(report.failures.length, formatFailures([report], seed)).toBe(0);
      });
    }
  },
  FUZZ_CONFIG,
);
