/**
 * QA334: an agent that fails its preflight records the same lock whether its run went through or
 * was killed during the preflight sample and resumed. The sample skipped the failures a killed run
 * had cached: 20 examples, `preflight: 3`, a kill after 2 cached failures recorded 5 failures and
 * 15 `preflight_failed` where the uninterrupted run records 3 and 17 (README "Preflight").
 */
import { writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  assertBuilt,
  countingExamples,
  lockResults,
  readLock,
  runCli,
  startCli,
  tempWorkspace,
  waitCli,
  waitFor,
  withoutDurations,
  writeDataset,
  writePlan,
} from '../e2e/apply-harness.js';
import { answerFor, DEFAULT_SCHEMA } from '../fixtures/apply-counting-agent.mjs';
import { startOpenaiServer } from '../fixtures/openai-server.js';

/** A RAIP agent refusing every input with 422 (cached as final); examples in `hold` get no reply yet. */
async function startRefusingAgent() {
  const received: string[] = [];
  const answered: string[] = [];
  const hold = new Set<string>();
  const state = { fixed: false };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const json = (status: number, body: unknown, headers: Record<string, string> = {}) => {
        res.writeHead(status, { 'content-type': 'application/json', ...headers });
        res.end(JSON.stringify(body));
      };
      if (req.method === 'GET' && req.url === '/info') {
        json(
          200,
          { name: 'refusing-agent', version: '1.0.0', inputSchema: DEFAULT_SCHEMA },
          { etag: '"r1"' },
        );
        return;
      }
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
        input?: { q?: string; style?: string };
        context?: { exampleId?: string };
      };
      const id = String(body.context?.exampleId);
      received.push(id);
      if (hold.has(id)) return; // answered never: the run is killed while it waits
      res.on('finish', () => answered.push(id));
      if (state.fixed)
        json(200, { output: answerFor(body.input, id), usage: { inputTokens: 1, outputTokens: 1 } });
      else json(422, { error: 'cannot do that' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    received,
    answered,
    hold,
    state,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

let agent: Awaited<ReturnType<typeof startRefusingAgent>>;
const cleanups: (() => void)[] = [];
beforeAll(async () => {
  assertBuilt();
  agent = await startRefusingAgent();
});
afterAll(async () => {
  await agent.close();
  for (const c of cleanups) c();
});

function workspace(prefix: string): string {
  const ws = tempWorkspace(prefix);
  cleanups.push(ws.cleanup);
  writeDataset(ws.dir, 'd1.jsonl', countingExamples(20));
  // three in flight at once: the sample is sent side by side, as a real run sends it
  writePlan(ws.dir, { agentUrl: agent.url, run: { preflight: 3 }, limits: { concurrency: 3 } });
  return ws.dir;
}

const errorCounts = (dir: string) => {
  const counts: Record<string, number> = {};
  for (const r of lockResults(dir)) counts[String(r.errors?.[0])] = (counts[String(r.errors?.[0])] ?? 0) + 1;
  return counts;
};

it('writes the uninterrupted lock after a run SIGKILLed during its preflight sample is resumed', async () => {
  const straight = workspace('qa334-straight');
  const once = await runCli(['apply', 'evalc.yaml'], { cwd: straight });
  expect(once.code, once.stderr).toBe(1);
  expect(errorCounts(straight)).toEqual({ semantic_mismatch: 3, preflight_failed: 17 });
  expect([...agent.received].sort()).toEqual(['e0', 'e1', 'e2']);

  const killed = workspace('qa334-killed');
  agent.received.length = 0;
  agent.answered.length = 0;
  agent.hold.add('e2');
  const child = startCli(['apply', 'evalc.yaml'], { cwd: killed });
  const exited = waitCli(child, 60_000);
  await waitFor(
    () => agent.answered.length === 2 && agent.received.includes('e2'),
    30_000,
    'e0 and e1 answered, e2 in flight',
  );
  // the two failures are cached the moment they arrive; give a loaded machine time to write them
  await new Promise((r) => setTimeout(r, 1500));
  child.kill('SIGKILL');
  expect((await exited).signal).toBe('SIGKILL');
  agent.hold.clear();

  agent.received.length = 0;
  const resumed = await runCli(['apply', 'evalc.yaml'], { cwd: killed });
  expect(resumed.code, resumed.stderr).toBe(1);
  // e0 and e1 came from the cache: the resumed sample is the same three examples
  expect(agent.received).toEqual(['e2']);
  expect(resumed.stderr).toMatch(
    /preflight: the first 3 examples all failed \(semantic_mismatch; 2 of them answered from the cache\)/,
  );
  expect(errorCounts(killed)).toEqual({ semantic_mismatch: 3, preflight_failed: 17 });
  expect(readLock(killed)).toBe(readLock(straight));
}, 120_000);

it('is not held back for good by its cached failures once the agent is fixed', async () => {
  const dir = workspace('qa334-fixed');
  agent.state.fixed = false;
  agent.received.length = 0;
  const broken = await runCli(['apply', 'evalc.yaml'], { cwd: dir });
  expect(broken.code, broken.stderr).toBe(1);
  expect(errorCounts(dir)).toEqual({ semantic_mismatch: 3, preflight_failed: 17 });
  // The same agent (same /info), now answering: its sample is the three cached failures and the
  // one example it sends, which passes, so the rest of the batch is sent.
  agent.state.fixed = true;
  agent.received.length = 0;
  try {
    const again = await runCli(['apply', 'evalc.yaml'], { cwd: dir });
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).not.toMatch(/preflight/);
    expect(agent.received).toHaveLength(17);
    expect(agent.received).not.toContain('e0');
    expect(errorCounts(dir)).toEqual({ semantic_mismatch: 3, undefined: 17 });
  } finally {
    agent.state.fixed = false;
  }
}, 120_000);

it('keeps a cached input evalc refused itself in the sample, passing it as when it was sent (QA45)', async () => {
  // Every request gets a 2xx that is not JSON (invalid_json, cached as final); n1's input is an
  // object without `messages`, refused before sending: no agent call, so the sample passes.
  const server = await startOpenaiServer('badjson');
  try {
    const examples = [
      { id: 'n1', vars: { q: { text: 'obj' } }, expected: { a: 'x' } },
      ...[1, 2, 3, 4, 5].map((i) => ({ id: `s${i}`, vars: { q: `hello ${i}` }, expected: { a: 'x' } })),
    ];
    const write = (dir: string, n: number) => {
      const lines = examples.slice(0, n).map((e) => JSON.stringify(e));
      writeFileSync(`${dir}/d.jsonl`, `${lines.join('\n')}\n`);
      const plan = {
        evalc: 1,
        benchmark: { id: 'qa334-local', version: '1.0.0' },
        agents: { a: { protocol: 'openai', url: server.baseUrl, model: 'm', limits: { concurrency: 1 } } },
        tasks: {
          t: {
            bindings: { default: { input: '{{q}}', output: { answer: 'content' } } },
            datasets: { d: { source: 'd.jsonl' } },
            metrics: [{ type: 'exact_match', candidate: 'answer', expected: 'a' }],
          },
        },
        run: { repeats: 1, seed: 7, preflight: 2 },
      };
      writeFileSync(`${dir}/evalc.yaml`, JSON.stringify(plan));
    };
    const straight = tempWorkspace('qa334-local-straight');
    cleanups.push(straight.cleanup);
    write(straight.dir, examples.length);
    const once = await runCli(['apply', 'evalc.yaml'], { cwd: straight.dir });
    expect(once.stderr).not.toContain('preflight');
    expect(server.requests).toHaveLength(5);

    // The cache holds n1's refusal alone (a run stopped after it), then the whole batch runs.
    const resumed = tempWorkspace('qa334-local-resumed');
    cleanups.push(resumed.cleanup);
    write(resumed.dir, 1);
    await runCli(['apply', 'evalc.yaml'], { cwd: resumed.dir });
    write(resumed.dir, examples.length);
    const again = await runCli(['apply', 'evalc.yaml'], { cwd: resumed.dir });
    // Its sample was n1 and s1, both failed (the refusal as a cached failure): s2…s5 were held back.
    expect(again.stderr).not.toContain('preflight');
    expect(withoutDurations(readLock(resumed.dir))).toBe(withoutDurations(readLock(straight.dir)));
  } finally {
    await server.close();
  }
}, 120_000);
