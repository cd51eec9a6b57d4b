/** rubricVersion, composite, built-in rubrics and rubric resolution shared by both judges. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { RubricConfig } from '../../src/plan/schema.js';
import {
  BUILTIN_RUBRICS,
  computeComposite,
  computeRubricVersion,
  isCurrentRubricVersionScheme,
  resolveRubric,
  toWireRubric,
} from '../../src/protocols/rubrics/index.js';
import { ANTI_SLOP_GOLDEN_VERSION, ANTI_SLOP_RUBRIC } from '../fixtures/agent-eval-anti-slop.mjs';
import { hashRubric, jcs } from '../fixtures/agent-eval-wire-core.mjs';

describe('rubricVersion (agent-eval ≥ 0.167 scheme)', () => {
  it('reproduces the documented golden tag of agent-eval built-in anti-slop', () => {
    expect(computeRubricVersion(ANTI_SLOP_RUBRIC)).toBe(
      'anti-slop@sha256-rfc8785:2307e4f3f0948d20275a1521515c36635b37ba848149d3f603b6dfde07f7ea1c',
    );
    expect(hashRubric(ANTI_SLOP_RUBRIC)).toBe(ANTI_SLOP_GOLDEN_VERSION);
  });

  it('reproduces the documented golden tag of the minimal rubric r', () => {
    const r = {
      name: 'r',
      description: 'd',
      systemPrompt: 'p',
      dimensions: [{ id: 'a', description: 'b', weight: 1, min: 0, max: 1 }],
      failureModes: [],
      wins: [],
    };
    expect(computeRubricVersion(r)).toBe(
      'r@sha256-rfc8785:fb9678b24ddd1e43c76d03a0812deb92d20a54ed1112fadf77990849d5551947',
    );
  });

  it('ignores key order and extra keys, and changes with any field', () => {
    const base = toWireRubric('x', { dimensions: [{ id: 'a', description: 'A', weight: 1 }] });
    const { wins, failureModes, ...rest } = base;
    const reordered = { extra: 1, wins, failureModes, ...rest };
    expect(computeRubricVersion(reordered)).toBe(computeRubricVersion(base));
    const heavier = toWireRubric('x', { dimensions: [{ id: 'a', description: 'A', weight: 2 }] });
    expect(computeRubricVersion(heavier)).not.toBe(computeRubricVersion(base));
    expect(isCurrentRubricVersionScheme(computeRubricVersion(base))).toBe(true);
    expect(isCurrentRubricVersionScheme('anti-slop@59605f13')).toBe(false);
  });

  it('sorts keys by UTF-16 code unit like the fake server (not locale order)', () => {
    const wire = toWireRubric('ünï', {
      description: 'é',
      dimensions: [
        { id: 'Z', description: '\u{1F600}', weight: 0.1 },
        { id: 'a', description: 'ä', weight: 1e-7 },
      ],
    });
    expect(computeRubricVersion(wire)).toBe(hashRubric(wire));
    expect(jcs({ b: 1, a: [1e21, 0.1] })).toBe('{"a":[1e+21,0.1],"b":1}');
  });
});

describe('toWireRubric', () => {
  it('applies agent-eval defaults and a deterministic system prompt', () => {
    const wire = toWireRubric('course-advice', {
      dimensions: [{ id: 'relevance', description: '', weight: 0.5 }],
      failureModes: ['invented-course'],
    });
    expect(wire).toMatchObject({
      name: 'course-advice',
      description: 'evalc rubric course-advice',
      dimensions: [{ id: 'relevance', description: 'relevance', weight: 0.5, min: 0, max: 1 }],
      failureModes: [{ id: 'invented-course', description: 'invented-course' }],
      wins: [],
    });
    expect(wire.systemPrompt).toContain('- relevance (weight 0.5): relevance');
    expect(wire.systemPrompt).toContain('- invented-course');
  });
});

describe('computeComposite', () => {
  it('is Σwᵢsᵢ/Σwᵢ over normalised scores, missing scores count as min, zero weights give 0', () => {
    const dims = [
      { id: 'a', weight: 0.5 },
      { id: 'b', weight: 0.3 },
      { id: 'c', weight: 0.2, min: 1, max: 5 },
    ];
    expect(computeComposite(dims, { a: 1, b: 0.5, c: 3 })).toBeCloseTo(0.5 + 0.15 + 0.1, 12);
    expect(computeComposite(dims, { a: 1 })).toBeCloseTo(0.5, 12);
    expect(computeComposite([{ id: 'a', weight: 0 }], { a: 1 })).toBe(0);
    expect(computeComposite([{ id: 'a', weight: 1 }], { a: 7 })).toBe(1);
  });
});

describe('built-in rubrics', () => {
  it('ships MultiAgentEval names with positive weights and unique ids', () => {
    expect(Object.keys(BUILTIN_RUBRICS).sort()).toEqual([
      'clinical_safety',
      'factual_grounding',
      'fiduciary_accuracy',
      'generic',
      'policy_adherence',
    ]);
    for (const rubric of Object.values(BUILTIN_RUBRICS)) {
      const ids = rubric.dimensions.map((d) => d.id);
      expect(new Set(ids).size).toBe(ids.length);
      const total = rubric.dimensions.reduce((sum, d) => sum + d.weight, 0);
      expect(total).toBeCloseTo(1, 12);
    }
  });

  it('resolves plan rubrics before built-ins and unknown names to undefined', () => {
    const mine: RubricConfig = { dimensions: [{ id: 'x', description: 'x', weight: 1 }] };
    expect(resolveRubric('generic', { generic: mine })).toEqual({
      name: 'generic',
      source: 'plan',
      rubric: mine,
    });
    expect(resolveRubric('generic', {})?.source).toBe('builtin');
    expect(resolveRubric('nope', {})).toBeUndefined();
    expect(resolveRubric('toString', {})).toBeUndefined();
  });
});

describe('properties', () => {
  const dimension = fc.record({
    id: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 8 }),
    description: fc.string({ unit: 'grapheme', maxLength: 20 }),
    weight: fc.double({ min: 0, max: 1e6, noNaN: true }),
  });
  const rubric = fc.record({
    name: fc.string({ minLength: 1, maxLength: 10 }),
    description: fc.option(fc.string({ maxLength: 30 }), { nil: undefined }),
    dimensions: fc.array(dimension, { minLength: 1, maxLength: 5 }),
    failureModes: fc.array(fc.string({ minLength: 1, maxLength: 8 }), { maxLength: 4 }),
  });

  it('rubricVersion agrees with an independent RFC 8785 implementation on random rubrics', () => {
    fc.assert(
      fc.property(rubric, ({ name, description, dimensions, failureModes }) => {
        const content: RubricConfig = { dimensions, failureModes };
        if (description !== undefined) content.description = description;
        const wire = toWireRubric(name, content);
        expect(computeRubricVersion(wire)).toBe(hashRubric(wire));
      }),
      { numRuns: 200 },
    );
  });

  it('the composite stays in [0,1] for any scores', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(fc.double({ min: 0, max: 10, noNaN: true }), fc.double({ min: -5, max: 5, noNaN: true })),
          {
            minLength: 1,
            maxLength: 6,
          },
        ),
        (pairs) => {
          const dims = pairs.map(([weight], i) => ({ id: `d${i}`, weight }));
          const scores = Object.fromEntries(pairs.map(([, score], i) => [`d${i}`, score]));
          const value = computeComposite(dims, scores);
          expect(value).toBeGreaterThanOrEqual(0);
          expect(value).toBeLessThanOrEqual(1);
        },
      ),
      { numRuns: 200 },
    );
  });
});
