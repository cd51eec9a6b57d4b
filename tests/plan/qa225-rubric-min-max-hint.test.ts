/**
 * QA225: `min:`/`max:` on a plan rubric's dimension (agent-eval's inline rubric has them, a 1..5
 * scale) read "`id` is set already beside it: remove `min` (a misspelt copy?)", `min` being two
 * edits from `id`. A plan rubric scores 0..1 and takes neither: the hint says so.
 */
import { describe, expect, it } from 'vitest';
import { validatePlanSchema } from '../../src/plan/validate-schema.js';

const raw = {
  evalc: 1,
  benchmark: { id: 'b' },
  agents: { a: { protocol: 'mae', transport: 'local', command: 'node agent.mjs' } },
  tasks: {},
  rubrics: { five: { dimensions: [{ id: 'a', description: 'A', weight: 1, min: 1, max: 5, mni: 2 }] } },
};

describe('min/max on a plan rubric dimension (QA225)', () => {
  it('says a plan rubric scores 0..1 and takes no min or max, not that min is a misspelt id', () => {
    const hints = validatePlanSchema(raw, () => undefined)
      .diagnostics.filter((d) => d.code === 'EVALC_SCHEMA_UNKNOWN_KEY')
      .map((d) => [d.message, d.hint]);
    const said = (key: string) =>
      `a plan rubric's dimensions score 0..1 (evalc sends them with min: 0, max: 1) and take no \`${key}\`: remove it; a rubric on its own scale is registered on the agent-eval server and named in rubric:, its composite normalised there`;
    expect(hints).toEqual([
      ['unknown key `min` in rubrics.five.dimensions[0]', said('min')],
      ['unknown key `max` in rubrics.five.dimensions[0]', said('max')],
      ['unknown key `mni` in rubrics.five.dimensions[0]', undefined],
    ]);
  });
});
