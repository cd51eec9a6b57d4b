/**
 * QA65 (QA63): an agent behind uvicorn `--limit-concurrency 2` answers 503 once two requests are in
 * flight; apply sent 32 at once and recorded `http_503` for most examples with no word of
 * `limits.concurrency`. Apply now ends with a note naming the setting when an agent answered some
 * examples and refused at least two with 503 (after retries). A real HTTP server on loopback that
 * counts its connections, as uvicorn does.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyCommand } from '../../src/cli/apply.js';
import { runCommand } from './run-cli.js';

let server: http.Server;
let url: string;
const dirs: string[] = [];

beforeAll(async () => {
  let inFlight = 0;
  server = http.createServer((req, res) => {
    inFlight++;
    req.resume();
    req.on('end', () => {
      if (inFlight > 2) {
        inFlight--;
        res.writeHead(503, { 'content-type': 'text/plain' }).end('Service Unavailable');
        return;
      }
      setTimeout(() => {
        inFlight--;
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"answer":"y"}');
      }, 100);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function planFolder(concurrency: number): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'evalc-qa65-503-'));
  dirs.push(dir);
  const examples = Array.from(
    { length: 12 },
    (_, i) => `{ id: e${i}, vars: { q: x${i} }, expected: { answer: y } }`,
  );
  writeFileSync(
    path.join(dir, 'evalc.yaml'),
    `evalc: 1
benchmark: { id: qa65-503 }
agents:
  a: { protocol: http, url: "${url}", limits: { retries: 0, concurrency: ${concurrency} } }
tasks:
  t:
    bindings: { default: { input: { q: "{{q}}" }, output: { answer: answer } } }
    datasets: { d: { examples: [ ${examples.join(', ')} ] } }
    metrics: [ { type: exact_match } ]
`,
  );
  return dir;
}

describe('an agent that refuses connections beyond its cap with 503', () => {
  it('apply notes limits.concurrency when some examples were answered and others refused', async () => {
    const dir = planFolder(12);
    const result = await runCommand(applyCommand, ['evalc.yaml'], { cwd: dir });
    const refused = Number(/http_503 (\d+)/.exec(result.stdout)?.[1]);
    expect(refused).toBeGreaterThanOrEqual(2);
    expect(result.stderr).toContain(
      `evalc: note: agent a answered HTTP 503 to ${refused} example runs (after retries) and answered ${12 - refused}: if its server caps concurrent connections (uvicorn --limit-concurrency, a fixed worker pool), it refuses what evalc sends beyond the cap; set agents.a.limits.concurrency to that cap (its default is run.concurrency)`,
    );
  });

  it('says nothing once limits.concurrency fits the cap', async () => {
    const dir = planFolder(2);
    const result = await runCommand(applyCommand, ['evalc.yaml'], { cwd: dir });
    expect(result.stdout).toContain('0 errors');
    expect(result.stderr).not.toContain('note: agent');
  });
});
