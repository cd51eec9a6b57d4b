/**
 * An error's details are scrubbed like its message: a chat agent that answers 500 quoting a
 * secret of the run (here another agent's header token, which the chat adapter cannot know to
 * redact) put it in the error's `details.body`, which the cache kept beside the step
 * (`#last-error`, read back by the reports) while run.log showed `***`.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, useCountingAgent } from './apply-harness.js';

// A quote and a backslash: a secret whose JSON-escaped form differs from itself.
const TOKEN = 'tok-"DETAILS\\5f1c2e9a';
const ESCAPED = JSON.stringify(TOKEN).slice(1, -1);
const ctx = useCountingAgent();
let server: Server;
let url = '';
beforeAll(async () => {
  server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(500, { 'content-type': 'text/plain' });
      res.end(`upstream failed; env DETAILS_TOKEN=${TOKEN}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/agent/respond`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    return statSync(file).isDirectory() ? filesUnder(file) : [file];
  });
}

describe('secrets in error details', () => {
  it('never reach the cache, the lock, the reports or the logs', async () => {
    const dir = ctx.workspace('secret-details');
    writeFileSync(path.join(dir, 'd1.jsonl'), `${JSON.stringify({ id: 'e0', vars: { q: 'hi' } })}\n`);
    const plan = {
      evalc: 1,
      benchmark: { id: 'details', version: '1.0.0' },
      agents: {
        a1: {
          protocol: 'raip',
          url: ctx.agent.url,
          headers: { authorization: 'Bearer ${env.DETAILS_TOKEN}' },
        },
        c1: { protocol: 'chat', url, limits: { retries: 0 } },
      },
      tasks: {
        t1: {
          bindings: {
            default: { input: { q: '{{q}}' }, output: { answer: 'output.answer' } },
            c1: {
              input: { messages: [{ role: 'user', content: '{{q}}' }] },
              output: { answer: 'messages[-1].content' },
            },
          },
          datasets: { d1: { source: 'd1.jsonl' } },
          metrics: [{ type: 'contains', candidate: 'answer', value: 'x' }],
        },
      },
      run: { preflight: 0 },
    };
    writeFileSync(path.join(dir, 'evalc.yaml'), `${JSON.stringify(plan, null, 2)}\n`);
    const env = { ...process.env, DETAILS_TOKEN: TOKEN };
    const apply = await runCli(['apply', 'evalc.yaml'], { cwd: dir, env });
    expect(apply.stdout).toContain('http_500');
    const log = readFileSync(path.join(dir, '.evalc', 'cache', 'steps.log'), 'utf8');
    expect(log).toContain('#last-error');
    // `[redacted]` since QA60: every transport of the run masks the run's secrets as it reads a reply.
    expect(log).toMatch(/DETAILS_TOKEN=(\*\*\*|\[redacted\])/);
    const leaking = filesUnder(dir).filter(
      (f) =>
        !f.endsWith('.jsonl') &&
        !f.endsWith('evalc.yaml') &&
        (readFileSync(f).includes(TOKEN) || readFileSync(f).includes(ESCAPED)),
    );
    expect(leaking).toEqual([]);
    expect(apply.stdout + apply.stderr).not.toContain(TOKEN);
  });
});
