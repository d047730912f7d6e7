import { routes } from '@jewel/contract/routes';
import { beforeAll, expect, it } from 'vitest';
import { FUZZ_CONFIG, FUZZED_NAMES, Fuzzer, formatFailures, PAGE_ROUTES } from '../../test/fuzz/harness.ts';
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
        const report = await fuzzer.fuzzRoute(name, runs, seed);
        expect(report.cases).toBe(runs);
        expect(report.failures.length, formatFailures([report], seed)).toBe(0);
      });
    }
  },
  FUZZ_CONFIG,
);
