/**
 * QA54: a plan's `prices:` are in the `cost` metric's digest (plan re-scores it "because prices
 * changed"), but `evalc diff` compared only a metric's version and config: a price change that
 * flipped a `cost` gate from passed to failed was listed as "plan changed" and the runs called
 * strictly comparable. Real applies against an OpenAI-compatible model server on loopback.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { diffLocks } from '../../src/lockfile/diff.js';
import type { Lockfile } from '../../src/lockfile/types.js';
import { renderTextDiff } from '../../src/reports/text-diff.js';
import { startOpenaiJudgeServer } from '../fixtures/openai-judge-server.js';
import { startOpenaiServer } from '../fixtures/openai-server.js';
import { applyInProcess } from '../protocols/apply-in-process.js';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function planText(agentUrl: string, judgeUrl: string): string {
  return `evalc: 1
benchmark: { id: qa54 }
agents:
  o1: { protocol: openai, url: "${agentUrl}", model: small-1, limits: { retries: 0 } }
judges:
  oj: { protocol: openai, url: "${judgeUrl}", model: m1, temperature: 0, rubric: r1 }
rubrics:
  r1:
    dimensions: [{ id: relevance, description: "On topic" }]
prices: { small-1: { input: 1, output: 2 } }
tasks:
  t1:
    bindings:
      default:
        input: { messages: [{ role: user, content: "{{query}}" }] }
        output: { answer: "choices[0].message.content" }
    datasets: { d1: { examples: [ { id: s1, vars: { query: "intro ML" } }, { id: s2, vars: { query: "databases" } } ] } }
    metrics:
      - { type: cost }
      - { id: jm, type: judge, judge: oj, content: "relevance=0.8 {{candidate.answer}}" }
run: { preflight: 0, bootstrap: 100 }
`;
}

async function setUp() {
  const agent = await startOpenaiServer();
  const judge = await startOpenaiJudgeServer();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'evalc-qa54-diff-inputs-'));
  cleanups.push(
    () => rmSync(dir, { recursive: true, force: true }),
    () => agent.close(),
    () => judge.close(),
  );
  const file = path.join(dir, 'evalc.yaml');
  writeFileSync(file, planText(agent.baseUrl, judge.url));
  const apply = async (): Promise<Lockfile> => {
    const outcome = await applyInProcess(dir);
    if (outcome.status !== 'done') throw new Error(`apply ${outcome.status}`);
    return JSON.parse(readFileSync(path.join(dir, 'evalc.lock'), 'utf8')) as Lockfile;
  };
  const edit = (from: string, to: string) => {
    const text = readFileSync(file, 'utf8');
    expect(text).toContain(from);
    writeFileSync(file, text.replace(from, to));
  };
  return { apply, edit };
}

describe('diff names a metric whose inputs changed beyond its config (QA54)', () => {
  it('says the prices changed and that the runs are not strictly comparable', async () => {
    const { apply, edit } = await setUp();
    const before = await apply();
    edit('input: 1, output: 2', 'input: 10, output: 2');
    const after = await apply();
    const diff = diffLocks(before, after);
    const metric = diff.comparability.filter((c) => c.kind.startsWith('metric_'));
    expect(metric.map((c) => `${c.severity} ${c.kind} ${c.subject}`)).toEqual([
      'warning metric_inputs t1/cost',
    ]);
    expect(metric[0]?.message).toMatch(
      /^t1\/cost: prices changed \(prices:\); digest [0-9a-f]{12}… → [0-9a-f]{12}…$/,
    );
    expect(diff.comparable).toBe(false);
    expect(renderTextDiff(diff)).toContain('t1/cost: prices changed (prices:)');
  });

  it('says nothing more of a judge metric whose judge is listed as changed', async () => {
    const { apply, edit } = await setUp();
    const before = await apply();
    edit('temperature: 0,', 'temperature: 0.7,');
    const after = await apply();
    const kinds = diffLocks(before, after).comparability.map((c) => `${c.kind} ${c.subject}`);
    expect(kinds).toContain('judge_settings oj');
    expect(kinds.filter((k) => k.startsWith('metric_'))).toEqual([]);
  });
});
