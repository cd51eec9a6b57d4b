/**
 * A refused token is not an answer about the input: headers never enter a key, so a cached
 * 401 would outlive the token the user fixed. After a run refused with 401, `plan` shows the
 * invokes again and the next apply (with the right token) asks the agent, without --refresh.
 * The agent is a real loopback RAIP server whose /invoke accepts one bearer token.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countingExamples, runCli, tempWorkspace, writeDataset, writePlan } from './apply-harness.js';

const GOOD = 'good-token-123';
let server: Server;
let url = '';
let invokes = 0;
const cleanups: (() => void)[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      res.setHeader('content-type', 'application/json');
      // /info is public (as many agents' metadata is); /invoke needs the token.
      if (req.url === '/info') {
        res.end(JSON.stringify({ name: 'token-agent', version: '1.0.0', inputSchema: { type: 'object' } }));
        return;
      }
      if (req.headers.authorization !== `Bearer ${GOOD}`) {
        res.statusCode = 401;
        res.end(JSON.stringify({ error: 'invalid token' }));
        return;
      }
      invokes++;
      const { input } = JSON.parse(body) as { input: { q: string } };
      res.end(JSON.stringify({ output: { answer: input.q, codes: [`Z-${input.q}`, `A-${input.q}`] } }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((r) => server.close(r));
  for (const c of cleanups) c();
});

describe('evalc apply: a token refused with 401, then fixed', () => {
  it('does not cache the refusal: plan shows the invokes and the next apply asks again', async () => {
    const ws = tempWorkspace('rejected-token');
    cleanups.push(ws.cleanup);
    writeDataset(ws.dir, 'd1.jsonl', countingExamples(3));
    writePlan(ws.dir, { agentUrl: url, headers: { authorization: 'Bearer ${env.TOKEN}' } });

    const refused = await runCli(['apply', 'evalc.yaml', '--quiet'], {
      cwd: ws.dir,
      env: { TOKEN: 'expired-0' },
    });
    expect(refused.code).toBe(1); // nothing evaluated for a1
    expect(invokes).toBe(0);

    const plan = await runCli(['plan', 'evalc.yaml'], { cwd: ws.dir, env: { TOKEN: GOOD } });
    expect(plan.code).toBe(2);
    expect(plan.stdout).toMatch(/invoke .* 3 examples .*because the previous attempt failed \(http_401\)/);

    const fixed = await runCli(['apply', 'evalc.yaml', '--quiet'], { cwd: ws.dir, env: { TOKEN: GOOD } });
    expect(fixed.code).toBe(0);
    expect(invokes).toBe(3);
  });
});
