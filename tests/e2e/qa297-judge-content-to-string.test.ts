/**
 * QA297: an agent whose output holds an object with its own `toString` field
 * (`{"x": {"toString": "x"}}`, as an agent's JSON may) made a judge's `content:` template that
 * prints it (`{{candidate.answer}} / {{candidate.x}}`) fail to render ("Cannot convert object to
 * primitive value"), and the judge was sent an empty text in silence: its verdict on nothing was
 * kept as the example's score. Such an example now has the judge metric's `metric_error` saying
 * why, the judge not asked; the other examples are judged as before. Real loopback agent and judge,
 * the built CLI.
 */
import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Loopback, sendJson, startLoopback } from '../fixtures/loopback.js';
import { judgedRaipAgent, startRecordingJudge } from '../fixtures/recording-judge.js';
import { runCli, tempWorkspace } from './apply-harness.js';

let agent: Loopback;
let judge: Loopback;
let judged: string[] = [];
beforeAll(async () => {
  agent = await startLoopback((req, res, body) => {
    if (req.url?.startsWith('/info'))
      return sendJson(res, 200, { name: 'a', version: '1', inputSchema: { type: 'object' } });
    const q = (JSON.parse(body) as { input: { q: string } }).input.q;
    const x: Record<string, unknown> = q === 'hostile' ? { toString: 'x', answer: 'ok' } : { fine: 1 };
    // QA333: an object in a content's text is refused whatever it holds; the fine example's x is text
    const xOut = q === 'hostile' ? x : 'plain';
    sendJson(res, 200, { output: { answer: 'ok', x: xOut }, usage: {} });
  });
  ({ judge, judged } = await startRecordingJudge((contents) => contents.at(-1) ?? ''));
});
afterAll(async () => {
  await Promise.all([agent.close(), judge.close()]);
});

describe('a judge content that cannot print an agent value', () => {
  it('is the metric error of that example, not an empty text judged', async () => {
    const ws = tempWorkspace('qa297-content');
    try {
      const plan = {
        evalc: 1,
        benchmark: { id: 'qa297', version: '1.0.0' },
        ...judgedRaipAgent(agent.url, judge.url),
        tasks: {
          t: {
            bindings: {
              default: { input: { q: '{{q}}' }, output: { answer: 'output.answer', x: 'output.x' } },
            },
            datasets: {
              d: {
                examples: [
                  { id: 'fine', vars: { q: 'fine' }, expected: { answer: 'ok' } },
                  { id: 'hostile', vars: { q: 'hostile' }, expected: { answer: 'ok' } },
                ],
              },
            },
            metrics: [
              { type: 'judge', judge: 'j', content: '{{candidate.answer}} / {{candidate.x}}' },
              // a path this example's candidates lack (validate cannot know): said too, not judged as ''
              { id: 'judge_text', type: 'judge', judge: 'j', content: 'text: {{candidate.answer.text}}' },
            ],
          },
        },
      };
      writeFileSync(path.join(ws.dir, 'evalc.yaml'), JSON.stringify(plan));
      const run = await runCli(['apply', 'evalc.yaml', '--quiet'], { cwd: ws.dir });
      expect(run.stderr).not.toMatch(/\n\s+at |internal error/);
      // one judged text, the fine example's: none empty
      expect(judged).toHaveLength(1);
      expect(judged[0]).toContain('ok / plain');
      const report = JSON.parse(readFileSync(path.join(ws.dir, '.evalc/reports/report.json'), 'utf8')) as {
        examples: {
          example: string;
          metrics: { id: string; score: number | null; error?: string; keys?: string[] }[];
        }[];
      };
      const judgeOf = (id: string, metric = 'judge') =>
        report.examples.find((e) => e.example === id)?.metrics.find((m) => m.id === metric);
      expect(judgeOf('fine')?.score).toBe(1);
      expect(judgeOf('hostile')?.score).toBeNull();
      expect(judgeOf('hostile')?.error).toBe('metric_error');
      expect(judgeOf('fine', 'judge_text')?.error).toBe('metric_error');
      const md = readFileSync(path.join(ws.dir, '.evalc/reports/report.md'), 'utf8');
      expect(md).toContain(
        // QA333: said as any object in text is ('Cannot convert object to primitive value' before)
        'content could not be rendered for this example: "candidate.x" is an object, which text prints as \\[object Object\\]: write \\{\\{json candidate.x\\}\\} for its JSON, or \\{\\{candidate.x.FIELD\\}\\} for one of its fields; the judge was not asked',
      );
      expect(md).toContain(
        'content could not be rendered for this example: "text" is not defined: its parent is not an object \\("ok"\\); the judge was not asked',
      );
      // evalc's own failure, the same on the same answer: cached, the judge not asked again
      const again = await runCli(['apply', 'evalc.yaml', '--quiet'], { cwd: ws.dir });
      expect(again.code).toBe(run.code);
      expect(judged).toHaveLength(1);
      // QA308: a verdict an evalc before QA297 cached for that example (its judge sent '', the
      // score key the same) is not served as its score: the content's failure again, no call
      const key = judgeOf('hostile')?.keys?.[0] ?? '';
      expect(key).toMatch(/^k1:/);
      const verdict = JSON.stringify({ score: 1, details: { dimensions: { q: 1 }, rationale: 'ok' } });
      appendFileSync(
        path.join(ws.dir, '.evalc/cache/steps.log'),
        `${key}\tscore\t${Buffer.byteLength(verdict)}\t${verdict}\n`,
      );
      const old = await runCli(['apply', 'evalc.yaml', '--quiet'], { cwd: ws.dir });
      expect(old.code).toBe(run.code);
      const reread = JSON.parse(readFileSync(path.join(ws.dir, '.evalc/reports/report.json'), 'utf8')) as {
        examples: { example: string; metrics: { id: string; score: number | null; error?: string }[] }[];
      };
      const hostile = reread.examples
        .find((e) => e.example === 'hostile')
        ?.metrics.find((m) => m.id === 'judge');
      expect(hostile?.score).toBeNull();
      expect(hostile?.error).toBe('metric_error');
      expect(judged).toHaveLength(1);
    } finally {
      ws.cleanup();
    }
  }, 120_000);
});
