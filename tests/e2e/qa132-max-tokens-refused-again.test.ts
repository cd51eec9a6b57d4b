/**
 * QA132 (review of c5edf11): a server that refuses `max_tokens` and refuses it again when evalc
 * steps down to `max_completion_tokens` (a proxy that maps the field back to a reasoning model)
 * got its refusal cached by this evalc, which then read it as a stale failure an older evalc wrote:
 * every apply asked it again (2 calls each time) and `plan` never said "No changes". This evalc's
 * own refusal now says it sent the limit as max_completion_tokens and is kept like an answer.
 * Real loopback OpenAI-compatible agent server.
 */
import { writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnCliAsync } from '../cli/run-cli.js';
import { tempFolder } from '../fixtures/temp-folder.js';

let server: http.Server;
let url: string;
const sent: string[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      const request = JSON.parse(body) as Record<string, unknown>;
      sent.push(request.max_tokens !== undefined ? 'max_tokens' : 'max_completion_tokens');
      res.writeHead(400, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          error: {
            message:
              "Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead.",
            type: 'invalid_request_error',
            param: 'max_tokens',
            code: 'unsupported_parameter',
          },
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

describe('a max_tokens refusal this evalc got after stepping down (QA132)', () => {
  it('is cached: the second apply and plan ask nothing', async () => {
    const dir = tempFolder('evalc-qa132-max-tokens-');
    writeFileSync(
      path.join(dir, 'evalc.yaml'),
      `evalc: 1
benchmark: { id: oai, version: 1.0.0 }
agents:
  o: { protocol: openai, url: "${url}", model: o3-mini, maxTokens: 100, limits: { retries: 0 } }
tasks:
  t:
    bindings: { default: { input: { messages: [ { role: user, content: "{{q}}" } ] }, output: { answer: "@" } } }
    datasets: { d: { examples: [ { id: e1, vars: { q: hi } } ] } }
    metrics: [ { type: contains, value: hi } ]
run: { preflight: 0 }
`,
    );
    const first = await spawnCliAsync(['apply'], { cwd: dir, env: { CI: 'true' } });
    expect(first.stdout).toContain('1 error (http_400 1)');
    expect(sent).toEqual(['max_tokens', 'max_completion_tokens']);
    const plan = await spawnCliAsync(['plan'], { cwd: dir, env: { CI: 'true' } });
    expect(plan.stdout).toContain('No changes.');
    const second = await spawnCliAsync(['apply'], { cwd: dir, env: { CI: 'true' } });
    expect(second.stdout).toContain('evalc.lock is up to date');
    expect(sent).toHaveLength(2);
  });
});
