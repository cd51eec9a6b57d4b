/**
 * QA344: a list of scalars printed in text prints its items joined by commas, as Handlebars does
 * (QA333 refused every list): an input `Tags: {{tags}}` validates and sends `Tags: a,b`, and a
 * judge content printing a projection (`output.list[*]`) passes validate. A candidate that is a
 * string for one example and an object or a list of objects for others is the metric_error of
 * those examples only, the judge not asked for them; the others are judged. Real loopback agent
 * and judge, the built CLI.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Loopback, sendJson, startLoopback } from '../fixtures/loopback.js';
import { judgedRaipAgent, startRecordingJudge } from '../fixtures/recording-judge.js';
import { runCli, tempWorkspace } from './apply-harness.js';

const answers: Record<string, unknown> = {
  s: 'plain',
  o: { k: 1 },
  l: ['a', 'b'],
  lo: [{ k: 1 }],
};
let agent: Loopback;
let judge: Loopback;
const sent: string[] = [];
let judged: string[] = [];
beforeAll(async () => {
  agent = await startLoopback((req, res, body) => {
    if (req.url?.startsWith('/info'))
      return sendJson(res, 200, { name: 'a', version: '1', inputSchema: { type: 'object' } });
    const input = (JSON.parse(body) as { input: { q: string; tags: string } }).input;
    sent.push(input.tags);
    sendJson(res, 200, { output: { answer: answers[input.q], list: ['x', 'y'] }, usage: {} });
  });
  ({ judge, judged } = await startRecordingJudge());
});
afterAll(async () => {
  await Promise.all([agent.close(), judge.close()]);
});

const plan = () => ({
  evalc: 1,
  benchmark: { id: 'qa344', version: '1.0.0' },
  ...judgedRaipAgent(agent.url, judge.url),
  tasks: {
    t: {
      bindings: {
        default: {
          input: { q: '{{q}}', tags: 'Tags: {{tags}}' },
          output: { answer: 'output.answer', names: 'output.list[*]' },
        },
      },
      datasets: {
        d: { examples: Object.keys(answers).map((q) => ({ id: q, vars: { q, tags: ['a', 'b'] } })) },
      },
      metrics: [
        { id: 'j_answer', type: 'judge', judge: 'j', content: 'Answer: {{candidate.answer}}' },
        { id: 'j_names', type: 'judge', judge: 'j', content: 'Names: {{candidate.names}}' },
      ],
    },
  },
});

describe('a list of scalars in a template’s text', () => {
  it('validates, is sent joined by commas; a candidate that is an object fails those examples only', async () => {
    const ws = tempWorkspace('qa344-list');
    try {
      writeFileSync(path.join(ws.dir, 'evalc.yaml'), JSON.stringify(plan(), null, 1));
      const validate = await runCli(['validate', 'evalc.yaml'], { cwd: ws.dir });
      expect(`${validate.stdout}${validate.stderr}`).not.toMatch(/error/);
      expect(validate.code).toBe(0);
      const run = await runCli(['apply', 'evalc.yaml', '--quiet'], { cwd: ws.dir });
      expect(run.stderr).not.toMatch(/\n\s+at |internal error/);
      expect(sent).toEqual(['Tags: a,b', 'Tags: a,b', 'Tags: a,b', 'Tags: a,b']);
      expect(judged.filter((text) => text.includes('Names: x,y'))).toHaveLength(4);
      expect(judged.filter((text) => text.includes('Answer: '))).toHaveLength(2);
      expect(judged.some((text) => text.includes('Answer: plain'))).toBe(true);
      expect(judged.some((text) => text.includes('Answer: a,b'))).toBe(true);
      expect(judged.some((text) => text.includes('[object Object]'))).toBe(false);
      const report = JSON.parse(readFileSync(path.join(ws.dir, '.evalc/reports/report.json'), 'utf8')) as {
        examples: { id: string; metrics: { id: string; score: number | null; error?: string }[] }[];
      };
      const scores = Object.fromEntries(
        report.examples.map((e) => [
          e.id.split('/').at(-1),
          Object.fromEntries(e.metrics.map((m) => [m.id, m.error ?? m.score])),
        ]),
      );
      expect(scores).toEqual({
        s: { j_answer: 1, j_names: 1 },
        o: { j_answer: 'metric_error', j_names: 1 },
        l: { j_answer: 1, j_names: 1 },
        lo: { j_answer: 'metric_error', j_names: 1 },
      });
      const md = readFileSync(path.join(ws.dir, '.evalc/reports/report.md'), 'utf8');
      expect(md).toContain('"candidate.answer" is a list holding an object \\("candidate.answer.\\[0\\]"\\)');
    } finally {
      ws.cleanup();
    }
  }, 120_000);
});
