/**
 * QA332: `plan`'s reasons named a dataset by its id alone, so a file two tasks share read as a
 * duplicate: an example removed from it, `2 examples left the dataset (d1/q4, d1/q4)`; reordered,
 * `the examples of d1, d1 were reordered`; a weight, `example weights changed (d1/q1 1 → 2, d1/q1
 * 1 → 2)`. A dataset id that several tasks hold is now named `task/dataset` there (`t1/d1/q4,
 * t2/d1/q4`, `the datasets`); one only a task holds keeps its id. Real applies against the RAIP
 * counting agent on loopback, then `plan` in-process.
 * Also: `run.repeats` lowered beside a `run.seed` edit read `because run.repeats changed (3 → 2): …`
 * alone, the seed edit (which moves every CI) unsaid; both are said now.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { planCommand } from '../../src/cli/plan.js';
import { applyRun, createProgress } from '../../src/index.js';
import { runCommand } from '../cli/run-cli.js';
import { startCountingAgent } from '../fixtures/apply-counting-agent.mjs';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const apply = (dir: string) =>
  applyRun({
    planFile: 'evalc.yaml',
    cwd: dir,
    env: {},
    signal: new AbortController().signal,
    progress: createProgress('quiet', () => {}),
  });

const row = (id: string, extra: Record<string, unknown> = {}) =>
  `${JSON.stringify({ id, vars: { q: id }, expected: { answer: `plain:${id}` }, ...extra })}\n`;

async function aggregateReason(dir: string): Promise<string | undefined> {
  const out = await runCommand(planCommand, ['--json'], { cwd: dir });
  const rows = (JSON.parse(out.stdout) as { rows: { kind: string; reason: string }[] }).rows;
  return rows.find((r) => r.kind === 'aggregate')?.reason;
}

describe('plan: a dataset id two tasks hold is named with its task (QA332)', () => {
  it('names t1/d1 and t2/d1 apart, and a dataset of one task by its id', async () => {
    const agent = await startCountingAgent();
    const dir = mkdtempSync(path.join(os.tmpdir(), 'evalc-qa332-shared-names-'));
    cleanups.push(
      () => rmSync(dir, { recursive: true, force: true }),
      () => agent.close(),
    );
    const task = (id: string, datasets: string) => `  ${id}:
    bindings:
      default:
        input: { q: "{{q}}" }
        output: { answer: "output.answer" }
    datasets:
${datasets}    metrics:
      - { type: exact_match, candidate: answer, expected: answer }
`;
    writeFileSync(
      path.join(dir, 'evalc.yaml'),
      `evalc: 1
benchmark: { id: qa332-shared }
agents:
  a1: { protocol: raip, url: "${agent.url}" }
tasks:
${task('t1', '      d1: { source: shared.jsonl }\n      solo: { source: solo.jsonl }\n')}${task('t2', '      d1: { source: shared.jsonl }\n')}run: { preflight: 0, bootstrap: 100 }
`,
    );
    const shared = (text: string) => writeFileSync(path.join(dir, 'shared.jsonl'), text);
    const solo = (text: string) => writeFileSync(path.join(dir, 'solo.jsonl'), text);
    shared(row('q1') + row('q2') + row('q3'));
    solo(row('s1') + row('s2'));
    expect((await apply(dir)).status).toBe('done');

    shared(row('q1') + row('q2'));
    expect(await aggregateReason(dir)).toBe(
      'because 2 examples left the datasets (t1/d1/q3, t2/d1/q3): their results leave evalc.lock',
    );
    shared(row('q2') + row('q1') + row('q3'));
    solo(row('s2') + row('s1'));
    expect(await aggregateReason(dir)).toBe(
      'because the examples of t1/d1, solo, t2/d1 were reordered (the bootstrap CIs resample in file order)',
    );
    shared(row('q1', { weight: 2 }) + row('q2') + row('q3'));
    solo(row('s1') + row('s2', { weight: 3 }));
    expect(await aggregateReason(dir)).toBe(
      'because example weights changed (t1/d1/q1 1 → 2, solo/s2 1 → 3, t2/d1/q1 1 → 2)',
    );
    // The solo dataset alone keeps its id: `the dataset (solo/s2)`.
    shared(row('q1') + row('q2') + row('q3'));
    solo(row('s1'));
    expect(await aggregateReason(dir)).toBe(
      'because an example left the dataset (solo/s2): its results leave evalc.lock',
    );
  });
});

describe('plan: run.repeats lowered beside a seed edit (QA332)', () => {
  it('says both', async () => {
    const agent = await startCountingAgent();
    const dir = mkdtempSync(path.join(os.tmpdir(), 'evalc-qa332-repeats-seed-'));
    cleanups.push(
      () => rmSync(dir, { recursive: true, force: true }),
      () => agent.close(),
    );
    writeFileSync(path.join(dir, 'd.jsonl'), row('q1') + row('q2'));
    const plan = (run: string) => `evalc: 1
benchmark: { id: qa332-repeats-seed }
agents:
  a1: { protocol: raip, url: "${agent.url}" }
tasks:
  t:
    bindings:
      default:
        input: { q: "{{q}}" }
        output: { answer: "output.answer" }
    datasets:
      d: { source: d.jsonl }
    metrics:
      - { type: exact_match, candidate: answer, expected: answer }
run: { preflight: 0, bootstrap: 100, ${run} }
`;
    writeFileSync(path.join(dir, 'evalc.yaml'), plan('repeats: 3, seed: 7'));
    expect((await apply(dir)).status).toBe('done');
    writeFileSync(path.join(dir, 'evalc.yaml'), plan('repeats: 2, seed: 8'));
    expect(await aggregateReason(dir)).toBe(
      "because run.repeats changed (3 → 2): the dropped repeats' results leave evalc.lock, and run settings changed (seed 7 → 8)",
    );
    writeFileSync(path.join(dir, 'evalc.yaml'), plan('repeats: 2, seed: 7'));
    expect(await aggregateReason(dir)).toBe(
      "because run.repeats changed (3 → 2): the dropped repeats' results leave evalc.lock",
    );
  });
});
