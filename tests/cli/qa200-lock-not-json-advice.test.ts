/**
 * QA200: an evalc.lock cut short (a disk filled, an interrupted copy) read by `plan` or `report`
 * said 'evalc.lock:12:5 is not valid JSON: …' and nothing more, where a lock with one damaged row
 * is told '(restore it from git, or delete it and run `evalc apply` to re-create it)' and apply
 * gives its own way out for both (QA69). A text that opens as a lock does now has the same way
 * out (a baseline saved as base.lock, its own, QA180); another file is named as before.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT, spawnCli } from './run-cli.js';

const dir = mkdtempSync(path.join(tmpdir(), 'evalc-qa200-not-json-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const LOCK = readFileSync(path.join(REPO_ROOT, 'tests/fixtures/locks/single-dataset-base.lock'), 'utf8');
writeFileSync(path.join(dir, 'd.jsonl'), `${JSON.stringify({ id: 'e1', vars: { q: 'hi' } })}\n`);
writeFileSync(
  path.join(dir, 'evalc.yaml'),
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

describe('a lockfile cut short (QA200)', () => {
  it('is told by plan and report to restore it or delete it and run apply', () => {
    writeFileSync(path.join(dir, 'evalc.lock'), LOCK.slice(0, 300));
    for (const args of [['plan'], ['report', '--out', 'out']]) {
      const run = spawnCli(args, { cwd: dir });
      expect(run.code).toBe(1);
      expect(run.stderr).toMatch(
        /evalc\.lock:\d+:\d+ is not valid JSON: [^\n]+ \(restore it from git, or delete it and run `evalc apply` to re-create it\)\n$/,
      );
    }
  });

  it('is told, as a baseline saved as base.lock, to restore it (apply writes no base.lock)', () => {
    writeFileSync(path.join(dir, 'base.lock'), `\uFEFF${LOCK.slice(0, 300)}`);
    const run = spawnCli(['diff', 'base.lock', 'base.lock'], { cwd: dir });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/base\.lock:\d+:\d+ is not valid JSON: /);
    expect(run.stderr).toMatch(
      /\(restore it from git or from where it came from: `evalc apply` writes only the evalc\.lock beside a plan, not base\.lock\)\n$/,
    );
  });

  it('is not said of a file that is no lock at all', () => {
    writeFileSync(path.join(dir, 'notes.txt'), 'hello\n');
    const run = spawnCli(['report', '--from', 'notes.txt', '--out', 'out'], { cwd: dir });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/notes\.txt is not valid JSON: [^\n]*\n$/);
    expect(run.stderr).not.toContain('restore it');
  });
});
