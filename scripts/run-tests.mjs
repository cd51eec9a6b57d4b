// Runs vitest and ends with one plain summary line ("N passed, N failed, N skipped") that CI reads.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';

mkdirSync('test-output', { recursive: true });
const result = spawnSync(
  process.execPath,
  [
    'node_modules/vitest/vitest.mjs',
    'run',
    '--reporter=default',
    '--reporter=json',
    '--outputFile.json=test-output/vitest.json',
    ...process.argv.slice(2),
  ],
  { stdio: 'inherit' },
);
let summary = 'tests: 0 passed, 1 failed';
try {
  const report = JSON.parse(readFileSync('test-output/vitest.json', 'utf8'));
  const skipped = (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  summary = `tests: ${report.numPassedTests} passed, ${report.numFailedTests} failed${skipped ? `, ${skipped} skipped` : ''}`;
} catch {
  // vitest did not write its report: count the run as failed.
}
console.log(summary);
process.exit(result.status ?? 1);
