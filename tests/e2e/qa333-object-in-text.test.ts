/**
 * QA333: a judge's `content: "Answer: {{candidate.obj}}"` sent the judge `Answer: [object Object]`
 * (and a list its items joined by commas), its verdict kept as the score, in silence; an input
 * template printing an object var sent the agent `[object Object]`. Now the content's failure is
 * the example's metric_error naming the path and `{{json …}}`, the judge not asked; the input's is
 * a validate error at the value. `{{json …}}`, a whole-content `{{candidate.obj}}` (its JSON) and
 * `{{#each}}` over the items are judged as before. Real loopback agent and judge, the built CLI.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Loopback, sendJson, startLoopback } from '../fixtures/loopback.js';
import { judgedRaipAgent, startRecordingJudge } from '../fixtures/recording-judge.js';
import { runCli, tempWorkspace } from './apply-harness.js';

let agent: Loopback;
let judge: Loopback;
let judged: string[] = [];
beforeAll(async () => {
  agent = await startLoopback((req, res) => {
    if (req.url?.startsWith('/info'))
      return sendJson(res, 200, { name: 'a', version: '1', inputSchema: { type: 'object' } });
    sendJson(res, 200, { output: { answer: 'ok', obj: { k: 1 }, list: ['a', 'b'] }, usage: {} });
  });
  ({ judge, judged } = await startRecordingJudge());
});
afterAll(async () => {
  await Promise.all([agent.close(), judge.close()]);
});

function plan(input: Record<string, unknown>, metrics: Record<string, unknown>[]) {
  return {
    evalc: 1,
    benchmark: { id: 'qa333', version: '1.0.0' },
    ...judgedRaipAgent(agent.url, judge.url),
    tasks: {
      t: {
        bindings: {
          default: {
            input,
            output: {
              answer: 'output.answer',
              obj: 'output.obj',
              list: 'output.list',
              pair: 'output.{a: answer, b: obj}',
              names: 'output.list[*]',
            },
          },
        },
        datasets: {
          d: {
            examples: [
              {
                id: 'e1',
                vars: { q: 'hi', user: { name: 'Ann' } },
                expected: { answer: 'ok', ref: { k: 1 } },
              },
            ],
          },
        },
        metrics,
      },
    },
  };
}

describe('an object or a list printed in a template’s text', () => {
  it('is a judge metric’s error naming it, the judge not asked; json, whole and each are judged', async () => {
    const ws = tempWorkspace('qa333-content');
    try {
      const metrics = [
        { id: 'j_text', type: 'judge', judge: 'j', content: 'Answer: {{candidate.obj}}' },
        { id: 'j_list', type: 'judge', judge: 'j', content: 'Tags: {{candidate.list}}' },
        { id: 'j_json', type: 'judge', judge: 'j', content: 'JSON: {{json candidate.obj}}' },
        { id: 'j_whole', type: 'judge', judge: 'j', content: '{{candidate.obj}}' },
        {
          id: 'j_each',
          type: 'judge',
          judge: 'j',
          content: 'Each:{{#each candidate.list}} <{{this}}>{{/each}}',
        },
      ];
      writeFileSync(path.join(ws.dir, 'evalc.yaml'), JSON.stringify(plan({ q: '{{q}}' }, metrics)));
      const run = await runCli(['apply', 'evalc.yaml', '--quiet'], { cwd: ws.dir });
      expect(run.stderr).not.toMatch(/\n\s+at |internal error/);
      expect(judged.some((text) => text.includes('[object Object]'))).toBe(false);
      // a list of scalars prints as Handlebars prints it (QA344)
      expect(judged.some((text) => text.includes('Tags: a,b'))).toBe(true);
      expect(judged.some((text) => text.includes('JSON: {"k":1}'))).toBe(true);
      expect(judged.some((text) => text.includes('{"k":1}') && !text.includes('JSON:'))).toBe(true);
      expect(judged.some((text) => text.includes('Each: <a> <b>'))).toBe(true);
      expect(judged).toHaveLength(4);
      const report = JSON.parse(readFileSync(path.join(ws.dir, '.evalc/reports/report.json'), 'utf8')) as {
        examples: { metrics: { id: string; score: number | null; error?: string }[] }[];
      };
      const scores = Object.fromEntries(report.examples[0]!.metrics.map((m) => [m.id, m.error ?? m.score]));
      expect(scores).toMatchObject({
        j_text: 'metric_error',
        j_list: 1,
        j_json: 1,
        j_whole: 1,
        j_each: 1,
      });
      const md = readFileSync(path.join(ws.dir, '.evalc/reports/report.md'), 'utf8');
      expect(md).toContain(
        'content could not be rendered for this example: "candidate.obj" is an object, which text prints as \\[object Object\\]: write \\{\\{json candidate.obj\\}\\} for its JSON',
      );
    } finally {
      ws.cleanup();
    }
  }, 120_000);

  it('is a validate error at the input or content whose vars or expected hold it', async () => {
    const ws = tempWorkspace('qa333-validate');
    try {
      const metrics = [
        { id: 'j_ref', type: 'judge', judge: 'j', content: 'Ref: {{expected.ref}}' },
        // an output whose expression makes an object or a list: said before the run
        { id: 'j_pair', type: 'judge', judge: 'j', content: 'P: {{candidate.pair}} {{candidate.pair.a}}' },
        // a list prints when its items are scalars, which only the run knows (QA344)
        { id: 'j_names', type: 'judge', judge: 'j', content: 'N: {{candidate.names}}' },
        {
          id: 'j_fine',
          type: 'judge',
          judge: 'j',
          content: '{{json candidate.pair}} {{candidate.obj}} {{candidate.pair.b.k}}',
        },
      ];
      writeFileSync(
        path.join(ws.dir, 'evalc.yaml'),
        JSON.stringify(
          plan({ q: 'About {{user}}', u: '{{user}}', n: 'Name: {{user.name}}' }, metrics),
          null,
          1,
        ),
      );
      const run = await runCli(['validate', 'evalc.yaml'], { cwd: ws.dir });
      expect(run.code).not.toBe(0);
      const said = `${run.stdout}${run.stderr}`;
      expect(said).toMatch(
        /evalc\.yaml:\d+:\d+: error EVALC_BIND_TEMPLATE: template fails for dataset d, examples e1 \(1 of 1\): "user" is an object, which text prints as \[object Object\]: write \{\{json user\}\} for its JSON/,
      );
      expect(said).toMatch(
        /evalc\.yaml:\d+:\d+: error EVALC_BIND_TEMPLATE: content template of `j_ref` fails for dataset d, examples e1 \(1 of 1\): "expected\.ref" is an object/,
      );
      expect(said).toMatch(
        /error EVALC_BIND_TEMPLATE: content template of `j_pair` fails for dataset d, examples e1 \(1 of 1\): "candidate\.pair" is an object, which text prints as \[object Object\]: write \{\{json candidate\.pair\}\}/,
      );
      expect(said).not.toMatch(/j_names/);
      // the whole-leaf `{{user}}`, `{{user.name}}`, j_names, j_fine (an output of unknown type) pass
      expect(said).toMatch(/3 errors/);
    } finally {
      ws.cleanup();
    }
  }, 120_000);
});
