/**
 * The workspace the apply, start-up and write-out benchmarks share (and /work/tools/cold.mjs):
 * one task, one RAIP agent, one JSONL dataset of n examples `e0`…, exact_match on the agent's
 * codes and a pass_rate. The agent (tests/fixtures/apply-counting-agent.mjs) answers example
 * `q` with the codes `[Z-q, A-q]`.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Writes `d1.jsonl` and `evalc.yaml` into `dir` (which exists). `mixed`: every tenth example
 * (index 3 mod 10) expects other codes, so its exact_match fails.
 */
export function writeBenchWorkspace(dir, { n, agentUrl, concurrency = 64, mixed = false }) {
  const lines = [];
  for (let i = 0; i < n; i++) {
    const q = `e${i}`;
    const codes = mixed && i % 10 === 3 ? [`Z-${q}`, `B-${q}`] : [`Z-${q}`, `A-${q}`];
    lines.push(JSON.stringify({ id: q, vars: { q }, expected: { codes } }));
  }
  writeFileSync(path.join(dir, 'd1.jsonl'), `${lines.join('\n')}\n`);
  const plan = {
    evalc: 1,
    benchmark: { id: 'bench', version: '1.0.0' },
    agents: {
      a1: { protocol: 'raip', url: agentUrl, limits: { concurrency, timeout: '30s', retries: 2 } },
    },
    tasks: {
      t1: {
        bindings: {
          default: { input: { q: '{{q}}' }, output: { answer: 'output.answer', codes: 'output.codes' } },
        },
        datasets: { d1: { source: 'd1.jsonl' } },
        metrics: [{ type: 'exact_match', candidate: 'codes', expected: 'codes', mode: 'list' }],
      },
    },
    metrics: [{ type: 'pass_rate' }],
    run: { repeats: 1, seed: 7, concurrency },
  };
  writeFileSync(path.join(dir, 'evalc.yaml'), JSON.stringify(plan));
}
