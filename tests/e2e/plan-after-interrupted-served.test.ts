/**
 * `evalc plan` after an interrupted first apply of a plan whose RAIP agent evalc serves: no
 * evalc.lock exists yet, but the cache holds the answers the interrupted run got. plan starts
 * the agent to learn its identity (as it does when the lock knows it) and counts those steps as
 * cached, exactly as the next apply reuses them (QA20 F9: plan said every invoke was to run).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../fixtures/loopback.js';
import { assertBuilt, runCli, startCli, tempWorkspace, waitCli, waitFor } from './apply-harness.js';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanups.splice(0)) c();
});
beforeAll(() => assertBuilt());

/** A RAIP agent answering after 150 ms; it appends one line per answered invoke to answers.log. */
const AGENT = `import http from 'node:http';
import { appendFileSync } from 'node:fs';
const server = http.createServer((req, res) => {
  let body = '';
  req.on('data', (d) => (body += d));
  req.on('end', () => {
    if (req.url === '/info') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ name: 'served', version: '1.0.0', inputSchema: { type: 'object' } }));
      return;
    }
    setTimeout(() => {
      appendFileSync('answers.log', JSON.parse(body).context.exampleId + '\\n');
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ output: { a: 1 } }));
    }, 150);
  });
});
server.listen(Number(process.env.PORT), '127.0.0.1');
`;

const answers = (dir: string): number => {
  try {
    return readFileSync(path.join(dir, 'answers.log'), 'utf8').split('\n').filter(Boolean).length;
  } catch {
    return 0;
  }
};

describe('plan after an interrupted first apply of a served agent', () => {
  it('counts the invokes the interrupted run cached, as the next apply reuses them', async () => {
    const { dir, cleanup } = tempWorkspace('plan-interrupted-served');
    const port = await freePort();
    cleanups.push(cleanup);
    writeFileSync(path.join(dir, 'agent.mjs'), AGENT);
    writeFileSync(
      path.join(dir, 'd.jsonl'),
      `${Array.from({ length: 16 }, (_, i) => JSON.stringify({ id: `e${i}`, vars: { q: `q${i}` }, expected: { a: 1 } })).join('\n')}\n`,
    );
    writeFileSync(
      path.join(dir, 'evalc.yaml'),
      `evalc: 1
benchmark: { id: served }
agents:
  f:
    protocol: raip
    url: http://127.0.0.1:${port}
    limits: { concurrency: 2 }
    serve: { command: node agent.mjs, env: { PORT: "${port}" }, ready: { url: http://127.0.0.1:${port}/info, timeout: 10s } }
tasks:
  t:
    bindings: { default: { input: { q: "{{q}}" }, output: { a: output.a } } }
    datasets: { d: { source: d.jsonl } }
    metrics: [ { type: exact_match, candidate: a, expected: a } ]
`,
    );
    const child = startCli(['apply', 'evalc.yaml', '--quiet'], { cwd: dir });
    await waitFor(() => answers(dir) >= 5, 30_000, 'five answers');
    child.kill('SIGINT');
    const interrupted = await waitCli(child);
    expect(interrupted.code).toBe(130);
    const answeredBefore = answers(dir);

    const plan = await runCli(['plan', 'evalc.yaml', '--json'], { cwd: dir });
    const planned = JSON.parse(plan.stdout) as { counts: { invoke: { run: number; cached: number } } };
    expect(planned.counts.invoke.cached).toBeGreaterThanOrEqual(5);
    expect(planned.counts.invoke.run + planned.counts.invoke.cached).toBe(16);

    const apply = await runCli(['apply', 'evalc.yaml', '--quiet'], { cwd: dir });
    expect(apply.code, apply.stderr).toBe(0);
    // plan's starting of the agent answered nothing: every answer after it is apply's.
    expect(answers(dir) - answeredBefore).toBe(planned.counts.invoke.run);
  });
});
