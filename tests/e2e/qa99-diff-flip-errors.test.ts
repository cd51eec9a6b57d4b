/**
 * QA99: a flip's `errors` (evalc diff, report.md's compare) name the errors recorded on its failing
 * side so a reviewer tells a flaky call from a worse answer (QA90) — but they named a measurement's
 * error too: with `cost` failing on every example of both runs (no price for the model), an example
 * that now answers B read `e0 (exact_match, pass_rate) · error: metric_error`, and one that now
 * answers A `· error before: metric_error`, as if a failed call had flipped them. The errors named
 * are those that may decide a fail — an invoke's, a deciding metric's (the pass rule) —, as a
 * report's `error` status is (49da6a1).
 *
 * Against a real RAIP agent on loopback whose answers the test switches between two applies.
 * Hand-computed: run 1 answers A everywhere except `was` (B); run 2 answers B to `flip`, A to
 * `was`, and 500 to `boom`. Flips: flip and boom pass → fail (boom's error http_500), was
 * fail → pass (no error before: it failed on its answer).
 */
import { copyFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startLoopback } from '../fixtures/loopback.js';
import { assertBuilt, runCli, tempWorkspace } from './apply-harness.js';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
});
beforeAll(() => assertBuilt());

describe("a flip's errors (QA99)", () => {
  it("name what may have decided the fail, not a measurement's error", async () => {
    let answers: Record<string, string> = { was: 'B' };
    const agent = await startLoopback((req, res, body) => {
      if (req.method === 'GET') {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ name: 'echo', inputSchema: { type: 'object' } }));
        return;
      }
      const { context } = JSON.parse(body) as { context: { exampleId: string } };
      const answer = answers[context.exampleId] ?? 'A';
      if (answer === '500') {
        res.writeHead(500, { 'content-type': 'text/plain' });
        res.end('boom');
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ output: { answer }, usage: { prompt_tokens: 10, completion_tokens: 5 } }));
    });
    cleanups.push(() => agent.close());
    const ws = tempWorkspace('qa99-flip-errors');
    cleanups.push(ws.cleanup);
    writeFileSync(
      path.join(ws.dir, 'd.jsonl'),
      ['ok', 'flip', 'was', 'boom'].map((id) => `{"id":"${id}","expected":{"answer":"A"}}`).join('\n') + '\n',
    );
    writeFileSync(
      path.join(ws.dir, 'evalc.yaml'),
      `evalc: 1
benchmark: { id: qa99-flip-errors }
agents:
  a1: { protocol: raip, url: "${agent.url}", limits: { retries: 0 } }
prices: { m1: { input: 1, output: 2 } }
tasks:
  t:
    bindings: { default: { input: { q: "x" }, output: { answer: "output.answer" } } }
    datasets:
      d: { source: d.jsonl }
    metrics:
      - { type: exact_match }
      - { type: cost, model: m9 }
metrics: [ { type: pass_rate } ]
`,
    );
    expect((await runCli(['apply', 'evalc.yaml'], { cwd: ws.dir })).code).toBe(0);
    copyFileSync(path.join(ws.dir, 'evalc.lock'), path.join(ws.dir, 'base.lock'));
    answers = { flip: 'B', boom: '500' };
    expect((await runCli(['apply', 'evalc.yaml', '--refresh'], { cwd: ws.dir })).code).toBe(0);
    const diff = await runCli(['diff', 'base.lock', 'evalc.lock', '--format', 'json'], { cwd: ws.dir });
    expect(diff.code, diff.stderr).toBe(0);
    const flips = (
      JSON.parse(diff.stdout) as { flips: { example: string; kind: string; errors?: string[] }[] }
    ).flips.map((f) => [f.example, f.kind, f.errors ?? null]);
    expect(flips).toEqual([
      ['boom', 'pass_to_fail', ['http_500']],
      ['flip', 'pass_to_fail', null],
      ['was', 'fail_to_pass', null],
    ]);
    const text = await runCli(['diff', 'base.lock', 'evalc.lock'], { cwd: ws.dir });
    expect(text.stdout).toContain('  a1 t/d flip (exact_match, pass_rate)\n');
    expect(text.stdout).toContain('  a1 t/d was (exact_match, pass_rate)\n');
    expect(text.stdout).toContain('· error: http_500');
  });
});
