// Prints one closing line per test report, "<runner>: N passed, N failed, N skipped", then the
// sum over every runner alone on the last line: "N passed, N failed, N skipped". Exits 1 when
// anything failed.
import { existsSync, readFileSync } from 'node:fs';

const total = { passed: 0, failed: 0, skipped: 0 };
function report(runner, passed, failed, skipped) {
  console.log(`${runner}: ${passed} passed, ${failed} failed, ${skipped} skipped`);
  total.passed += passed;
  total.failed += failed;
  total.skipped += skipped;
}

const vitest = 'test-results/vitest.json';
if (existsSync(vitest)) {
  const r = JSON.parse(readFileSync(vitest, 'utf8'));
  report('vitest', r.numPassedTests, r.numFailedTests, r.numPendingTests + r.numTodoTests);
}

/** Every test of a Playwright JSON report's suites, with where it is. */
function* playwrightTests(suites) {
  for (const suite of suites ?? []) {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) yield { where: `${spec.file}:${spec.line} ${spec.title}`, test };
    }
    yield* playwrightTests(suite.suites);
  }
}

// Playwright's JSON reporter: a flaky test failed, then passed on a retry. It counts as failed:
// it needed the retry (CI runs none; a local run with --retries may).
const playwright = 'test-results/playwright.json';
if (existsSync(playwright)) {
  const { stats, suites } = JSON.parse(readFileSync(playwright, 'utf8'));
  for (const { where, test } of playwrightTests(suites)) {
    if (test.status === 'flaky') console.log(`playwright: flaky (failed, then passed on a retry): ${where}`);
  }
  report('playwright', stats.expected, stats.unexpected + stats.flaky, stats.skipped);
}

console.log(`${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
if (total.failed > 0) process.exitCode = 1;
