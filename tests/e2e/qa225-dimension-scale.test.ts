/**
 * QA225 (after QA217's f8268fd): a `dimension:` score outside [0, 1] of a rubric registered on an
 * agent-eval server scoring 1..5 is a metric_error, but its worst score, 1, lies inside [0, 1] and
 * read as 1, the best, beside the server's composite 0 (normalised (1 − 1)/(5 − 1) = 0 by hand) —
 * only a warning said "server composite 0 differs from evalc's recomputation 1". Such a verdict,
 * whose composite is not what its dimensions give on 0..1, is a metric_error for `dimension:` too;
 * a registered rubric that does score 0..1 (composite consistent) keeps its dimension's score.
 * Real loopback agent and agent-eval judge.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DimensionJudgePlan, startDimensionJudgePlan } from '../fixtures/dimension-judge-plan.js';
import { applyInProcess } from '../protocols/apply-in-process.js';

let judged: DimensionJudgePlan;
// a = 1, b = 1 on 1..5: agent-eval's composite is 0 (each normalised (1 − 1)/4 = 0).
const reply = { composite: 0, dimensions: { a: 1, b: 1 } };
let dir: string;

beforeAll(async () => {
  judged = await startDimensionJudgePlan('evalc-qa225-dimension-scale-', () => reply);
  dir = judged.dir;
});
afterAll(() => judged.close());

interface Lock {
  results: { metrics: Record<string, { score: number | null; error?: string }> }[];
}
const readLock = () => JSON.parse(readFileSync(path.join(dir, 'evalc.lock'), 'utf8')) as Lock;

describe('a 1..5 dimension scored 1, inside [0, 1] (QA225)', () => {
  it('is a metric_error beside the composite 0, not a score of 1', async () => {
    expect((await applyInProcess(dir)).status).toBe('done');
    const row = readLock().results[0]!;
    expect(row.metrics.composite?.score).toBe(0);
    expect(row.metrics.dim_a?.score).toBeNull();
    expect(row.metrics.dim_a?.error).toBe('metric_error');
    const log = readFileSync(path.join(dir, '.evalc', 'logs', 'run.log'), 'utf8');
    expect(log).toContain(
      'dimension "a" scored 1, but the judge\'s composite 0 is not what its dimensions give on 0..1 (1)',
    );
  });

  it('keeps the score of a registered rubric that scores 0..1', async () => {
    reply.composite = 0.4;
    reply.dimensions = { a: 0.4, b: 0.4 };
    expect((await applyInProcess(dir, { refresh: true })).status).toBe('done');
    const row = readLock().results[0]!;
    expect(row.metrics.composite?.score).toBe(0.4);
    expect(row.metrics.dim_a?.score).toBe(0.4);
  });

  // QA230: a = 1 inside [0, 1] beside b = 4 on 1..5 (composite (0·2 + 0.75)/3 = 0.25): the
  // verdict's own b shows the scale; a read 1, the best, for the worst answer.
  it('is a metric_error when another dimension of the verdict lies outside [0, 1]', async () => {
    reply.composite = 0.25;
    reply.dimensions = { a: 1, b: 4 };
    expect((await applyInProcess(dir, { refresh: true })).status).toBe('done');
    const row = readLock().results[0]!;
    expect(row.metrics.composite?.score).toBe(0.25);
    expect(row.metrics.dim_a?.score).toBeNull();
    expect(row.metrics.dim_a?.error).toBe('metric_error');
    const log = readFileSync(path.join(dir, '.evalc', 'logs', 'run.log'), 'utf8');
    expect(log).toContain('dimension "a" scored 1, but "b" scored 4 in the same verdict, outside [0, 1]');
  });

  // QA230: a 0..1 verdict whose composite is only off — rounded (2/3 sent as 0.67), or the seed
  // document's own example (0.78 where its dimensions give 0.795) — keeps its dimension's score,
  // with the warning; it was a metric_error on every example.
  it.each([
    [0.67, { a: 1, b: 0 }, 1],
    [0.78, { a: 0.85, b: 0.685 }, 0.85],
  ])('keeps the score beside a composite %s that is only off', async (composite, dimensions, a) => {
    reply.composite = composite;
    reply.dimensions = dimensions;
    expect((await applyInProcess(dir, { refresh: true })).status).toBe('done');
    const row = readLock().results[0]!;
    expect(row.metrics.composite?.score).toBe(composite);
    expect(row.metrics.dim_a?.error).toBeUndefined();
    expect(row.metrics.dim_a?.score).toBe(a);
  });
});
