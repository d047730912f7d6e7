// Prints one closing line per test report: "<runner>: N passed, N failed, N skipped".
import { existsSync, readFileSync } from 'node:fs';

const vitest = 'test-results/vitest.json';
if (existsSync(vitest)) {
  const report = JSON.parse(readFileSync(vitest, 'utf8'));
  const skipped = report.numPendingTests + report.numTodoTests;
  console.log(`vitest: ${report.numPassedTests} passed, ${report.numFailedTests} failed, ${skipped} skipped`);
}
