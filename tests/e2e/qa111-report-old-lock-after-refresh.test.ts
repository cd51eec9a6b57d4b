/**
 * QA111: `apply --refresh` asks the agent again under the same content keys, so the cache's
 * invoke, extract and score records of those keys become the new run's. `evalc report --from
 * old.lock` joined the old lock's scores with the new answers: an example passing `exact_match`
 * in old.lock showed the candidate that fails it. The rows whose cached scores are not the lock's
 * now show no trajectory or candidates (as a row whose records are gone); the current lock's
 * report still shows every answer.
 */
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { type Loopback, sendJson, startLoopback } from '../fixtures/loopback.js';
import { type FakeOpenaiJudge, startOpenaiJudgeServer } from '../fixtures/openai-judge-server.js';
import { runCli, useAgent } from './apply-harness.js';

interface SwitchingAgent extends Loopback {
  /** The label every /invoke answers (the test switches it between runs). */
  state: { answer: string };
}

let judge: FakeOpenaiJudge | undefined;

async function startSwitchingAgent(): Promise<SwitchingAgent> {
  judge = await startOpenaiJudgeServer();
  const state = { answer: 'cs' };
  const loop = await startLoopback((req, res) => {
    if (req.method === 'GET' && req.url === '/info') {
      const inputSchema = { type: 'object', properties: { q: { type: 'string' } } };
      return sendJson(res, 200, { name: 'switching', version: '1.0.0', inputSchema }, { etag: '"s1"' });
    }
    // the judge (tests/fixtures/openai-judge-server.ts) scores `<id>=<n>` between <<< and >>>
    const verdict = `semantic_similarity=${state.answer === 'cs' ? 1 : 0}`;
    return sendJson(res, 200, { output: { label: state.answer, verdict } });
  });
  return { ...loop, close: () => Promise.all([loop.close(), judge?.close()]).then(() => undefined), state };
}

const ctx = useAgent(startSwitchingAgent);

interface ReportRepeat {
  candidates?: { label?: string };
}
interface ReportExample {
  example: string;
  pass: boolean | null;
  repeats: ReportRepeat[];
  metrics: { id: string; rationale?: string }[];
}

async function reportFrom(dir: string, lock: string): Promise<ReportExample[]> {
  const r = await runCli(['report', '--from', lock, '--format', 'json'], { cwd: dir });
  expect(r.code, r.stderr).toBe(0);
  return (JSON.parse(r.stdout) as { examples: ReportExample[] }).examples;
}

describe('report --from an older lock after apply --refresh (QA111)', () => {
  it("shows no later run's answers beside the old lock's scores", async () => {
    const dir = ctx.workspace('qa111-refresh');
    const plan = {
      evalc: 1,
      benchmark: { id: 'b', version: '1.0.0' },
      agents: { a1: { protocol: 'raip', url: ctx.agent.url } },
      judges: { llm: { protocol: 'openai', url: judge?.url, model: 'm' } },
      tasks: {
        t: {
          bindings: {
            default: { input: { q: '{{q}}' }, output: { label: 'output.label', verdict: 'output.verdict' } },
          },
          datasets: { d: { source: 'd.jsonl' } },
          metrics: [
            { type: 'exact_match', candidate: 'label', expected: 'label' },
            { type: 'judge', judge: 'llm', content: '<<<{{candidate.verdict}}>>>' },
          ],
        },
      },
      run: { repeats: 2 },
    };
    writeFileSync(path.join(dir, 'evalc.yaml'), JSON.stringify(plan));
    const examples = ['e1', 'e2'].map((id) =>
      JSON.stringify({ id, vars: { q: id }, expected: { label: 'cs' } }),
    );
    writeFileSync(path.join(dir, 'd.jsonl'), `${examples.join('\n')}\n`);

    ctx.agent.state.answer = 'cs';
    const first = await runCli(['apply'], { cwd: dir });
    expect(first.code, first.stderr).toBe(0);
    copyFileSync(path.join(dir, 'evalc.lock'), path.join(dir, 'old.lock'));
    const before = await reportFrom(dir, 'old.lock');
    expect(before.map((e) => [e.pass, e.repeats.map((r) => r.candidates?.label)])).toEqual([
      [true, ['cs', 'cs']],
      [true, ['cs', 'cs']],
    ]);

    const rationale = (e: ReportExample) => e.metrics.find((m) => m.id === 'judge')?.rationale;
    expect(before.map(rationale)).toEqual(['fake llm: 1 dimensions', 'fake llm: 1 dimensions']);

    ctx.agent.state.answer = 'stats';
    expect((await runCli(['apply', '--refresh'], { cwd: dir })).code).toBe(0);
    expect(readFileSync(path.join(dir, 'evalc.lock'), 'utf8')).not.toBe(
      readFileSync(path.join(dir, 'old.lock'), 'utf8'),
    );

    // the old lock's passing rows do not show the refreshed (failing) answers
    const old = await reportFrom(dir, 'old.lock');
    expect(old.map((e) => e.pass)).toEqual([true, true]);
    for (const e of old) for (const r of e.repeats) expect(r.candidates?.label).not.toBe('stats');
    // nor the refreshed run's judge rationales
    expect(old.map(rationale)).toEqual([undefined, undefined]);
    // the current lock shows them, with its own scores
    const current = await reportFrom(dir, 'evalc.lock');
    expect(current.map((e) => [e.pass, e.repeats.map((r) => r.candidates?.label)])).toEqual([
      [false, ['stats', 'stats']],
      [false, ['stats', 'stats']],
    ]);
    expect(current.map(rationale)).toEqual(['fake llm: 1 dimensions', 'fake llm: 1 dimensions']);
  });
});
