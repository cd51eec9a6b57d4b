/**
 * A failure the adapter marks retryable is not cached, whatever its kind — and the lock must not
 * call the run complete either: an openai agent's 404 "model does not exist" (the model is pulled
 * later) is an `http_404` kind, which is final for other servers. After such a run, `plan` shows
 * the invokes again and the next apply asks the server (it used to say "No changes" forever).
 * The server is a real loopback OpenAI-compatible endpoint that serves the model from the second run.
 */
import { writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, tempWorkspace } from './apply-harness.js';

let server: Server;
let url = '';
let pulled = false;
let completions = 0;
const cleanups: (() => void)[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.setHeader('content-type', 'application/json');
      if (!pulled) {
        res.statusCode = 404;
        res.end(
          JSON.stringify({
            error: { message: 'The model `m1` does not exist.', type: 'NotFoundError', code: 404 },
          }),
        );
        return;
      }
      completions++;
      res.end(
        JSON.stringify({
          id: 'c',
          object: 'chat.completion',
          model: 'm1',
          choices: [{ index: 0, message: { role: 'assistant', content: 'ok' }, finish_reason: 'stop' }],
        }),
      );
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(async () => {
  await new Promise((r) => server.close(r));
  for (const c of cleanups) c();
});

describe('evalc apply: a retryable failure of a usually final kind', () => {
  it('leaves the lock incomplete, so plan and the next apply ask again', async () => {
    const ws = tempWorkspace('retryable-404');
    cleanups.push(ws.cleanup);
    const plan = {
      evalc: 1,
      benchmark: { id: 'r404', version: '1.0.0' },
      agents: { a1: { protocol: 'openai', url, model: 'm1', limits: { retries: 0 } } },
      tasks: {
        t1: {
          bindings: {
            default: {
              input: { messages: [{ role: 'user', content: '{{q}}' }] },
              output: { answer: 'content' },
            },
          },
          datasets: { d1: { examples: [{ id: 'e1', vars: { q: 'hi' }, expected: { answer: 'ok' } }] } },
          metrics: [{ type: 'exact_match', candidate: 'answer', expected: 'answer' }],
        },
      },
    };
    writeFileSync(path.join(ws.dir, 'evalc.yaml'), JSON.stringify(plan));
    const first = await runCli(['apply', 'evalc.yaml', '--json'], { cwd: ws.dir });
    expect(first.stdout).toContain('"http_404"');

    const planned = await runCli(['plan', 'evalc.yaml'], { cwd: ws.dir });
    expect(planned.code).toBe(2);
    expect(planned.stdout).toMatch(/invoke .*because the previous attempt failed \(http_404\)/);

    pulled = true;
    const second = await runCli(['apply', 'evalc.yaml', '--quiet'], { cwd: ws.dir });
    expect(second.code).toBe(0);
    expect(completions).toBe(1);
  });
});
