/**
 * QA150: a `min`/`max` gate on a measurement (`tokens` without a budget) with nothing measured is
 * skipped; its message said "(none reported, none failed)" also when the agent's call had failed
 * on every example (HTTP 500), which reads as if the agent ran and reported no usage. It now says
 * the calls failed, and on how many examples when some did. Real apply against a loopback RAIP
 * agent that fails the examples asked for `boom` and answers the others without usage.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type Loopback, startLoopback } from '../fixtures/loopback.js';
import { applyInProcess } from '../protocols/apply-in-process.js';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function gateMessages(queries: string[]): Promise<string[]> {
  const agent: Loopback = await startLoopback((req, res, body) => {
    if (req.method === 'GET') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ name: 'a', version: '1', inputSchema: { type: 'object' } }));
      return;
    }
    const query = (JSON.parse(body) as { input: { query: string } }).input.query;
    if (query === 'boom') {
      res.writeHead(500, { 'content-type': 'text/plain' });
      res.end('database down');
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ output: { answer: 'y' } }));
  });
  cleanups.push(() => agent.close());
  const dir = mkdtempSync(path.join(os.tmpdir(), 'evalc-qa150-gate-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  const examples = queries
    .map((q, i) => `{ id: e${i}, vars: { q: ${q} }, expected: { answer: y } }`)
    .join(', ');
  writeFileSync(
    path.join(dir, 'evalc.yaml'),
    `evalc: 1
benchmark: { id: qa150-gate }
agents:
  a: { protocol: raip, url: "${agent.url}", limits: { retries: 0 } }
tasks:
  t:
    bindings: { default: { input: { query: "{{q}}" }, output: { answer: output.answer } } }
    datasets: { d: { examples: [ ${examples} ] } }
    metrics: [ { type: exact_match, candidate: answer, expected: answer }, { type: tokens } ]
run: { preflight: 0, bootstrap: 100 }
gates:
  - { metric: tokens, scope: example, max: 1000 }
  - { metric: tokens, max: 1000 }
`,
  );
  await applyInProcess(dir);
  const report = JSON.parse(readFileSync(path.join(dir, '.evalc/reports/report.json'), 'utf8')) as {
    gates: { message: string; skipped?: boolean }[];
  };
  expect(report.gates.every((g) => g.skipped === true)).toBe(true);
  return report.gates.map((g) => g.message);
}

describe('a skipped measurement gate says why nothing was measured (QA150)', () => {
  it('names failed calls when the agent failed every example', async () => {
    expect(await gateMessages(['boom', 'boom'])).toEqual([
      "tokens has no measurement at example for a (the agent's calls failed on all 2 examples, so nothing was measured); gate skipped",
      "tokens has no measurement at benchmark for a (the agent's calls failed on all 2 examples, so nothing was measured); gate skipped",
    ]);
  });

  it('counts both when some examples failed and the others reported nothing', async () => {
    expect(await gateMessages(['boom', 'fine'])).toEqual([
      "tokens has no measurement at example for a (none reported on 1 example; the agent's calls failed on 1 example); gate skipped",
      "tokens has no measurement at benchmark for a (none reported on 1 example; the agent's calls failed on 1 example); gate skipped",
    ]);
  });

  it('keeps "none reported, none failed" when no call failed', async () => {
    expect((await gateMessages(['fine']))[0]).toBe(
      'tokens has no measurement at example for a (none reported, none failed); gate skipped',
    );
  });
});
