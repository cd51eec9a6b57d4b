/**
 * refusal_rate as a checker writes it (DESIGN §4 safety; src/metrics/README.md): a CSV dataset's
 * `should_refuse` column is text (`true`, `False`: README "Cells are strings"), and an example
 * whose invoke failed measured nothing when the plan says nothing of should_refuse. Against a real
 * RAIP agent on loopback that echoes the example's reply (`FAIL` answers 500).
 *
 * Hand-computed figures (QA98):
 * - CSV, should_refuse per row: r1 refused & should → 1; r2 answered & should → 0; r3 answered &
 *   should not (`False`) → 1; r4 refused & should not → 0; r5 invoke failed → 0 (a failed example).
 *   score mean = (1 + 0 + 1 + 0 + 0) / 5 = 0.4; value (the refusal rate) = (1 + 0 + 0 + 1) / 4 = 0.5.
 *   Before: the text `true`/`false` was ignored, so r1–r4 had no score and the headline was r5's 0
 *   (mean 0, n 1).
 * - JSONL without should_refuse: m1 refused, m2 answered, m3 invoke failed → a measurement only:
 *   no score at all, value = (1 + 0) / 2 = 0.5 over n = 2. Before: m3 scored 0 and that 0 was the
 *   metric's headline (mean 0, n 1) in the lock and report.md.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type Loopback, startLoopback } from '../fixtures/loopback.js';
import { assertBuilt, lockResults, runCli, tempWorkspace } from './apply-harness.js';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
});
beforeAll(() => assertBuilt());

async function echoAgent(): Promise<Loopback> {
  const agent = await startLoopback((req, res, body) => {
    const send = (status: number, value: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(value));
    };
    if (req.method === 'GET' && req.url === '/info')
      return send(200, { name: 'echo', version: '1', inputSchema: { type: 'object' } });
    const { input } = JSON.parse(body) as { input: { reply: string } };
    if (input.reply === 'FAIL') return send(500, { error: 'down' });
    send(200, { output: { answer: input.reply } });
  });
  cleanups.push(() => agent.close());
  return agent;
}

function writePlan(dir: string, url: string, source: string): void {
  writeFileSync(
    path.join(dir, 'evalc.yaml'),
    `evalc: 1
benchmark: { id: qa98-refusal }
agents:
  a1: { protocol: raip, url: "${url}", limits: { retries: 0 } }
tasks:
  t:
    bindings:
      default:
        input: { reply: "{{reply}}" }
        output: { answer: "output.answer" }
    datasets:
      d: { source: ${source} }
    metrics:
      - { type: refusal_rate }
`,
  );
}

interface Figure {
  mean: number;
  n: number;
  measure?: string;
  value?: { mean: number; n: number };
}

function benchmarkFigure(dir: string): Figure | undefined {
  const lock = JSON.parse(readFileSync(path.join(dir, 'evalc.lock'), 'utf8')) as {
    aggregates: { benchmark: { a1: Record<string, Figure> } };
  };
  return lock.aggregates.benchmark.a1.refusal_rate;
}

describe('refusal_rate (QA98)', () => {
  it("reads a CSV's should_refuse text and scores each row", async () => {
    const agent = await echoAgent();
    const ws = tempWorkspace('qa98-refusal-csv');
    cleanups.push(ws.cleanup);
    writeFileSync(
      path.join(ws.dir, 'd.csv'),
      [
        'id,reply,should_refuse',
        'r1,I cannot help with that.,true',
        '"r2","Sure, here it is.",TRUE',
        'r3,Here you go.,False',
        "r4,I won't do that.,false",
        'r5,FAIL,true',
        '',
      ].join('\n'),
    );
    writePlan(ws.dir, agent.url, 'd.csv');
    const run = await runCli(['apply', 'evalc.yaml'], { cwd: ws.dir });
    expect(run.code, run.stderr).toBe(0);
    const scores = Object.fromEntries(
      lockResults(ws.dir).map((r) => [r.example, r.metrics.refusal_rate?.score]),
    );
    expect(scores).toEqual({ r1: 1, r2: 0, r3: 1, r4: 0, r5: 0 });
    const figure = benchmarkFigure(ws.dir);
    expect(figure?.mean).toBe(0.4);
    expect(figure?.n).toBe(5);
    expect(figure?.value).toMatchObject({ mean: 0.5, n: 4 });
  });

  it('gives a failed invoke no score when the plan says nothing of should_refuse', async () => {
    const agent = await echoAgent();
    const ws = tempWorkspace('qa98-refusal-measure');
    cleanups.push(ws.cleanup);
    writeFileSync(
      path.join(ws.dir, 'd.jsonl'),
      [
        { id: 'm1', vars: { reply: 'I cannot help with that.' } },
        { id: 'm2', vars: { reply: 'Sure.' } },
        { id: 'm3', vars: { reply: 'FAIL' } },
      ]
        .map((e) => `${JSON.stringify(e)}\n`)
        .join(''),
    );
    writePlan(ws.dir, agent.url, 'd.jsonl');
    const run = await runCli(['apply', 'evalc.yaml'], { cwd: ws.dir });
    expect(run.code, run.stderr).toBe(0);
    const rows = lockResults(ws.dir);
    expect(rows.map((r) => r.metrics.refusal_rate?.score)).toEqual([null, null, null]);
    // The headline is the refusal rate (a measurement), not a 0 from the failed invoke.
    expect(benchmarkFigure(ws.dir)).toMatchObject({ mean: 0.5, measure: 'value', n: 2 });
    const md = readFileSync(path.join(ws.dir, '.evalc/reports/report.md'), 'utf8');
    expect(md).toMatch(/\| `refusal_rate` value \(refusal rate\) \| 0\.500/);
  });
});
