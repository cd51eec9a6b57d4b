/**
 * QA60: a header value written into the plan is a secret (README "Secrets"), but a diagnostic's
 * excerpt printed it: any error on a one-line agent (`a1: { …, headers: { authorization: "Bearer
 * sk-…" }, limitz: 1 }`) or a `$TOKEN` warning on a header line showed the token. The excerpt now
 * masks header values one `*` per character (the caret keeps its column), `${env.X}` and `$NAME`
 * references kept readable.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, runCli, tempWorkspace } from './apply-harness.js';

const cleanups: (() => void)[] = [];
beforeAll(() => assertBuilt());
afterAll(() => {
  for (const c of cleanups) c();
});

describe('a diagnostic on a line with a literal header value', () => {
  it('prints the excerpt with the value masked and the caret in place', async () => {
    const { dir, cleanup } = tempWorkspace('qa60-excerpt');
    cleanups.push(cleanup);
    writeFileSync(
      path.join(dir, 'evalc.yaml'),
      `evalc: 1
benchmark: { id: b }
agents:
  a1: { protocol: raip, url: "http://127.0.0.1:9", headers: { authorization: "Bearer QA60-literal-5e1" }, limitz: 1 }
  a2:
    protocol: raip
    url: http://127.0.0.1:9
    headers:
      x-api-key: QA60-plain-77 $TOKEN
tasks:
  t:
    bindings: { default: { input: { q: "{{q}}" }, output: { answer: output.answer } } }
    datasets: { d: { examples: [ { id: e1, vars: { q: x }, expected: { answer: x } } ] } }
    metrics: [ { type: exact_match, candidate: answer, expected: answer } ]
`,
    );
    const run = await runCli(['validate'], { cwd: dir });
    expect(run.code).toBe(65);
    expect(run.stderr).toContain('unknown key `limitz`');
    expect(run.stderr).toContain('headers: { authorization: "****** ****************" }, limitz: 1 }');
    expect(run.stderr).toContain('x-api-key: ************* $TOKEN');
    expect(run.stderr).not.toContain('QA60-');
    // The caret still points at `limitz`.
    const lines = run.stderr.split('\n');
    const at = lines.findIndex((l) => l.includes('limitz: 1 }') && l.includes('|'));
    expect(lines[at + 1]!.indexOf('^')).toBe(lines[at]!.indexOf('limitz'));
  });
});
