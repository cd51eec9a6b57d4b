/**
 * QA121 (review of QA112's f91f839, which named judge_config's keys): the "did you mean" of an
 * unknown key in a mapping the hint did not know — prices.<model>, judges.<id>, an agent's limits,
 * rubrics.<id> — came from that mapping's own keys: `ouput` beside `input: 1` read "did you mean
 * `input`?" (the key already set), and `rubrc`, `timout`, `descripton` had no hint. The keys are now
 * read off the plan's schema at that path.
 */
import { describe, expect, it } from 'vitest';
import { validatePlanSchema } from '../../src/plan/validate-schema.js';

const base = {
  evalc: 1,
  benchmark: { id: 'b' },
  agents: { a: { protocol: 'mae', transport: 'local', command: 'node agent.mjs' } },
  tasks: {},
};

const hintsOf = (raw: unknown) =>
  validatePlanSchema(raw, () => undefined)
    .diagnostics.filter((d) => d.code === 'EVALC_SCHEMA_UNKNOWN_KEY')
    .map((d) => [d.message, d.hint]);

describe('unknown keys in nested mappings are matched against the schema (QA121)', () => {
  it('suggests output, not the input already set, in a price', () => {
    expect(hintsOf({ ...base, prices: { m1: { input: 1, ouput: 2 } } })).toEqual([
      ['unknown key `ouput` in prices.m1', 'did you mean `output`?'],
    ]);
  });

  it("suggests a judge's, an agent limit's and a rubric's own keys", () => {
    const raw = {
      ...base,
      agents: { a: { ...base.agents.a, limits: { timout: '5s' } } },
      judges: { j: { protocol: 'agent-eval', url: 'http://127.0.0.1:1', rubrc: 'support' } },
      rubrics: { r: { dimensions: [{ id: 'o', description: 'x', weight: 1 }], descripton: 'x' } },
    };
    expect(hintsOf(raw)).toEqual([
      ['unknown key `timout` in agents.a.limits', 'did you mean `timeout`?'],
      ['unknown key `rubrc` in judges.j', 'did you mean `rubric`?'],
      ['unknown key `descripton` in rubrics.r', 'did you mean `description`?'],
    ]);
  });
});
