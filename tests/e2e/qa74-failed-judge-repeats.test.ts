/**
 * QA74: with repeats, apply's note on a judge that scored nothing counted its failed scores once
 * per example ("all 3 of its scores failed (endpoint_not_found 3)") beside a summary, `--json`
 * errorKinds and lock steps.errors that count a metric error once per failed repeat (QA70: "6
 * errors (endpoint_not_found 6)"). The note and `--json`'s failedJudges now count repeats too,
 * and so does the live progress line (it said "errors 0": it counted no metric error).
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeOpenaiJudge, startOpenaiJudgeServer } from '../fixtures/openai-judge-server.js';
import { countingExamples, runCli, useCountingAgent, writeDataset } from './apply-harness.js';

const counting = useCountingAgent();
let judge: FakeOpenaiJudge;
beforeAll(async () => {
  judge = await startOpenaiJudgeServer();
});
afterAll(async () => {
  await judge.close();
});

describe('a judge that scored nothing, with repeats (QA74)', () => {
  it('counts its failed scores per repeat, as the summary does', async () => {
    const dir = counting.workspace('judge-404-repeats');
    writeDataset(dir, 'd1.jsonl', countingExamples(3));
    const plan = {
      evalc: 1,
      benchmark: { id: 'judged', version: '1.0.0' },
      agents: { a1: { protocol: 'raip', url: counting.agent.url } },
      judges: {
        j: {
          protocol: 'openai',
          url: `${judge.url}/wrong`,
          model: 'm',
          limits: { retries: 0, concurrency: 1 },
        },
      },
      tasks: {
        t1: {
          bindings: { default: { input: { q: '{{q}}' }, output: { answer: 'output.answer' } } },
          datasets: { d1: { source: 'd1.jsonl' } },
          metrics: [{ type: 'judge', judge: 'j', content: '{{candidate.answer}}' }],
        },
      },
      run: { repeats: 2 },
    };
    writeFileSync(path.join(dir, 'evalc.yaml'), JSON.stringify(plan));
    const run = await runCli(['apply', 'evalc.yaml'], { cwd: dir });
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('6 errors (endpoint_not_found 6)');
    // The live line (plain: stderr is no terminal) counts them too, not "errors 0".
    expect(run.stderr).toMatch(/^a1 +6\/6 .* errors 6 /m);
    expect(run.stderr).toContain(
      'evalc: judge j scored nothing: all 6 of its scores failed (endpoint_not_found 6)',
    );
    const again = await runCli(['apply', 'evalc.yaml', '--json'], { cwd: dir });
    expect(again.code).toBe(1);
    const result = JSON.parse(again.stdout.trim().split('\n').at(-1)!) as Record<string, unknown>;
    expect(result).toMatchObject({
      errors: 6,
      errorKinds: { endpoint_not_found: 6 },
      failedJudges: [{ judge: 'j', failed: 6, kinds: { endpoint_not_found: 6 } }],
    });
  });
});
