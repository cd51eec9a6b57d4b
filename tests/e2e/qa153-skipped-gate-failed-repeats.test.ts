/**
 * QA153: a measurement gate (`tokens`) with nothing measured is skipped, and QA150 made its
 * message name the agent's failed calls, counted per example whose every repeat failed. With
 * `run.repeats: 2`, an agent failing one repeat of each example and answering the other without
 * usage still read "(none reported, none failed)". It now says the calls failed on some repeats.
 * Real apply against a loopback RAIP agent that fails repeat 0 (`context.attempt`) of the examples
 * asked for `flaky`, `boom` on every repeat, and answers the rest without usage.
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
    const sent = JSON.parse(body) as { input: { query: string }; context: { attempt: number } };
    const query = sent.input.query;
    if (query === 'boom' || (query === 'flaky' && sent.context.attempt === 0)) {
      res.writeHead(500, { 'content-type': 'text/plain' });
      res.end('database down');
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ output: { answer: 'y' } }));
  });
  cleanups.push(() => agent.close());
  const dir = mkdtempSync(path.join(os.tmpdir(), 'evalc-qa153-gate-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  const examples = queries
    .map((q, i) => `{ id: e${i}, vars: { q: ${q} }, expected: { answer: y } }`)
    .join(', ');
  writeFileSync(
    path.join(dir, 'evalc.yaml'),
    `evalc: 1
benchmark: { id: qa153-gate }
agents:
  a: { protocol: raip, url: "${agent.url}", limits: { retries: 0 } }
tasks:
  t:
    bindings: { default: { input: { query: "{{q}}" }, output: { answer: output.answer } } }
    datasets: { d: { examples: [ ${examples} ] } }
    metrics: [ { type: exact_match, candidate: answer, expected: answer }, { type: tokens } ]
run: { preflight: 0, bootstrap: 100, repeats: 2 }
gates:
  - { metric: tokens, scope: example, max: 1000 }
`,
  );
  await applyInProcess(dir);
  const report = JSON.parse(readFileSync(path.join(dir, '.evalc/reports/report.json'), 'utf8')) as {
    gates: { message: string; skipped?: boolean }[];
  };
  expect(report.gates.every((g) => g.skipped === true)).toBe(true);
  return report.gates.map((g) => g.message);
}

describe('a skipped measurement gate names calls failed on some repeats (QA153)', () => {
  it('does not say none failed when one repeat of each example failed', async () => {
    expect(await gateMessages(['flaky', 'flaky'])).toEqual([
      "tokens has no measurement at example for a (none reported; the agent's calls failed on some repeats of 2 examples); gate skipped",
    ]);
  });

  it('names both kinds beside each other', async () => {
    expect(await gateMessages(['boom', 'flaky', 'fine'])).toEqual([
      "tokens has no measurement at example for a (none reported on 2 examples; the agent's calls failed on 1 example, and on some repeats of 1 example); gate skipped",
    ]);
  });

  it('still says none failed when no call failed', async () => {
    expect(await gateMessages(['fine'])).toEqual([
      'tokens has no measurement at example for a (none reported, none failed); gate skipped',
    ]);
  });
});
