/**
 * QA352: run.repeats raised back (2 → 1 → 2) while the cache still held the second repeat's runs.
 * apply ran nothing and recorded them, as plan said, but plan's reason read `because evalc.lock
 * does not record 4 cached runs (from an \`apply --only\`, an earlier run whose lock was not kept,
 * …)`: the edit unsaid, and the 2 runs of the first repeat, which evalc.lock does record,
 * counted. It now names the edit and counts the 2 runs the lock lacks.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planCommand } from '../../src/cli/plan.js';
import { runCommand } from '../cli/run-cli.js';
import { type OpenaiServer, startOpenaiServer } from '../fixtures/openai-server.js';
import { applyInProcess } from '../protocols/apply-in-process.js';

let agent: OpenaiServer;
let dir: string;

const plan = (url: string, repeats: number) => `evalc: 1
benchmark: { id: qa352-repeats }
agents:
  o1: { protocol: openai, url: "${url}", model: small-1, limits: { retries: 0 } }
tasks:
  t1:
    bindings:
      default:
        input: { messages: [{ role: user, content: "{{query}}" }] }
        output: { answer: "choices[0].message.content" }
    datasets: { d1: { examples: [ { id: s1, vars: { query: "intro ML" } }, { id: s2, vars: { query: "graphs" } } ] } }
    metrics: [ { type: contains, candidate: answer, value: "" } ]
run: { preflight: 0, bootstrap: 100, repeats: ${repeats} }
`;

const write = (repeats: number) => writeFileSync(path.join(dir, 'evalc.yaml'), plan(agent.baseUrl, repeats));

async function planJson(): Promise<{
  counts: Record<string, { run: number }>;
  rows: { kind: string; reason: string }[];
}> {
  return JSON.parse((await runCommand(planCommand, ['evalc.yaml', '--json'], { cwd: dir })).stdout);
}

beforeAll(async () => {
  agent = await startOpenaiServer();
  dir = mkdtempSync(path.join(os.tmpdir(), 'evalc-qa352-repeats-'));
  write(2);
  expect((await applyInProcess(dir)).status).toBe('done');
});

afterAll(async () => {
  await agent?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('plan: run.repeats raised over cached runs (QA352)', () => {
  it('names the edit and counts only the runs evalc.lock lacks', async () => {
    write(1);
    const lowered = await planJson();
    expect(lowered.rows.find((r) => r.kind === 'aggregate')?.reason).toBe(
      "because run.repeats changed (2 → 1): the dropped repeats' results leave evalc.lock",
    );
    expect((await applyInProcess(dir)).status).toBe('done');
    write(2);
    const requests = agent.requests.length;
    const raised = await planJson();
    expect(raised.counts.invoke?.run).toBe(0);
    expect(raised.rows.map((r) => `${r.kind}: ${r.reason}`)).toEqual([
      "aggregate: because run.repeats changed (1 → 2) and the cache holds the added repeats' runs (an earlier run had more): evalc.lock does not record 2 cached runs, apply records them, calling no agent",
    ]);
    expect((await applyInProcess(dir)).status).toBe('done');
    expect(agent.requests.length).toBe(requests);
    expect((await runCommand(planCommand, ['evalc.yaml'], { cwd: dir })).stdout).toContain('No changes.');
  });
});
