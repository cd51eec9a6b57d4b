/**
 * DESIGN §6 describes `evalc plan`'s exit 2 with Terraform's `-detailed-exitcode`. A CI step
 * copied from Terraform (`evalc plan -detailed-exitcode`, or `--detailed-exitcode`) is accepted and
 * changes nothing: exit 2 when there is work, as without it (QA101: it was a usage error, 64).
 *
 * Review of 1df15f9 (QA105): plan rewrites Terraform's `-detailed-exitcode` to the long flag, but
 * after `--` an argument is a file name: `evalc plan -- -detailed-exitcode` (a plan file of that
 * name) was read as `--detailed-exitcode` and refused "plan file not found: --detailed-exitcode".
 */
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { spawnCli } from './run-cli.js';

const work = mkdtempSync(path.join(os.tmpdir(), 'evalc-qa101-detailed-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

writeFileSync(path.join(work, 'd.jsonl'), `${JSON.stringify({ id: 'e1', vars: { q: 'hi' } })}\n`);
writeFileSync(
  path.join(work, 'evalc.yaml'),
  [
    'evalc: 1',
    'benchmark: { id: b }',
    'agents:',
    '  m: { protocol: mae, transport: local, command: "node agent.mjs" }',
    'tasks:',
    '  t:',
    '    bindings: { default: { input: "{{q}}", output: { answer: final_answer } } }',
    '    datasets: { d: { source: d.jsonl } }',
    '    metrics: [ { type: contains, candidate: answer, value: hi } ]',
    '',
  ].join('\n'),
);

describe('evalc plan -detailed-exitcode', () => {
  it.each(['-detailed-exitcode', '--detailed-exitcode'])(
    '%s is accepted: exit 2 when there is work',
    (flag) => {
      const result = spawnCli(['plan', flag], { cwd: work });
      expect(result.stderr).not.toContain('Unknown option');
      expect(result.code).toBe(2);
      expect(result.stdout).toContain('Plan: 1 to invoke');
    },
  );

  it('is listed by plan --help', () => {
    expect(spawnCli(['plan', '--help'], { cwd: work }).stdout).toContain('--detailed-exitcode');
  });
});

describe('plan -- -detailed-exitcode', () => {
  it('reads the plan file of that name', () => {
    copyFileSync(path.join(work, 'evalc.yaml'), path.join(work, '-detailed-exitcode'));
    const result = spawnCli(['plan', '--', '-detailed-exitcode'], { cwd: work });
    expect(result.stderr).not.toContain('not found');
    expect(result.code).toBe(2);
    // Before `--` it is still the flag.
    expect(spawnCli(['plan', '-detailed-exitcode'], { cwd: work }).code).toBe(2);
  });
});
