/**
 * QA206 (review of QA199's 9050042): a metric's unknown keys were matched against zod's message,
 * which quotes each key unescaped and joins them with ', ': an unknown key written `z", "expected`
 * made the metric's own `expected` read 'unknown key `expected`' too. The keys are zod's own list now.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadPlan } from '../../src/compiler/load-plan.js';
import { writeFiles } from './plan-helpers.js';

const text = `evalc: 1
benchmark: { id: quoted }
agents:
  a1: { protocol: raip, url: http://127.0.0.1:7101 }
tasks:
  t:
    bindings: { default: { input: { q: "{{q}}" }, output: { answer: output.a } } }
    datasets:
      d: { examples: [ { id: e1, vars: { q: hi }, expected: { a: x } } ] }
    metrics:
      - { type: contains, expected: a, 'z", "expected': 1, ignor_case: true }
`;

describe("a metric's unknown key holding a quoted known key", () => {
  it('names that key alone, not the known one it quotes', async () => {
    const dir = writeFiles({ 'evalc.yaml': text }, 'evalc-qa206-quoted-');
    const result = await loadPlan(path.join(dir, 'evalc.yaml'), { cwd: dir, offline: true });
    expect(result.diagnostics.filter((d) => d.severity === 'error').map((d) => d.message)).toEqual([
      'contains: unknown key `z", "expected`',
      'contains: unknown key `ignor_case`',
    ]);
  });
});
