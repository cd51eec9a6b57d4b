/**
 * A gate message prints its figure as the lock stores it and the reports round it: 39 of 80
 * passing is 0.4875, whose double (0.48749999…) `toFixed(3)` printed "0.487" in the message while
 * the report's column said "0.488" (QA20).
 */
import { describe, expect, it } from 'vitest';
import { oneAgentGate } from '../fixtures/one-agent-gate.js';

describe('gate messages', () => {
  it('round 0.4875 to 0.488, like the reports', () => {
    const gate = oneAgentGate({
      metric: { type: 'pass_rate' },
      outcome: (i) => ({ pass_rate: { score: i < 39 ? 1 : 0, pass: i < 39, errors: 0 } }),
      examples: 80,
      gate: { metric: 'pass_rate', scope: 'benchmark', min: 0.5 },
      resamples: 200,
    });
    expect(gate?.passed).toBe(false);
    expect(gate?.message).toContain('pass_rate = 0.488 at benchmark');
  });
});
