/**
 * Regression (QA91): a RAG team wrote the token prices on the cost metric itself,
 * `{ type: cost, prices: { rag-small: {…} } }`; validate said "cost: unknown key `prices`" with the
 * hint "cost takes: `model`, `budget`", and nothing said that prices are the plan's top-level
 * `prices:` (README's plan language). The hint now says where they go.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadPlan } from '../../src/compiler/load-plan.js';
import { writeFiles } from './plan-helpers.js';

const plan = `evalc: 1
benchmark: { id: hint, version: 1.0.0 }
agents:
  a1: { protocol: openai, url: http://127.0.0.1:7101/v1, model: rag-small }
tasks:
  t:
    bindings:
      default:
        input: "{{q}}"
        output: { answer: content }
    datasets:
      d: { examples: [ { id: e1, vars: { q: hi }, expected: { answer: hi } } ] }
    metrics:
      - { type: cost, prices: { rag-small: { input: 0.5, output: 1.5 } } }
`;

describe('prices written on a cost metric', () => {
  it('are pointed at the top-level prices:, at their file:line:col', async () => {
    const dir = writeFiles({ 'evalc.yaml': plan }, 'evalc-qa91-prices-');
    const result = await loadPlan(path.join(dir, 'evalc.yaml'), { cwd: dir, offline: true });
    const [d] = result.diagnostics.filter((x) => x.code === 'EVALC_METRIC_PARAM_UNKNOWN');
    expect(d?.message).toBe('cost: unknown key `prices`');
    expect(d?.hint).toContain('top-level `prices:');
    expect(d?.source).toMatchObject({ line: 14, col: 23 });
  });
});
