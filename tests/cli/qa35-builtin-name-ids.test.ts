/**
 * QA35: ids are ASCII words, so `hasOwnProperty`, `constructor`, `toString` and `valueOf` are
 * valid agent, task, dataset and metric ids. Lookups in maps with Object.prototype behind them
 * found the built-in function for an id the map did not hold: an agent `hasOwnProperty` (using
 * the default binding) failed validate with "unknown candidate (outputs: none)", and a metric
 * `id: valueOf` vanished from every aggregate of the lock (`"benchmark": {"a1": {}}`).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyCommand } from '../../src/cli/apply.js';
import { writeFiles } from '../compiler/plan-helpers.js';
import type { Loopback } from '../fixtures/loopback.js';
import { startRepeatRaipAgent } from '../fixtures/qa8-repeat-raip-agent.js';
import { runCommand } from './run-cli.js';

let agent: Loopback;
beforeAll(async () => {
  agent = await startRepeatRaipAgent({ '1': { q0: ['a-q0'], q1: ['wrong'] } });
});
afterAll(async () => {
  await agent.close();
});

const plan = (url: string) => `evalc: 1
benchmark: { id: builtins, version: 1.0.0 }
agents:
  hasOwnProperty: { protocol: raip, url: "${url}" }
tasks:
  constructor:
    bindings:
      default:
        input: { q: "{{q}}", v: "1" }
        output: { answer: "output.answer" }
    datasets:
      toString: { examples: [ { id: e0, vars: { q: q0 }, expected: { answer: a-q0 } }, { id: e1, vars: { q: q1 }, expected: { answer: a-q1 } } ] }
    metrics:
      - { id: valueOf, type: exact_match, candidate: answer, expected: answer }
gates:
  - { metric: valueOf, scope: benchmark, min: 0.4 }
`;

/** Read as map keys: as properties TypeScript takes them for Object's own methods. */
const AGENT: string = 'hasOwnProperty';
const METRIC: string = 'valueOf';

interface Lock {
  aggregates: Record<string, Record<string, Record<string, { mean: number; n: number }>>>;
  results: { example: string; metrics: Record<string, { score: number }> }[];
  gates: { passed: boolean; actual: number }[];
}

describe('ids that are names of Object.prototype members', () => {
  it('validate, run, aggregate and gate like any other id', async () => {
    const dir = writeFiles({ 'evalc.yaml': plan(agent.url) }, 'evalc-qa35-builtins-');
    const result = await runCommand(applyCommand, ['evalc.yaml', '--quiet'], { cwd: dir });
    expect(result.stderr).not.toContain('unknown candidate');
    expect(result.code).toBe(0);
    const lock = JSON.parse(readFileSync(path.join(dir, 'evalc.lock'), 'utf8')) as Lock;
    expect(lock.results.map((r) => [r.example, r.metrics[METRIC]?.score])).toEqual([
      ['e0', 1],
      ['e1', 0],
    ]);
    for (const scope of ['benchmark', 'task/constructor', 'dataset/constructor/toString']) {
      expect(lock.aggregates[scope]?.[AGENT]?.[METRIC]).toMatchObject({ mean: 0.5, n: 2 });
    }
    expect(lock.gates).toEqual([expect.objectContaining({ passed: true, actual: 0.5 })]);
  });
});
