/**
 * judge_agreement's value is the statistic its `primary:` names (README: "the one its `primary:` names
 * … is its score (max(0, ·)) and value"), and report.md names a measurement's row with its unit. With
 * `primary: kappa` that row read `ja value (correlation)` beside Cohen's κ, which is no correlation
 * (QA276). Against a real RAIP agent and an OpenAI-compatible judge on loopback.
 *
 * Hand-computed (QA276, categorical κ with K = 3: label = round(s·2) + 1, a half rounded up):
 * judge composites (one dimension q) 0.7, 0.5, 0.25, 0 → 1.4, 1, 0.5, 0 → labels 2, 2, 2, 1;
 * human labels 3, 2, 2, 1. pₒ = 3/4; judge shares {2: 3/4, 1: 1/4}, human {3: 1/4, 2: 2/4, 1: 1/4};
 * pₑ = 3/4·2/4 + 1/4·1/4 = 7/16; κ = (3/4 − 7/16) / (1 − 7/16) = (5/16) / (9/16) = 5/9 = 0.556.
 * Pearson r of the same pairs (primary default): judge mean 0.3625, human mean 2; deviations
 * judge 0.3375, 0.1375, −0.1125, −0.3625, human 1, 0, 0, −1; Σxy = 0.3375 + 0.3625 = 0.7;
 * Σx² = 0.11390625 + 0.01890625 + 0.01265625 + 0.13140625 = 0.276875, Σy² = 2;
 * r = 0.7 / √(0.276875 · 2) = 0.7 / 0.744144 = 0.940680.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startLoopback } from '../fixtures/loopback.js';
import { startOpenaiJudgeServer } from '../fixtures/openai-judge-server.js';
import { assertBuilt, runCli, tempWorkspace } from './apply-harness.js';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
});
beforeAll(() => assertBuilt());

interface Figure {
  mean: number;
  ci: unknown;
  n: number;
  value?: { mean: number; ci: unknown; n: number };
}

describe("judge_agreement with primary: kappa names its value Cohen's κ (QA276)", () => {
  it('labels the κ row as κ and keeps the correlation label for Pearson r', async () => {
    const agent = await startLoopback((req, res, body) => {
      const send = (status: number, value: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(value));
      };
      if (req.method === 'GET' && req.url === '/info')
        return send(200, { name: 'echo', version: '1', inputSchema: { type: 'object' } });
      const { input } = JSON.parse(body) as { input: { q: string } };
      send(200, { output: { answer: `q=${input.q}` } });
    });
    cleanups.push(() => agent.close());
    const judge = await startOpenaiJudgeServer();
    cleanups.push(() => judge.close());
    const ws = tempWorkspace('qa276-kappa-unit');
    cleanups.push(ws.cleanup);
    writeFileSync(
      path.join(ws.dir, 'd.jsonl'),
      [
        { id: 'e1', vars: { q: '0.7' }, human_score: 3 },
        { id: 'e2', vars: { q: '0.5' }, human_score: 2 },
        { id: 'e3', vars: { q: '0.25' }, human_score: 2 },
        { id: 'e4', vars: { q: '0' }, human_score: 1 },
      ]
        .map((e) => `${JSON.stringify(e)}\n`)
        .join(''),
    );
    writeFileSync(
      path.join(ws.dir, 'evalc.yaml'),
      `evalc: 1
benchmark: { id: qa276-kappa }
agents:
  a1: { protocol: raip, url: "${agent.url}", limits: { retries: 0 } }
judges:
  llm: { protocol: openai, url: "${judge.url}", model: m, temperature: 0, rubric: one }
rubrics:
  one:
    dimensions:
      - { id: q, description: "quality", weight: 1 }
tasks:
  t:
    bindings:
      default:
        input: { q: "{{q}}" }
        output: { answer: "output.answer" }
    datasets:
      d: { source: d.jsonl }
    metrics:
      - { type: judge, judge: llm, gate: false }
      - { type: judge_agreement, id: ja_k, primary: kappa, kappa: categorical, categories: 3 }
      - { type: judge_agreement, id: ja_r }
`,
    );
    const run = await runCli(['apply', 'evalc.yaml'], { cwd: ws.dir });
    expect(run.code, run.stderr).toBe(0);
    const lock = JSON.parse(readFileSync(path.join(ws.dir, 'evalc.lock'), 'utf8')) as {
      aggregates: { benchmark: { a1: Record<string, Figure> } };
    };
    const bench = lock.aggregates.benchmark.a1;
    expect(bench.ja_k).toMatchObject({ mean: 0.555555555556, ci: null, n: 4 });
    expect(bench.ja_k?.value).toMatchObject({ mean: 0.555555555556, ci: null });
    expect(bench.ja_r?.value?.mean).toBeCloseTo(0.7 / Math.sqrt(0.276875 * 2), 11);
    const md = readFileSync(path.join(ws.dir, '.evalc/reports/report.md'), 'utf8');
    expect(md).toMatch(/^\| `ja_k` value \(Cohen's κ\) \| 0\.556 \|$/m);
    expect(md).not.toMatch(/`ja_k` value \(correlation\)/);
    expect(md).toMatch(/^\| `ja_r` value \(correlation\) \| 0\.941 \|$/m);
  });
});
