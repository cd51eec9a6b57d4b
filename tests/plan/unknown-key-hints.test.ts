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

  it('sends a request body or an output written on the agent to the task binding', () => {
    expect(
      hintsOf(
        plan({
          protocol: 'http',
          url: 'http://127.0.0.1:1/ask',
          body: { question: '{{q}}' },
          output: { a: 'answer' },
        }),
      ),
    ).toEqual([
      "the request body is the task binding's input: tasks.<task>.bindings.default.input (or bindings.a.input), templated with the example's vars",
      'what to read from the reply goes in a task binding: tasks.<task>.bindings.default.output (or bindings.a.output), JMESPath per field',
    ]);
    // Elsewhere `body` is an ordinary unknown key.
    expect(hintsOf({ ...plan({ protocol: 'raip', url: 'http://127.0.0.1:1' }), body: 1 })).toEqual([
      undefined,
    ]);
  });
});
