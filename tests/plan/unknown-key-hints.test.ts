import { describe, expect, it } from 'vitest';
import { validatePlanSchema } from '../../src/plan/validate-schema.js';

const plan = (agent: Record<string, unknown>) => ({
  evalc: 1,
  benchmark: { id: 'b' },
  agents: { a: agent },
  tasks: {},
});

const hintsOf = (raw: unknown) =>
  validatePlanSchema(raw, () => undefined)
    .diagnostics.filter((d) => d.code === 'EVALC_SCHEMA_UNKNOWN_KEY')
    .map((d) => d.hint);

describe('unknown-key hints come from the schema of the agent’s protocol', () => {
  it('suggests terminatingTools on a chat agent', () => {
    expect(
      hintsOf(
        plan({ protocol: 'chat', url: 'http://127.0.0.1:1/agent/respond', terminatingTool: ['end_call'] }),
      ),
    ).toEqual(['did you mean `terminatingTools`?']);
  });

  it('suggests traceContext on an mae agent, and nothing of another protocol', () => {
    expect(hintsOf(plan({ protocol: 'mae', url: 'http://127.0.0.1:1', tracecontext: true }))).toEqual([
      'did you mean `traceContext`?',
    ]);
    // `replayTool` is close to chat's `replayTools`, which a raip agent does not have.
    expect(hintsOf(plan({ protocol: 'raip', url: 'http://127.0.0.1:1', replayTool: true }))).not.toContain(
      'did you mean `replayTools`?',
    );
  });
});
