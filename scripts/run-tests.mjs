// Runs vitest and ends with one plain summary line ("N passed, N failed, N skipped") that CI reads.
// The tests make hundreds of temp folders (plans, caches, agents' workspaces); they are made under
// one folder of this run (TMPDIR), removed at the end: each run used to leave ~1,000 in /tmp.
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

mkdirSync('test-output', { recursive: true });
const tmp = mkdtempSync(path.join(os.tmpdir(), 'evalc-tests-'));
// Like /tmp: the tests that run the CLI as `nobody` make and reach folders in it too.
chmodSync(tmp, 0o1777);
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
  { stdio: 'inherit', env: { ...process.env, TMPDIR: tmp } },
);
rmSync(tmp, { recursive: true, force: true });
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
