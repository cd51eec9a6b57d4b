/**
 * QA80: `findScore` scanned every score cell per call (quadratic: `evalc report` of 500 tasks ×
 * 5 agents × 22 metrics spent 15 s in it); it now reads an index built once per model. It still
 * answers what the scan did: the first cell of a scope × agent × metric, none for a missing one,
 * and no cell of another scope, agent or metric whose names join to the same text.
 */
import { describe, expect, it } from 'vitest';
import { findScore, type ReportModel } from '../../src/reports/report-model.js';

type Cell = ReportModel['scores'][number];
const cell = (scope: string, agent: string, metric: string, mean: number) =>
  ({ scope, agent, metric, mean, ci: null, n: 1 }) as unknown as Cell;

describe('findScore (QA80)', () => {
  it('finds the first cell of each scope × agent × metric, and nothing else', () => {
    const scores = [
      cell('benchmark', 'a1', 'em', 0.5),
      cell('task/t1', 'a1', 'em', 0.25),
      cell('task/t1', 'a1', 'em', 0.75),
      cell('task/t1', 'a2', 'em', 1),
      cell('task/t1 a1', 'x', 'em', 0.1),
    ];
    const model = { scores } as unknown as ReportModel;
    expect(findScore(model, 'benchmark', 'a1', 'em')?.mean).toBe(0.5);
    expect(findScore(model, 'task/t1', 'a1', 'em')?.mean).toBe(0.25);
    expect(findScore(model, 'task/t1', 'a2', 'em')?.mean).toBe(1);
    expect(findScore(model, 'task/t1', 'a2', 'f1')).toBeUndefined();
    expect(findScore(model, 'task/t1 a1', 'x', 'em')?.mean).toBe(0.1);
    expect(findScore(model, 'task/t1', 'a1 x', 'em')).toBeUndefined();
    // Another model (another scores array) has its own answers.
    const other = { scores: [cell('benchmark', 'a1', 'em', 0.9)] } as unknown as ReportModel;
    expect(findScore(other, 'benchmark', 'a1', 'em')?.mean).toBe(0.9);
    expect(findScore(other, 'task/t1', 'a1', 'em')).toBeUndefined();
  });
});
