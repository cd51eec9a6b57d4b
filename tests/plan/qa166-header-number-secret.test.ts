/**
 * A header's value is a secret (README "Secrets"; the excerpt masks it, QA60): one written as a
 * number or a boolean (`x-api-key: 987654321123`, text needs quotes) was printed in the type error's
 * message and in its hint (QA166). Said by its type only; another field's number still is quoted.
 */
import path from 'node:path';
import { expect, it } from 'vitest';
import { loadPlan } from '../../src/compiler/load-plan.js';
import { writeFiles } from '../compiler/plan-helpers.js';

it('does not print a literal header value in a type error', async () => {
  const dir = writeFiles({
    'evalc.yaml': `evalc: 1
benchmark: { id: h }
agents:
  a1: { protocol: raip, url: http://127.0.0.1:7101, headers: { x-api-key: 987654321123 } }
judges:
  j: { protocol: agent-eval, url: http://127.0.0.1:5005, headers: { x-flag: true } }
tasks:
  t:
    instructions: 42
    bindings: { default: { input: { q: "{{q}}" }, output: { a: output.a } } }
    datasets: { d: { examples: [ { id: x1, vars: { q: hi } } ] } }
`,
  });
  const r = await loadPlan(path.join(dir, 'evalc.yaml'), {
    cwd: dir,
    offline: true,
    cacheDir: path.join(dir, 'c'),
  });
  const said = r.diagnostics.filter((d) => d.severity === 'error').map((d) => `${d.message} | ${d.hint}`);
  expect(said).toEqual([
    'agents.a1.headers.x-api-key: expected string, got a number | quote the value to keep it text: x-api-key: "…"',
    'judges.j.headers.x-flag: expected string, got a boolean | quote the value to keep it text: x-flag: "…"',
    'tasks.t.instructions: expected string, got number 42 | quote the value to keep it text: instructions: "42"',
  ]);
  expect(JSON.stringify(r.diagnostics)).not.toContain('987654321123');
});
