/** The workspace the qa4 judge tests apply: two examples, a RAIP agent, one judge metric on its answer. */
import { writeFileSync } from 'node:fs';
import path from 'node:path';

export function writeJudgePlan(
  dir: string,
  benchmarkId: string,
  agentUrl: string,
  judge: Record<string, unknown>,
): void {
  writeFileSync(
    path.join(dir, 'd.jsonl'),
    ['x1', 'x2'].map((q) => JSON.stringify({ id: q, vars: { q }, expected: { a: q } })).join('\n'),
  );
  const plan = {
    evalc: 1,
    benchmark: { id: benchmarkId, version: '1.0.0' },
    agents: { a1: { protocol: 'raip', url: agentUrl } },
    judges: { strict: { protocol: 'agent-eval', ...judge } },
    tasks: {
      t: {
        instructions: 'Write.',
        bindings: { default: { input: { query: '{{q}}' }, output: { answer: 'output.answer' } } },
        datasets: { d: { source: 'd.jsonl' } },
        metrics: [{ type: 'judge', judge: 'strict', content: '{{candidate.answer}}', threshold: 0.6 }],
      },
    },
    run: { repeats: 1, seed: 7, concurrency: 1 },
  };
  writeFileSync(path.join(dir, 'evalc.yaml'), JSON.stringify(plan));
}
