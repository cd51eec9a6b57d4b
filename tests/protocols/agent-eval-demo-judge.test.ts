/**
 * The Course Advisor demo judge (pipelines/course-advisor/judge/agent-eval-judge.mjs), spawned
 * as the plan's `serve:` would, and called with evalc's agent-eval client. Expected scores are
 * worked out by hand from the heuristics in the script's header.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import type { RubricConfig } from '../../src/plan/schema.js';
import {
  type AgentEvalJudgeClient,
  createAgentEvalJudge,
} from '../../src/protocols/agent-eval/agent-eval-judge.js';
import { computeRubricVersion } from '../../src/protocols/rubrics/rubric-version.js';
import { toWireRubric } from '../../src/protocols/rubrics/wire-rubric.js';

const PIPELINE = fileURLToPath(new URL('../../pipelines/course-advisor/', import.meta.url));
const plan = parse(readFileSync(`${PIPELINE}evalc.yaml`, 'utf8')) as {
  rubrics: Record<string, RubricConfig>;
};
const COURSE_ADVICE = plan.rubrics['course-advice'] as RubricConfig;

let child: ChildProcess;
let url: string;
let judge: AgentEvalJudgeClient;

beforeAll(async () => {
  child = spawn(process.execPath, ['judge/agent-eval-judge.mjs'], {
    cwd: PIPELINE,
    env: { ...process.env, PORT: '0' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  url = await new Promise<string>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      const match = /listening on (http:\/\/[\d.]+:\d+)/.exec(chunk.toString());
      if (match?.[1]) resolve(match[1]);
    });
    child.on('exit', (code) => reject(new Error(`judge exited with ${code}`)));
  });
  judge = createAgentEvalJudge(
    { protocol: 'agent-eval', url, rubric: 'course-advice' },
    { cwd: PIPELINE, rubrics: plan.rubrics },
  );
});

afterAll(async () => {
  await judge?.close();
  child?.kill('SIGTERM');
});

const signal = () => AbortSignal.timeout(10_000);
const ask = (content: string, reference?: string) => ({
  content,
  rubric: { name: 'course-advice' },
  ...(reference === undefined ? {} : { reference }),
});

describe('course-advisor demo judge', () => {
  it('identifies as agent-eval wire 1.1.0 and lists its registered rubric', async () => {
    const described = await judge.describe(signal());
    expect(described).toMatchObject({
      ok: true,
      info: { wireVersion: '1.1.0', package: '@tangle-network/agent-eval' },
    });
    const listed = await judge.listRubrics(signal());
    expect(listed.ok ? listed.rubrics.map((r) => r.name) : listed.error.message).toEqual([
      'course-advice-default',
    ]);
    expect(await judge.health(signal())).toEqual({ ok: true });
  });

  it('scores a correct prerequisite answer high and echoes the plan rubric version', async () => {
    const content =
      'Question: What are the prerequisites for CS350?\nAnswer: CS350 requires CS201, MATH220 and STAT200.';
    const judged = await judge.judge(ask(content, 'CS201'), signal());
    expect(judged.ok).toBe(true);
    if (!judged.ok) return;
    expect(judged.verdict.dimensions.relevance).toBeCloseTo(0.85, 12);
    expect(judged.verdict.dimensions.accuracy).toBeCloseTo(1, 12);
    expect(judged.verdict.dimensions.structure).toBeCloseTo(0.8, 12);
    expect(judged.verdict.score).toBeCloseTo(0.885, 12);
    expect(judged.verdict.failureModes).toEqual([]);
    expect(judged.verdict.rubricVersion).toBe(
      computeRubricVersion(toWireRubric('course-advice', COURSE_ADVICE)),
    );
    expect(judged.verdict.warnings).toBeUndefined();
  });

  it('flags an invented course, a wrong prerequisite and an off-topic answer', async () => {
    const content = 'Question: What are the prerequisites for CS350?\nAnswer: You need CS999 first.';
    const judged = await judge.judge(ask(content, 'CS201'), signal());
    expect(judged.ok).toBe(true);
    if (!judged.ok) return;
    expect(judged.verdict.dimensions).toEqual({ relevance: 0.3, accuracy: 0, structure: 0.5 });
    expect(judged.verdict.score).toBeCloseTo(0.25, 12);
    expect(judged.verdict.failureModes).toEqual(['off-topic', 'invented-course', 'wrong-prerequisite']);
  });

  it('scores an empty answer as missing', async () => {
    const judged = await judge.judge(ask('Question: Tell me about CS410.\nAnswer: '), signal());
    expect(judged.ok).toBe(true);
    if (!judged.ok) return;
    expect(judged.verdict.dimensions).toEqual({ relevance: 0, accuracy: 0.6, structure: 0 });
    expect(judged.verdict.score).toBeCloseTo(0.18, 12);
    expect(judged.verdict.failureModes).toEqual(['missing-answer']);
  });

  it('is deterministic and scores other rubrics with its generic heuristic', async () => {
    const request = { content: 'Every claim here is supported.', rubric: { name: 'factual_grounding' } };
    const first = await judge.judge(request, signal());
    const second = await judge.judge(request, signal());
    expect(first.ok && second.ok).toBe(true);
    if (!first.ok || !second.ok) return;
    expect(second.verdict.dimensions).toEqual(first.verdict.dimensions);
    expect(Object.keys(first.verdict.dimensions).sort()).toEqual(['claim_support', 'hallucination_free']);
    for (const score of Object.values(first.verdict.dimensions)) expect(score).toBeGreaterThanOrEqual(0);
  });

  it('answers protocol errors like agent-eval: unknown rubric 404, empty content 400', async () => {
    const missing = await judge.judge({ content: 'x', rubric: { name: 'nope' } }, signal());
    expect(missing.ok ? 'ok' : missing.error.details).toMatchObject({ code: 'rubric_not_found' });
    const empty = await judge.judge({ content: '', rubric: { name: 'course-advice-default' } }, signal());
    expect(empty.ok ? 'ok' : empty.error.details).toMatchObject({ code: 'validation_error' });
    const elsewhere = createAgentEvalJudge(
      { protocol: 'agent-eval', url: `${url}/nope` },
      { cwd: '.', rubrics: {} },
    );
    const described = await elsewhere.describe(signal());
    expect(described.ok ? 'ok' : described.error.kind).toBe('endpoint_not_found');
    await elsewhere.close();
  });
});
