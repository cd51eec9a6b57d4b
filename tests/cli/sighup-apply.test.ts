/**
 * SIGHUP (the terminal or ssh session that started `evalc apply` closed) stops apply the way
 * SIGTERM and a first Ctrl-C do: the requests in flight finish and are cached, exit 130. Before,
 * SIGHUP's default action killed the process: the answers in flight were dropped and asked again
 * by the next apply. Real CLI, a real loopback agent answering the first request at once and the
 * others after a second.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCli, tempWorkspace, waitCli, waitFor } from '../e2e/apply-harness.js';
import { type SlowRaipAgent, startSlowRaipAgent } from '../fixtures/slow-raip-agent.js';

let agent: SlowRaipAgent;
const cleanups: (() => void)[] = [];
beforeAll(async () => {
  agent = await startSlowRaipAgent((n) => (n === 1 ? 0 : 1000));
});
afterAll(async () => {
  for (const c of cleanups) c();
  await agent.close();
});

describe('SIGHUP during apply', () => {
  it('finishes and caches the requests in flight, exits 130, and the next apply asks nothing again', async () => {
    const ws = tempWorkspace('sighup-apply');
    cleanups.push(ws.cleanup);
    const examples = ['a', 'b', 'c', 'd']
      .map((q, i) => `{ id: e${i + 1}, vars: { q: ${q} }, expected: { answer: x } }`)
      .join(', ');
    writeFileSync(
      path.join(ws.dir, 'evalc.yaml'),
      `evalc: 1
benchmark: { id: slow, version: 1.0.0 }
agents:
  a1: { protocol: raip, url: "${agent.url}" }
run: { preflight: 0 }
tasks:
  t:
    bindings: { default: { input: { q: "{{q}}" }, output: { answer: "output.answer" } } }
    datasets:
      d: { examples: [ ${examples} ] }
    metrics: [ { type: exact_match, candidate: answer, expected: answer } ]
`,
    );
    const child = startCli(['apply', '--quiet'], { cwd: ws.dir });
    const done = waitCli(child, 20_000);
    await waitFor(() => agent.invokes() === 4, 15_000, 'four requests');
    child.kill('SIGHUP');
    const result = await done;
    expect(result.code).toBe(130);
    expect(agent.invokes()).toBe(4);
    // The three answered after the signal were cached: the next apply sends nothing.
    const again = await waitCli(startCli(['apply', '--quiet'], { cwd: ws.dir }), 20_000);
    expect(again.code).toBe(0);
    expect(agent.invokes()).toBe(4);
  });
});
