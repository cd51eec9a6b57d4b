/**
 * QA159: a judge metric on an evalc built-in rubric (`generic`, MultiAgentEval's "semantic
 * similarity score"; every built-in compares the answer with the expected outcome) was never sent
 * the example's expected value unless it named `reference:`, so the judge scored similarity to
 * nothing, and validate said nothing. It is now sent as `reference:` would send it (agent-eval:
 * `context.reference`): the candidate's field of the expected mapping when it has one, else the
 * whole value. A plan rubric, or an explicit `reference:`, is as before. Such metrics' keys carry
 * the rule: verdicts cached without the reference score again once, `plan` saying why.
 * Real loopback agent and agent-eval judge, apply in process.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planCommand } from '../../src/cli/plan.js';
import { LogStore } from '../../src/executor/cache-store.js';
import { computeRubricVersion } from '../../src/protocols/rubrics/rubric-version.js';
import type { WireRubric } from '../../src/protocols/rubrics/wire-rubric.js';
import { runCommand } from '../cli/run-cli.js';
import { startAgentEvalDiscovery } from '../fixtures/agent-eval-discovery.js';
import { type Loopback, sendJson, startLoopback } from '../fixtures/loopback.js';
import { applyInProcess } from '../protocols/apply-in-process.js';

/** Judge requests by metric: the rubric's name and what was sent as the reference. */
const asked: { rubric: string; content: string; reference: unknown }[] = [];
let agent: Loopback;
let judge: Loopback;
let dir: string;

beforeAll(async () => {
  agent = await startLoopback((req, res, body) => {
    if ((req.url ?? '').startsWith('/info'))
      return sendJson(res, 200, { name: 'n', version: '1', inputSchema: { type: 'object' } });
    const q = (JSON.parse(body) as { input: { q: string } }).input.q;
    return sendJson(res, 200, { output: { answer: `${q} answer` }, usage: {} });
  });
  judge = await startAgentEvalDiscovery([], (_req, res, body) => {
    const request = JSON.parse(body) as {
      content: string;
      rubric: WireRubric;
      context?: { reference?: unknown };
    };
    asked.push({
      rubric: request.rubric.name,
      content: request.content,
      reference: request.context?.reference,
    });
    return sendJson(res, 200, {
      composite: 0.5,
      dimensions: Object.fromEntries(request.rubric.dimensions.map((d) => [d.id, 0.5])),
      failureModes: [],
      wins: [],
      rationale: 'compared',
      rubricVersion: computeRubricVersion(request.rubric),
      model: 'stub',
      durationMs: 1,
    });
  });
  dir = mkdtempSync(path.join(os.tmpdir(), 'evalc-qa159-reference-'));
  writeFileSync(
    path.join(dir, 'd.jsonl'),
    [
      { id: 'e1', vars: { q: 'capital of France' }, expected: { answer: 'Paris', notes: 'n' } },
      { id: 'e2', vars: { q: 'two plus two' }, expected: '4' },
    ]
      .map((e) => JSON.stringify(e))
      .join('\n'),
  );
  const plan = {
    evalc: 1,
    benchmark: { id: 'b', version: '1.0.0' },
    agents: { a1: { protocol: 'raip', url: agent.url, limits: { retries: 0 } } },
    judges: {
      j: { protocol: 'agent-eval', url: judge.url, limits: { retries: 0 } },
      jf: { protocol: 'agent-eval', url: judge.url, rubric: 'factual_grounding', limits: { retries: 0 } },
    },
    rubrics: { own: { dimensions: [{ id: 'q', description: 'quality', weight: 1 }] } },
    tasks: {
      t: {
        bindings: { default: { input: { q: '{{q}}' }, output: { answer: 'output.answer' } } },
        datasets: { d: { source: 'd.jsonl' } },
        metrics: [
          { type: 'judge', id: 'implicit_generic', judge: 'j' },
          { type: 'judge', id: 'judge_rubric', judge: 'jf' },
          { type: 'judge', id: 'plan_rubric', judge: 'j', rubric: 'own' },
          { type: 'judge', id: 'explicit', judge: 'j', reference: 'notes' },
        ],
      },
    },
    run: { repeats: 1, seed: 7, preflight: 0, bootstrap: 100 },
  };
  writeFileSync(path.join(dir, 'evalc.yaml'), `${JSON.stringify(plan, null, 2)}\n`);
});
afterAll(async () => {
  await agent.close();
  await judge.close();
  rmSync(dir, { recursive: true, force: true });
});

const sent = (rubric: string, content: string) =>
  asked.filter((a) => a.rubric === rubric && a.content === content).map((a) => a.reference);

describe('a judge metric on a built-in rubric (QA159)', () => {
  it('is sent the expected value: the candidate field of a mapping, else the whole value', async () => {
    const outcome = await applyInProcess(dir);
    expect(outcome.status).toBe('done');
    // implicit_generic and explicit both use generic: the explicit one sends its own path's value.
    expect(sent('generic', 'capital of France answer').sort()).toEqual(['Paris', 'n']);
    expect(sent('generic', 'two plus two answer').sort()).toEqual(['4', '4']);
    expect(sent('factual_grounding', 'capital of France answer')).toEqual(['Paris']);
    // A plan rubric compares with what its dimensions say: nothing is added to it.
    expect(sent('own', 'capital of France answer')).toEqual([undefined]);
  });

  it("says in plan why a verdict cached without the reference scores again (an older evalc's lock)", async () => {
    // The lock of an evalc before QA159 pinned another digest for the metric, and its cache holds
    // no score under the new key.
    const lockFile = path.join(dir, 'evalc.lock');
    const lock = JSON.parse(readFileSync(lockFile, 'utf8')) as {
      groups: Record<string, { metrics: Record<string, { digest: string }> }>;
      results: { metrics: Record<string, { key: string }> }[];
    };
    for (const group of Object.values(lock.groups)) {
      const metric = group.metrics.implicit_generic;
      if (metric) metric.digest = `k1:${'0'.repeat(64)}`;
    }
    const rescored = new Set<string>();
    lock.results.forEach((row, i) => {
      const score = row.metrics.implicit_generic;
      if (!score) return;
      rescored.add(score.key);
      score.key = `k1:${String(i).padStart(64, 'f')}`;
    });
    writeFileSync(lockFile, `${JSON.stringify(lock, null, 2)}\n`);
    const store = new LogStore(path.join(dir, '.evalc/cache'));
    store.prune((key) => !rescored.has(key));
    store.close();
    const planned = await runCommand(planCommand, ['evalc.yaml'], { cwd: dir });
    expect(planned.stdout).toContain(
      "because evalc now sends the judge each example's expected value, which built-in rubric generic compares the answer with (an earlier evalc sent it only with reference:)",
    );
  });
});
