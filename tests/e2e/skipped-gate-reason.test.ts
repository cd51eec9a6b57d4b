/**
 * QA150: a `min`/`max` gate on a measurement (`tokens` without a budget) with nothing measured is
 * skipped; its message said "(none reported, none failed)" also when the agent's call had failed
 * on every example (HTTP 500), which reads as if the agent ran and reported no usage. It now says
 * the calls failed, and on how many examples when some did. Real apply against a loopback RAIP
 * agent that fails the examples asked for `boom` and answers the others without usage.
 *
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

const EXAMPLE_SCOPE = ['{ metric: tokens, scope: example, max: 1000 }'];
const BOTH_SCOPES = [...EXAMPLE_SCOPE, '{ metric: tokens, max: 1000 }'];

/** The messages of `gates` (all skipped) after an apply of one example per query, `repeats` each. */
async function gateMessages(queries: string[], gates: string[], repeats = 1): Promise<string[]> {
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
  const dir = mkdtempSync(path.join(os.tmpdir(), 'evalc-skipped-gate-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  const examples = queries
    .map((q, i) => `{ id: e${i}, vars: { q: ${q} }, expected: { answer: y } }`)
    .join(', ');
  writeFileSync(
    path.join(dir, 'evalc.yaml'),
    `evalc: 1
benchmark: { id: skipped-gate }
agents:
  a: { protocol: raip, url: "${agent.url}", limits: { retries: 0 } }
tasks:
  t:
    bindings: { default: { input: { query: "{{q}}" }, output: { answer: output.answer } } }
    datasets: { d: { examples: [ ${examples} ] } }
    metrics: [ { type: exact_match, candidate: answer, expected: answer }, { type: tokens } ]
run: { preflight: 0, bootstrap: 100, repeats: ${repeats} }
gates:
${gates.map((g) => `  - ${g}`).join('\n')}
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
    expect(await gateMessages(['boom', 'boom'], BOTH_SCOPES)).toEqual([
      "tokens has no measurement at example for a (the agent's calls failed on all 2 examples, so nothing was measured); gate skipped",
      "tokens has no measurement at benchmark for a (the agent's calls failed on all 2 examples, so nothing was measured); gate skipped",
    ]);
  });

  it('counts both when some examples failed and the others reported nothing', async () => {
    expect(await gateMessages(['boom', 'fine'], BOTH_SCOPES)).toEqual([
      "tokens has no measurement at example for a (none reported on 1 example; the agent's calls failed on 1 example); gate skipped",
      "tokens has no measurement at benchmark for a (none reported on 1 example; the agent's calls failed on 1 example); gate skipped",
    ]);
  });

  it('keeps "none reported, none failed" when no call failed', async () => {
    expect((await gateMessages(['fine'], BOTH_SCOPES))[0]).toBe(
      'tokens has no measurement at example for a (none reported, none failed); gate skipped',
    );
  });
});

describe('a skipped measurement gate names calls failed on some repeats (QA153)', () => {
  it('does not say none failed when one repeat of each example failed', async () => {
    expect(await gateMessages(['flaky', 'flaky'], EXAMPLE_SCOPE, 2)).toEqual([
      "tokens has no measurement at example for a (none reported; the agent's calls failed on some repeats of 2 examples); gate skipped",
    ]);
  });

  it('names both kinds beside each other', async () => {
    expect(await gateMessages(['boom', 'flaky', 'fine'], EXAMPLE_SCOPE, 2)).toEqual([
      "tokens has no measurement at example for a (none reported on 2 examples; the agent's calls failed on 1 example, and on some repeats of 1 example); gate skipped",
    ]);
  });

  it('still says none failed when no call failed', async () => {
    expect(await gateMessages(['fine'], EXAMPLE_SCOPE, 2)).toEqual([
      'tokens has no measurement at example for a (none reported, none failed); gate skipped',
    ]);
  });
});
