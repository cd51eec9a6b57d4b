/**
 * QA113 (QA109's leftover): `headers: { __proto__: x }` on an agent, an openai agent or a judge
 * passed validate silently and the header was never sent (zod's record skips a `__proto__` key);
 * so did a `serve.env` variable and a binding `output` candidate of that name. Each is refused at
 * its file:line:col, as `__proto__` ids are, and the header's value is not echoed.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { spawnCli } from './run-cli.js';

const work = mkdtempSync(path.join(os.tmpdir(), 'evalc-qa113-proto-keys-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

interface Diag {
  code: string;
  message: string;
  source?: { file: string; line: number; col: number };
}

describe('a __proto__ key in headers, serve.env or a binding output', () => {
  it('is refused at its line, one error each', () => {
    writeFileSync(
      path.join(work, 'evalc.yaml'),
      [
        'evalc: 1',
        'benchmark: { id: hp }',
        'agents:',
        '  a1:',
        '    protocol: raip',
        '    url: http://127.0.0.1:9',
        '    headers: { __proto__: "Bearer s3cret-token", authorization: "Bearer y" }',
        '    serve:',
        '      command: node a.mjs',
        '      env: { __proto__: "7", PORT: "1" }',
        '  o1: { protocol: openai, url: "http://127.0.0.1:9/v1", model: m, headers: { "__proto__": x } }',
        'judges:',
        '  j:',
        '    protocol: openai',
        '    url: http://127.0.0.1:9/v1',
        '    model: m',
        '    headers:',
        '      __proto__: x',
        'tasks:',
        '  t:',
        '    bindings:',
        '      default:',
        '        input: "{{q}}"',
        '        output: { answer: "output.answer", __proto__: "output.x" }',
        '    datasets: { d: { examples: [ { id: e1, vars: { q: hi }, expected: { answer: a } } ] } }',
        '    metrics: [ { type: exact_match, candidate: answer, expected: answer } ]',
        '',
      ].join('\n'),
    );
    const result = spawnCli(['validate', '--json'], { cwd: work });
    expect(result.code).toBe(65);
    const errors = (JSON.parse(result.stdout) as { diagnostics: Diag[] }).diagnostics.filter(
      (d) => d.code === 'EVALC_SCHEMA_INVALID',
    );
    expect(errors.map((d) => [d.source?.line, d.source?.col, d.message.split(':')[0]])).toEqual([
      [7, 16, 'agents.a1.headers'],
      [10, 14, 'agents.a1.serve.env'],
      [11, 78, 'agents.o1.headers'],
      [18, 7, 'judges.j.headers'],
      [24, 44, 'tasks.t.bindings.default.output'],
    ]);
    expect(errors[0]?.message).toContain('"__proto__" cannot be a header name');
    const text = spawnCli(['validate'], { cwd: work });
    expect(text.stdout + text.stderr).not.toContain('s3cret-token');
  });
});
