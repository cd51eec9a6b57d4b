/**
 * QA347: a RAIP 200 carrying both `output` and `error` (`{"output": {…}, "error": {"code": 503,
 * "message": "partial: upstream timed out"}}`) had its output scored and its error dropped from the
 * stored response without a word. The output is still the answer (R6); the error is kept in the
 * response beside it and the trajectory records a `compat_warning` `error_beside_output` event.
 * Real loopback agent.
 */
import { describe, expect, it } from 'vitest';
import { useRaipFixedReply } from '../fixtures/raip-fixed-reply.js';

const invokeWith = useRaipFixedReply();

describe('a RAIP 200 with an error beside its output', () => {
  it('keeps the error in the response and records it as a compat_warning event', async () => {
    const error = { code: 503, message: 'partial: upstream timed out' };
    const outcome = await invokeWith({ output: { answer: 'A' }, usage: {}, error });
    expect(outcome.ok).toBe(true);
    expect(outcome.trajectory?.response).toEqual({ output: { answer: 'A' }, usage: {}, error });
    expect(outcome.trajectory?.events).toContainEqual({
      turn: 0,
      type: 'compat_warning',
      data: { warning: 'error_beside_output', said: 'partial: upstream timed out' },
    });
  });

  it('an empty error (null, "", false) is none: the response and events as before', async () => {
    for (const error of [null, '', false]) {
      const outcome = await invokeWith({ output: { answer: 'A' }, error });
      expect(outcome.trajectory?.response).toEqual({ output: { answer: 'A' }, usage: null });
      expect(outcome.trajectory?.events).toEqual([]);
    }
  });
});
