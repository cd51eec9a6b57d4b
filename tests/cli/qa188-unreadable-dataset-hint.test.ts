/**
 * QA188: a dataset file evalc may not read (mode 600, another owner) was refused 'dataset file
 * d1.jsonl cannot be read (permission denied)' with no hint, where a plan file so (7f0b618) is
 * hinted at its mode and owner. It is now hinted alike (exit 65, as before).
 */
import { chmodSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runUnprivilegedCli, tempWorkspace } from '../e2e/apply-harness.js';

const cleanups: (() => void)[] = [];
afterAll(() => {
  for (const c of cleanups) c();
});

describe('a dataset file that cannot be read', () => {
  it('names its mode and owner in the hint', async () => {
    const ws = tempWorkspace('qa188-unreadable-dataset');
    cleanups.push(ws.cleanup);
    chmodSync(ws.dir, 0o755);
    writeFileSync(
      path.join(ws.dir, 'evalc.yaml'),
      [
        'evalc: 1',
        'benchmark: { id: b, version: 1.0.0 }',
        'agents: { a1: { protocol: raip, url: "http://127.0.0.1:9" } }',
        'tasks:',
        '  t:',
        '    bindings: { default: { input: { q: "{{q}}" }, output: { answer: "output.answer" } } }',
        '    datasets: { d: { source: d1.jsonl } }',
        '    metrics: [{ type: exact_match, candidate: answer, expected: answer }]',
        '',
      ].join('\n'),
    );
    writeFileSync(path.join(ws.dir, 'd1.jsonl'), '{"id":"e1","vars":{"q":"x"},"expected":{"answer":"x"}}\n');
    // No one but root may read it: the CLI runs as nobody under root, as this user otherwise (QA188:
    // the test ran as root only, mode 600 being readable by its owner).
    chmodSync(path.join(ws.dir, 'd1.jsonl'), 0o000);
    const run = await runUnprivilegedCli(['validate', 'evalc.yaml'], ws.dir);
    expect(run.code).toBe(65);
    expect(run.stderr).toContain(
      'error EVALC_DATASET_NOT_FOUND: dataset file d1.jsonl cannot be read (permission denied)',
    );
    expect(run.stderr).toContain(
      '  hint: evalc runs as a user that cannot read it: check its mode and owner (ls -l d1.jsonl)\n',
    );
  });
});
