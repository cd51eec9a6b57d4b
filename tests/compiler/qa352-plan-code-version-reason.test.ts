/**
 * QA352: an evalc upgrade that bumps a step kind's code version (step-keys.ts CODE_VERSIONS) moves
 * every key of that kind while nothing in the plan changed. `plan` counted the steps right but
 * said a plan edit no one made: `because the task's instructions changed (tasks.t1.instructions)`
 * of each invoke (`invoke@1 → invoke@2`), `because the example changed (expected or another
 * field, not the request)` of each score (`score@2`), `not in cache` of each extract. It now
 * names evalc's code, having found the earlier version that gives back the lock's very keys; an
 * example edited as well keeps its own reason. The upgrade is stood for by bumping the version
 * in this process after an apply with the current one.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planCommand } from '../../src/cli/plan.js';
import { CODE_VERSIONS } from '../../src/compiler/step-keys.js';
import { runCommand } from '../cli/run-cli.js';
import { type OpenaiServer, startOpenaiServer } from '../fixtures/openai-server.js';
import { applyInProcess } from '../protocols/apply-in-process.js';

let agent: OpenaiServer;
let dir: string;

const plan = (url: string) => `evalc: 1
benchmark: { id: qa352-code-version }
agents:
  o1: { protocol: openai, url: "${url}", model: small-1, limits: { retries: 0 } }
tasks:
  t1:
    instructions: "Answer."
    bindings:
      default:
        input: { messages: [{ role: user, content: "{{query}}" }] }
        output: { answer: "choices[0].message.content" }
    datasets: { d1: { source: d1.jsonl } }
    metrics: [ { type: contains, candidate: answer, value: "" } ]
run: { preflight: 0, bootstrap: 100, repeats: 2 }
`;
const examples = (second: string) =>
  `{"id":"s1","vars":{"query":"intro ML"}}\n{"id":"s2","vars":{"query":"${second}"}}\n`;

beforeAll(async () => {
  agent = await startOpenaiServer();
  dir = mkdtempSync(path.join(os.tmpdir(), 'evalc-qa352-code-version-'));
  writeFileSync(path.join(dir, 'evalc.yaml'), plan(agent.baseUrl));
  writeFileSync(path.join(dir, 'd1.jsonl'), examples('graphs'));
  expect((await applyInProcess(dir)).status).toBe('done');
});

afterAll(async () => {
  await agent?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

type Kind = 'invoke' | 'extract' | 'score';

/** `plan --json`'s reasons of the steps to run, as `kind example#repeat: reason`, under a bumped version. */
async function reasonsAfterBump(kind: Kind): Promise<string[]> {
  const versions = CODE_VERSIONS as { -readonly [k in keyof typeof CODE_VERSIONS]: string };
  const was = versions[kind];
  versions[kind] = `${kind}@2`;
  try {
    const result = await runCommand(planCommand, ['evalc.yaml', '--json'], { cwd: dir });
    const steps = (JSON.parse(result.stdout) as { steps: { kind: string; id: string; reason?: string }[] })
      .steps;
    return steps
      .filter((s) => s.reason !== undefined && s.kind !== 'aggregate' && s.kind !== 'fetch')
      .map((s) => `${s.kind} ${s.id.split('/')[4]}: ${s.reason}`)
      .sort();
  } finally {
    versions[kind] = was;
  }
}

const code = (kind: Kind) =>
  `because evalc's ${kind} code changed since evalc.lock was written (${kind}@1 → ${kind}@2), not the plan`;

describe('plan names evalc’s own step code as why keys moved (QA352)', () => {
  it('invoke: not "the task\'s instructions changed"', async () => {
    const reasons = await reasonsAfterBump('invoke');
    expect(reasons.filter((r) => r.startsWith('invoke '))).toEqual([
      `invoke s1#0: ${code('invoke')}`,
      `invoke s1#1: ${code('invoke')}`,
      `invoke s2#0: ${code('invoke')}`,
      `invoke s2#1: ${code('invoke')}`,
    ]);
    expect(reasons).toContain('extract s1#0: because its invoke runs');
  });

  it('extract: not "not in cache"', async () => {
    const reasons = await reasonsAfterBump('extract');
    expect(reasons.filter((r) => r.startsWith('invoke '))).toEqual([]);
    expect(reasons.filter((r) => r.startsWith('extract '))).toEqual(
      ['s1#0', 's1#1', 's2#0', 's2#1'].map((s) => `extract ${s}: ${code('extract')}`),
    );
  });

  it('score: not "the example changed (expected or another field, not the request)"', async () => {
    const reasons = await reasonsAfterBump('score');
    expect(reasons).toEqual(['s1#0', 's1#1', 's2#0', 's2#1'].map((s) => `score ${s}: ${code('score')}`));
  });

  it('an example edited beside the upgrade keeps its own reason', async () => {
    writeFileSync(path.join(dir, 'd1.jsonl'), examples('trees'));
    try {
      const reasons = await reasonsAfterBump('invoke');
      expect(reasons.filter((r) => r.startsWith('invoke '))).toEqual([
        `invoke s1#0: ${code('invoke')}`,
        `invoke s1#1: ${code('invoke')}`,
        'invoke s2#0: because the example changed',
        'invoke s2#1: because the example changed',
      ]);
    } finally {
      writeFileSync(path.join(dir, 'd1.jsonl'), examples('graphs'));
    }
  });

  it('with the code unchanged, there is nothing to do', async () => {
    const result = await runCommand(planCommand, ['evalc.yaml'], { cwd: dir });
    expect(result.stdout).toContain('No changes.');
  });
});
