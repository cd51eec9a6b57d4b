import { describe, expect, it } from 'vitest';
import { scoreMetric } from '../../src/metrics/score-example.js';
import { judgeClient, metric, scoreInput } from './helpers.js';

const rubric = {
  name: 'course-advice',
  dimensions: [
    { id: 'relevance', description: 'Answers the question', weight: 0.5 },
    { id: 'accuracy', description: 'Facts are right', weight: 0.3 },
    { id: 'structure', description: 'Clear', weight: 0.2 },
  ],
};

describe('judge', () => {
  it('recomputes the composite Σwᵢsᵢ/Σwᵢ from the rubric weights', async () => {
    const judge = judgeClient(() => ({
      ok: true,
      verdict: { score: 0.9, dimensions: { relevance: 1, accuracy: 0.5, structure: 0 }, failureModes: [] },
    }));
    const r = await scoreMetric(
      metric({ type: 'judge', judge: 'strict', reference: 'answer' }),
      scoreInput({ judge, rubric, content: 'rendered text', expected: { answer: 'CS229' } }),
    );
    // (0.5·1 + 0.3·0.5 + 0.2·0) / (0.5 + 0.3 + 0.2) = 0.65
    expect(r.score).toBeCloseTo(0.65, 12);
    expect(judge.requests[0]).toMatchObject({ content: 'rendered text', rubric, reference: 'CS229' });
  });

  it("takes MultiAgentEval's judge_config: model and temperature per request, the rubric by name", async () => {
    const judge = judgeClient(() => ({
      ok: true,
      verdict: { score: 0.8, dimensions: {}, failureModes: [] },
    }));
    const config = {
      type: 'judge',
      judge: 'j',
      judge_config: {
        judge_provider: 'openai',
        judge_model: 'gpt-4o',
        judge_temperature: 0.2,
        judge_rubric: 'clinical_safety',
      },
    };
    const r = await scoreMetric(metric(config), scoreInput({ judge, content: 'summary' }));
    expect(r.score).toBe(0.8);
    expect(judge.requests[0]).toMatchObject({
      model: 'gpt-4o',
      temperature: 0.2,
      rubric: { name: 'clinical_safety' },
    });
    expect(() => metric({ ...config, judge_config: { judge_modle: 'x' } })).toThrow();
  });

  it("keeps the judge's warnings in the details (the executor logs them)", async () => {
    const judge = judgeClient(() => ({
      ok: true,
      verdict: { score: 0.5, dimensions: {}, failureModes: [], warnings: ['composite mismatch: 0.5 vs 0.6'] },
    }));
    const r = await scoreMetric(metric({ type: 'judge', judge: 'j' }), scoreInput({ judge, content: 'x' }));
    expect(r.details).toMatchObject({ warnings: ['composite mismatch: 0.5 vs 0.6'] });
  });

  it('judges the candidate when no content is rendered, and can score one dimension', async () => {
    const judge = judgeClient(() => ({
      ok: true,
      verdict: { score: 0.7, dimensions: { relevance: 0.4 }, failureModes: ['invented-course'] },
    }));
    const r = await scoreMetric(
      metric({ type: 'judge', judge: 'strict', dimension: 'relevance' }),
      scoreInput({ judge, candidates: { answer: 'CS229 is great' } }),
    );
    expect(r.score).toBe(0.4);
    expect(judge.requests[0]?.content).toBe('CS229 is great');
  });

  it('passes judge errors through and reports a missing client', async () => {
    const judge = judgeClient(() => ({ ok: false, error: { kind: 'judge_error', message: 'bad verdict' } }));
    const failed = await scoreMetric(
      metric({ type: 'judge', judge: 'j' }),
      scoreInput({ judge, content: 'x' }),
    );
    expect(failed).toEqual({ score: null, error: { kind: 'judge_error', message: 'bad verdict' } });
    const none = await scoreMetric(metric({ type: 'judge', judge: 'j' }), scoreInput({ content: 'x' }));
    expect(none.error?.kind).toBe('judge_unconfigured');
  });
});

describe('checklist', () => {
  it('asks one rubric dimension per item and scores the share of yes', async () => {
    const judge = judgeClient(() => ({
      ok: true,
      verdict: { score: 0, dimensions: { item_1: 1, item_2: 0.2, item_3: 0.5 }, failureModes: [] },
    }));
    const r = await scoreMetric(
      metric({
        type: 'checklist',
        judge: 'j',
        items: ['names a course', 'gives prerequisites', 'is polite'],
      }),
      scoreInput({ judge, candidates: { answer: 'CS229' } }),
    );
    // yes: item_1 (1 ≥ 0.5), item_3 (0.5 ≥ 0.5); no: item_2 → 2/3
    expect(r.score).toBeCloseTo(2 / 3, 12);
    expect(r.details).toMatchObject({ no: ['gives prerequisites'] });
    const sent = judge.requests[0]?.rubric;
    expect(sent && 'dimensions' in sent ? sent.dimensions.map((d) => d.id) : []).toEqual([
      'item_1',
      'item_2',
      'item_3',
    ]);
  });
});

describe('scoreMetric error handling', () => {
  it('turns a throwing judge client into a metric_error value', async () => {
    const judge = judgeClient(() => {
      throw new Error('socket hang up');
    });
    const r = await scoreMetric(metric({ type: 'judge', judge: 'j' }), scoreInput({ judge, content: 'x' }));
    expect(r).toEqual({
      score: null,
      error: { kind: 'metric_error', message: 'judge failed: socket hang up' },
    });
  });

  it('clamps out-of-range judge dimension scores into [0,1]', async () => {
    const judge = judgeClient(() => ({
      ok: true,
      verdict: { score: 7, dimensions: { relevance: 5 }, failureModes: [] },
    }));
    const r = await scoreMetric(
      metric({ type: 'judge', judge: 'j' }),
      scoreInput({ judge, rubric, content: 'x' }),
    );
    // relevance clamped to 1; accuracy/structure absent → composite over relevance only = 1
    expect(r.score).toBe(1);
  });
});
