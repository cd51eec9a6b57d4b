/**
 * `evalc diff evalc.lock .evalc/evalc.only.lock` compares the selection of both locks (QA70). An
 * agent or judge the selected task does not use did not run in the selection, yet the whole
 * lock's side kept it: the diff listed it as "agent removed" / "judge removed" (QA76). The
 * selection now keeps the agents and judges its groups use.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { countingExamples, runCli, useCountingAgent, writeDataset } from './apply-harness.js';

const counting = useCountingAgent();

describe('diff of a whole lock and an --only lock', () => {
  it('lists no agent the selection does not use as removed', async () => {
    const dir = counting.workspace('only-lock-agents');
    writeDataset(dir, 'd1.jsonl', countingExamples(2));
    const task = (agents?: string[]) => ({
      ...(agents ? { agents } : {}),
      bindings: { default: { input: { q: '{{q}}' }, output: { codes: 'output.codes' } } },
      datasets: { d1: { source: 'd1.jsonl' } },
      metrics: [{ type: 'exact_match', candidate: 'codes', expected: 'codes', mode: 'list' }],
    });
    const plan = {
      evalc: 1,
      benchmark: { id: 'only-agents', version: '1.0.0' },
      agents: {
        a1: { protocol: 'raip', url: counting.agent.url },
        a2: { protocol: 'raip', url: `${counting.agent.url}/` },
      },
      tasks: { t1: task(), t2: task(['a1']) },
    };
    writeFileSync(path.join(dir, 'evalc.yaml'), JSON.stringify(plan));
    const env = { EVALC_CACHE_DIR: '' };
    expect((await runCli(['apply', '--quiet'], { cwd: dir, env })).code).toBe(0);
    expect((await runCli(['apply', '--only', 't2/d1', '--quiet'], { cwd: dir, env })).code).toBe(0);

    const diffed = await runCli(['diff', 'evalc.lock', '.evalc/evalc.only.lock'], { cwd: dir, env });
    expect(diffed.code, diffed.stderr).toBe(0);
    expect(diffed.stderr).toContain('comparing that part of both lockfiles');
    expect(diffed.stdout).not.toContain('removed');
    expect(diffed.stdout).not.toContain('Not strictly comparable');
    expect(diffed.stdout).toContain('No aggregate changed.');
  });
});
