/**
 * Regression (QA127, QA122's leftover): a RAIP `/info` retried during discovery is not an agent
 * call's retry. An agent whose `/info` answered 500 once, then 200, read `2 agent calls (+1 retry)`
 * in apply's summary, though both invokes were answered at once. An invoke's own retry is still
 * counted. Real loopback RAIP agent.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { applyCommand } from '../../src/cli/apply.js';
import { runCommand } from './run-cli.js';

const cleanups: Array<() => void | Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A RAIP agent failing its first `/info` and its first `failInvokes` invokes with 500. */
async function agent(failInvokes: number): Promise<string> {
  let infos = 0;
  let invokes = 0;
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const first = req.method === 'GET' ? ++infos === 1 : ++invokes <= failInvokes;
      if (first) {
        res.writeHead(500, { 'content-type': 'text/plain' }).end('warming up');
        return;
      }
      const body =
        req.method === 'GET'
          ? { name: 'a', version: '1', inputSchema: { type: 'object' } }
          : { output: { answer: 'y' }, usage: { input_tokens: 1, output_tokens: 1 } };
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function apply(url: string): Promise<string> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'evalc-qa127-info-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  writeFileSync(
    path.join(dir, 'evalc.yaml'),
    `evalc: 1
benchmark: { id: qa127-info }
agents:
  a: { protocol: raip, url: "${url}", limits: { retries: 2, concurrency: 1 } }
tasks:
  t:
    bindings: { default: { input: { q: "{{q}}" }, output: { answer: output.answer } } }
    datasets: { d: { examples: [ { id: e1, vars: { q: x }, expected: { answer: y } }, { id: e2, vars: { q: z }, expected: { answer: y } } ] } }
    metrics: [ { type: exact_match } ]
`,
  );
  const result = await runCommand(applyCommand, ['evalc.yaml'], { cwd: dir });
  return /Apply complete: [^;]*/.exec(result.stdout)?.[0] ?? result.stdout + result.stderr;
}

describe('an /info retry is not an agent call retry (QA127)', () => {
  it('an /info that answered 500 once adds no retry to the summary', async () => {
    expect(await apply(await agent(0))).toBe('Apply complete: 2 example runs, 2 agent calls, 0 errors');
  }, 30_000);

  it("an invoke's own retry is still counted", async () => {
    expect(await apply(await agent(1))).toBe(
      'Apply complete: 2 example runs, 2 agent calls (+1 retry), 0 errors',
    );
  }, 30_000);
});
