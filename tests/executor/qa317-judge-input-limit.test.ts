/**
 * QA317: nothing capped what a judge call sends, and a call holds several times its text, so
 * eight 15 MB answers judged at once took apply to 887 MB RSS (a 400 MB heap ran out). A judge's
 * input over `limits.maxInputBytes` (default 1 MiB) is now that example's `metric_error`, naming
 * its size and the limit, never sent nor cached: the other examples are judged, and raising the
 * limit (a runtime setting, in no key) judges it on the next apply. Real applies against an
 * OpenAI-compatible agent (it echoes the query) and judge on loopback.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { refusalHint } from '../../src/cli/refusal-hint.js';
import type { Lockfile } from '../../src/lockfile/types.js';
import { applyInProcess } from '../protocols/apply-in-process.js';
import { JUDGE_METRIC, openaiJudgedPlan, openaiWorkspace } from '../protocols/openai-workspace.js';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const BIG = 'w'.repeat(1024 * 1024 + 10);

const planText = (agentUrl: string, judgeUrl: string): string =>
  openaiJudgedPlan(agentUrl, judgeUrl, {
    id: 'qa317-judge-input',
    examples: ['{ id: small, vars: { query: "intro ML" } }', `{ id: big, vars: { query: "${BIG}" } }`],
    metrics: [JUDGE_METRIC],
  });

/** The message of metric `jm`'s error on example `id` in report.json. */
function reportMessage(dir: string, id: string): unknown {
  const report = JSON.parse(readFileSync(path.join(dir, '.evalc/reports/report.json'), 'utf8')) as {
    examples: { example: string; metrics: { id: string; details?: { error?: { message?: string } } }[] }[];
  };
  const example = report.examples.find((e) => e.example === id);
  return example?.metrics.find((m) => m.id === 'jm')?.details?.error?.message;
}

const row = (lock: Lockfile, id: string) => lock.results.find((r) => r.example === id)?.metrics.jm;

describe("a judge's input over its limit is the example's metric_error, not sent (QA317)", () => {
  it('refuses a 1 MiB + answer by default, judges the rest, and judges it once the limit is raised', async () => {
    const { apply, dir, edit, judge } = await openaiWorkspace('evalc-qa317-judge-input-', planText, cleanups);
    const sent = () => judge.requests.filter((r) => r.path.endsWith('/chat/completions'));

    const first = await apply();
    expect(sent()).toHaveLength(1);
    expect(JSON.stringify(sent()[0]?.body)).toContain('intro ML');
    expect(row(first, 'small')?.score).toBeCloseTo(0.8);
    const big = row(first, 'big');
    expect(big?.score ?? null).toBeNull();
    expect(big?.error).toBe('metric_error');
    expect(reportMessage(dir, 'big')).toMatch(
      /^the judge input is 1,048,6\d\d bytes, over judge oj's limit of 1,048,576 bytes \(1 MiB\): not sent \(raise judges\.oj\.limits\.maxInputBytes to judge it\)$/,
    );

    // Never cached: the limit is runtime, in no key — raising it judges the example, nothing else.
    edit('rubric: r1 }', 'rubric: r1, limits: { maxInputBytes: 2000000 } }');
    const second = await apply();
    expect(sent()).toHaveLength(2);
    expect(row(second, 'big')?.error).toBeUndefined();
    expect(row(second, 'big')?.score).toBeCloseTo(0.8);
    expect(row(second, 'small')?.keys).toEqual(row(first, 'small')?.keys);
  }, 60_000);

  it('--frozen refusing those scores says the limit fails them again, and the hint says to raise it', async () => {
    const { apply, dir } = await openaiWorkspace('evalc-qa317-judge-frozen-', planText, cleanups);
    await apply();
    const outcome = await applyInProcess(dir, { frozen: true });
    expect(outcome.status).toBe('refused');
    if (outcome.status !== 'refused') return;
    expect(outcome.message).toContain(
      "it failed in the run that wrote evalc.lock (metric_error 1): a judge's failure is never cached, so no cache answers it; its judge input was over judges.oj.limits.maxInputBytes, so it was never sent: an apply without --frozen fails it again unless that limit is raised",
    );
    expect(refusalHint(outcome.message, outcome.reason, undefined, outcome.lockFailures)).toBe(
      'raise the limits.maxInputBytes the message names, or change what those judge metrics send, then run `evalc apply` without --frozen (it judges those scores only, every agent answer being cached) and commit evalc.lock.',
    );
  }, 60_000);
});
