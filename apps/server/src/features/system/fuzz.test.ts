import { type RouteName, routes } from '@jewel/contract/routes';
import { beforeAll, expect, it } from 'vitest';
import { FUZZ_CONFIG, Fuzzer, formatFailures } from '../../test/fuzz/harness.ts';
import { describeOnDatabases } from '../../test/test-app.ts';

/**
 * Every route of the contract, fuzzed (issue 10): for each request, an answer below 500, our
 * `{ code, msg, data }` envelope, within 5 s, and nothing changed by a refused call. Sized for
 * `npm test`; `npm run bench:fuzz` runs 10,000 cases per route. A failure names the seed:
 * FUZZ_SEED=… reproduces it, FUZZ_RUNS=… changes the number of cases per route.
 */
const seed = Number(process.env.FUZZ_SEED ?? 20261123);
const runs = Number(process.env.FUZZ_RUNS ?? 30);

describeOnDatabases(
  'fuzzing every route',
  (ctx) => {
    let fuzzer: Fuzzer;
    beforeAll(async () => {
      console.log(`fuzz [${ctx.kind}]: ${runs} cases per route, FUZZ_SEED=${seed}`);
      fuzzer = await Fuzzer.start(ctx.app);
    });

    for (const [name, route] of Object.entries(routes) as [RouteName, (typeof routes)[RouteName]][]) {
      it(`${name}: ${route.method} ${route.path}`, { timeout: 60_000 }, async () => {
        const report = await fuzzer.fuzzRoute(name, runs, seed);
        expect(report.cases).toBe(runs);
        expect(report.failures.length, formatFailures([report], seed)).toBe(0);
      });
    }
  },
  FUZZ_CONFIG,
);
