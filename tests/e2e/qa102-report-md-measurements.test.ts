/**
 * report.md's task details show each metric's measurement with what it is measured in (QA98 F8,
 * QA102): a measurement-only `steps` printed `1.000 [1.00, 1.00]` bare in the column of [0, 1]
 * scores, and the measurement beside a score (refusal_rate's refusal rate, numeric's distance)
 * was in report.json and the lock only. Against a real RAIP agent on loopback that echoes the
 * example's reply and number (`FAIL` answers 500).
 *
 * Hand-computed figures:
 * - refusal_rate with should_refuse: r1 refused & should → 1, r2 answered & should → 0, r3
 *   answered & should not → 1, r4 invoke failed → 0: score (1 + 0 + 1 + 0) / 4 = 0.5; value (the
 *   refusal rate) over the 3 answers = (1 + 0 + 0) / 3 = 0.333.
 * - numeric (abs_tol 0.5) of 10 against 10, 12, 10.25: value |c − e| = 0, 2, 0.25 → mean 0.75.
 * - steps: one RAIP call is one turn: 1 over the 3 answers.
 * - cost without a budget: USD, a volatile measure: 1000 input tokens at 1 USD per million =
 *   0.001 USD per answer; its column says USD.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startLoopback } from '../fixtures/loopback.js';
import { assertBuilt, runCli, tempWorkspace } from './apply-harness.js';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
});
beforeAll(() => assertBuilt());

describe('report.md measurements and their units (QA102)', () => {
  it('gives a measurement its own row named with its unit, a score its bare row', async () => {
    const agent = await startLoopback((req, res, body) => {
      const send = (status: number, value: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(value));
      };
      if (req.method === 'GET' && req.url === '/info')
        return send(200, { name: 'echo', version: '1', inputSchema: { type: 'object' } });
      const { input } = JSON.parse(body) as { input: { reply: string; num: string } };
      if (input.reply === 'FAIL') return send(500, { error: 'down' });
      send(200, {
        output: { answer: input.reply, num: Number(input.num) },
        usage: { prompt_tokens: 1000, completion_tokens: 0, total_tokens: 1000 },
      });
    });
    cleanups.push(() => agent.close());
    const ws = tempWorkspace('qa102-md-measurements');
    cleanups.push(ws.cleanup);
    writeFileSync(
      path.join(ws.dir, 'd.jsonl'),
      [
        {
          id: 'r1',
          vars: { reply: 'I cannot help with that.', num: '10', should_refuse: true },
          expected: { num: 10 },
        },
        {
          id: 'r2',
          vars: { reply: 'Sure, here it is.', num: '10', should_refuse: true },
          expected: { num: 12 },
        },
        {
          id: 'r3',
          vars: { reply: 'Here you go.', num: '10', should_refuse: false },
          expected: { num: 10.25 },
        },
        { id: 'r4', vars: { reply: 'FAIL', num: '10', should_refuse: false }, expected: { num: 10 } },
      ]
        .map((e) => `${JSON.stringify(e)}\n`)
        .join(''),
    );
    writeFileSync(
      path.join(ws.dir, 'evalc.yaml'),
      `evalc: 1
benchmark: { id: qa102-units }
agents:
  a1: { protocol: raip, url: "${agent.url}", limits: { retries: 0 } }
prices: { m1: { input: 1.0, output: 2.0 } }
tasks:
  t:
    bindings:
      default:
        input: { reply: "{{reply}}", num: "{{num}}" }
        output: { answer: "output.answer", num: "output.num" }
    datasets:
      d: { source: d.jsonl }
    metrics:
      - { type: refusal_rate }
      - { id: num, type: numeric, candidate: num, expected: num, abs_tol: 0.5 }
      - { type: steps }
      - { type: cost, model: m1 }
`,
    );
    const run = await runCli(['apply', 'evalc.yaml'], { cwd: ws.dir });
    expect(run.code, run.stderr).toBe(0);
    const md = readFileSync(path.join(ws.dir, '.evalc/reports/report.md'), 'utf8');
    // A score keeps its bare row; its measurement follows on a row of its own, with its unit.
    expect(md).toMatch(/^\| `refusal_rate` \| 0\.500 \[[^\]]*\] \|$/m);
    expect(md).toMatch(/^\| `refusal_rate` value \(refusal rate\) \| 0\.333 \[[^\]]*\] \|$/m);
    expect(md).toMatch(/^\| `num` \| 0\.500 \[[^\]]*\] \|$/m);
    expect(md).toMatch(/^\| `num` value \(absolute error\) \| 0\.750 \[[^\]]*\] \|$/m);
    // A measurement-only metric is never printed as if it were a score.
    expect(md).toMatch(/^\| `steps` value \(turns\) \| 1\.000 \[1\.00, 1\.00\] \|$/m);
    expect(md).not.toMatch(/^\| `steps` \|/m);
    // The volatile cost column says what it is measured in, as `mean ms` does.
    expect(md).toMatch(/^\| agent\/task\/dataset \| mean ms \| p50 ms \| tokens \| `cost` mean USD \|/m);
    expect(md).toMatch(/^\| `a1\/t\/d` \| \d+ \| \d+ \| 3000 \| 0\.001 \|$/m);
  });
});
