/**
 * "Did you mean" names a near miss, not any key of the same length (QA161: pass_hat_k's unknown
 * `of` read "did you mean `id`?", sharing no letter with it; the keys the metric takes were not said).
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadPlan } from '../../src/compiler/load-plan.js';
import { didYouMean } from '../../src/plan/suggest.js';
import { writeFiles } from '../compiler/plan-helpers.js';

describe('did you mean', () => {
  it('is silent when the closest key shares no letter in place', () => {
    expect(didYouMean('of', ['id', 'k'])).toBeUndefined();
    expect(didYouMean('x', ['id'])).toBeUndefined();
    expect(didYouMean('ud', ['id', 'k'])).toBe('did you mean `id`?');
    expect(didYouMean('urk', ['url'])).toBe('did you mean `url`?');
  });

  it('leaves a metric’s unknown key to the list of the keys it takes', async () => {
    const dir = writeFiles({
      'evalc.yaml': `evalc: 1
benchmark: { id: s }
agents:
  a1: { protocol: raip, url: http://127.0.0.1:7101 }
tasks:
  t:
    bindings: { default: { input: { q: "{{q}}" }, output: { a: output.a } } }
    datasets: { d: { examples: [ { id: x1, vars: { q: hi }, expected: { a: hi } } ] } }
    metrics:
      - { type: exact_match, candidate: a, expected: a }
      - { type: pass_hat_k, of: exact_match, k: 1 }
`,
    });
    const r = await loadPlan(path.join(dir, 'evalc.yaml'), {
      cwd: dir,
      offline: true,
      cacheDir: path.join(dir, 'c'),
    });
    const d = r.diagnostics.find((x) => x.code === 'EVALC_METRIC_PARAM_UNKNOWN');
    expect(d?.message).toBe('pass_hat_k: unknown key `of`');
    expect(d?.hint).toMatch(/^pass_hat_k takes: /);
    expect(d?.hint).not.toMatch(/did you mean/);
  });
});
