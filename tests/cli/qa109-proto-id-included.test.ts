/**
 * QA109 (review of 9fec674): an agent or task named `__proto__` in an included file is refused,
 * but the error named the plan file, at the line of another id (`m.yaml:5:3`, agent `a`): the merge
 * kept the key and skipped recording which file it came from. It names the included file's line.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { spawnCli } from './run-cli.js';

const work = mkdtempSync(path.join(os.tmpdir(), 'evalc-qa109-proto-inc-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

interface Diag {
  code: string;
  message: string;
  source?: { file: string; line: number; col: number };
}

describe('an id named __proto__ in an included file', () => {
  it('is refused at its own file and line', () => {
    writeFileSync(
      path.join(work, 'inc.yaml'),
      [
        'agents:',
        '  b: { protocol: chat, url: "http://127.0.0.1:9/agent/respond" }',
        '  __proto__: { protocol: chat, url: "http://127.0.0.1:9/agent/respond" }',
        '',
      ].join('\n'),
    );
    writeFileSync(
      path.join(work, 'main.yaml'),
      [
        'evalc: 1',
        'benchmark: { id: b }',
        'include: [inc.yaml]',
        'agents:',
        '  a: { protocol: chat, url: "http://127.0.0.1:9/agent/respond" }',
        'tasks:',
        '  t:',
        '    bindings: { default: { input: "{{q}}", output: { answer: "messages[-1].content" } } }',
        '    datasets: { d: { examples: [ { id: e1, vars: { q: hi } } ] } }',
        '    metrics: [ { type: exact_match } ]',
        '',
      ].join('\n'),
    );
    const result = spawnCli(['validate', '--json', 'main.yaml'], { cwd: work });
    expect(result.code).toBe(65);
    const errors = (JSON.parse(result.stdout) as { diagnostics: Diag[] }).diagnostics;
    expect(
      errors.map((d) => [d.code, path.basename(d.source?.file ?? ''), d.source?.line, d.source?.col]),
    ).toEqual([['EVALC_SCHEMA_INVALID', 'inc.yaml', 3, 3]]);
    expect(errors[0]?.message).toContain('agents: "__proto__" is not a valid id');
  });
});
