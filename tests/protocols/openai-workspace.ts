/**
 * A plan folder applied in the test process against an OpenAI-compatible model server and judge on
 * loopback (tests/fixtures), with its plan edited between applies: the diff, plan and verdict-cache
 * tests of QA47 and QA54 (diff and plan after a change to the agent, the judge or the prices).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import type { Lockfile } from '../../src/lockfile/types.js';
import { openaiTaskYaml } from '../fixtures/openai-agent-plan.js';
import { type FakeOpenaiJudge, startOpenaiJudgeServer } from '../fixtures/openai-judge-server.js';
import { startOpenaiServer } from '../fixtures/openai-server.js';
import { applyInProcess } from './apply-in-process.js';

/**
 * The plan: agent o1 (openai, model small-1) on task t1's dataset d1 (`examples`: YAML flow items),
 * judge oj (openai, model m1, temperature 0, rubric r1) and `metrics` (YAML flow items); `top` is
 * more top-level YAML (e.g. `prices:`), `run` the run settings besides preflight 0 and bootstrap 100,
 * `judgeLimits` judge oj's `limits:` (e.g. `maxInputBytes: 500`).
 */
export function openaiJudgedPlan(
  agentUrl: string,
  judgeUrl: string,
  plan: {
    id: string;
    examples: string[];
    metrics: string[];
    top?: string;
    run?: string;
    judgeLimits?: string;
  },
): string {
  return `evalc: 1
benchmark: { id: ${plan.id} }
agents:
  o1: { protocol: openai, url: "${agentUrl}", model: small-1, limits: { retries: 0 } }
judges:
  oj: { protocol: openai, url: "${judgeUrl}", model: m1, temperature: 0, rubric: r1${plan.judgeLimits ? `, limits: { ${plan.judgeLimits} }` : ''} }
rubrics:
  r1:
    dimensions: [{ id: relevance, description: "On topic" }]
${plan.top ?? ''}${openaiTaskYaml(plan.examples, plan.metrics)}run: { preflight: 0, bootstrap: 100${plan.run ? `, ${plan.run}` : ''} }
`;
}

/** The judge metric these plans use: the judge reads relevance 0.8 from its content. */
export const JUDGE_METRIC =
  '{ id: jm, type: judge, judge: oj, content: "relevance=0.8 {{candidate.answer}}" }';

export interface OpenaiWorkspace {
  dir: string;
  judge: FakeOpenaiJudge;
  /** Applies in process and returns the lock written. */
  apply(extra?: { refresh?: boolean }): Promise<Lockfile>;
  /** Replaces `from` (which must be there) with `to` in evalc.yaml. */
  edit(from: string, to: string): void;
}

/** Starts the servers and writes `plan(agentUrl, judgeUrl)`; `cleanups` stops and removes them. */
export async function openaiWorkspace(
  prefix: string,
  plan: (agentUrl: string, judgeUrl: string) => string,
  cleanups: (() => Promise<void> | void)[],
): Promise<OpenaiWorkspace> {
  const agent = await startOpenaiServer();
  const judge = await startOpenaiJudgeServer();
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  cleanups.push(
    () => rmSync(dir, { recursive: true, force: true }),
    () => agent.close(),
    () => judge.close(),
  );
  const file = path.join(dir, 'evalc.yaml');
  writeFileSync(file, plan(agent.baseUrl, judge.url));
  return {
    dir,
    judge,
    async apply(extra = {}) {
      const outcome = await applyInProcess(dir, extra);
      if (outcome.status !== 'done') throw new Error(`apply ${outcome.status}`);
      return JSON.parse(readFileSync(path.join(dir, 'evalc.lock'), 'utf8')) as Lockfile;
    },
    edit(from, to) {
      const text = readFileSync(file, 'utf8');
      expect(text).toContain(from);
      writeFileSync(file, text.replace(from, to));
    },
  };
}
