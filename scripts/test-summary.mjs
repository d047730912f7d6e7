// Prints one closing line per test report, "<runner>: N passed, N failed, N skipped", then the
// sum over every runner alone on the last line: "N passed, N failed, N skipped".
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

// Playwright's JSON reporter: a flaky test failed, then passed on retry; it counts as passed.
const playwright = 'test-results/playwright.json';
if (existsSync(playwright)) {
  const { stats } = JSON.parse(readFileSync(playwright, 'utf8'));
  report('playwright', stats.expected + stats.flaky, stats.unexpected, stats.skipped);
}

console.log(`${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
