/**
 * QA167, next to 992f2b1 (every RAIP agent's /info asked at once): when two agents' input schemas
 * drifted, apply's refusal named the first only, `Re-run with --update-lock … (re-invokes a1
 * only)`, though that run re-invokes both, and the second drift showed only on the next run. Every
 * answer is in by then: each drifted agent is named. Real CLI, one loopback RAIP agent behind two
 * agent ids.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Loopback, sendJson, startLoopback } from '../fixtures/loopback.js';
import { runCli, tempWorkspace } from './apply-harness.js';

let schema: Record<string, unknown> = { type: 'object' };
let agent: Loopback;
const cleanups: (() => void)[] = [];
beforeAll(async () => {
  agent = await startLoopback((req, res) =>
    req.method === 'GET'
      ? sendJson(res, 200, { name: 'n', version: '1', inputSchema: schema })
      : sendJson(res, 200, { output: { answer: 'x' } }),
  );
});
afterAll(async () => {
  for (const c of cleanups) c();
  await agent.close();
});

describe('two RAIP agents whose input schema drifted (QA167)', () => {
  it('are both named in the refusal, with what --update-lock re-invokes', async () => {
    const ws = tempWorkspace('qa167-drift-both');
    cleanups.push(ws.cleanup);
    writeFileSync(
      path.join(ws.dir, 'evalc.yaml'),
      `evalc: 1
benchmark: { id: drift, version: 1.0.0 }
agents:
  a1: { protocol: raip, url: "${agent.url}" }
  a2: { protocol: raip, url: "${agent.url}/" }
run: { preflight: 0 }
tasks:
  t:
    bindings: { default: { input: { q: "{{q}}" }, output: { answer: "output.answer" } } }
    datasets:
      d: { examples: [ { id: e1, vars: { q: a }, expected: { answer: x } } ] }
    metrics: [ { type: exact_match, candidate: answer, expected: answer } ]
`,
    );
    expect((await runCli(['apply', '--quiet'], { cwd: ws.dir })).code).toBe(0);
    schema = { type: 'object', properties: { q: { type: 'string' } } };
    const run = await runCli(['apply'], { cwd: ws.dir });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(
      /agent a1: input schema drifted since evalc\.lock \(sha256:\w+… → sha256:\w+…\)\n/,
    );
    expect(run.stderr).toMatch(
      /agent a2: input schema drifted since evalc\.lock \(sha256:\w+… → sha256:\w+…\)\n/,
    );
    expect(run.stderr).toContain(
      'nothing was invoked. Re-run with --update-lock to accept the new schemas (re-invokes a1 and a2 only).',
    );
  });
});
