/**
 * QA354: a4daa91c keeps a RAIP 200's `error` beside its `output` and records a `compat_warning`
 * `error_beside_output` event, an error of `null`, `""` or `false` being none. An agent saying
 * "no error" otherwise, `"error": 0` (an errno's success) or an empty `{}` / `[]`, had every answer
 * warned, the event saying nothing (no `said`). Those are none too; `{"code": 0}` or `1` is one.
 * Real loopback agent.
 */
import { describe, expect, it } from 'vitest';
import { useRaipFixedReply } from '../fixtures/raip-fixed-reply.js';

const invokeWith = useRaipFixedReply();

describe('an error beside a RAIP output that says there is none (QA354)', () => {
  it('0, {} and [] are no error: the response and events as without one', async () => {
    for (const error of [0, {}, []]) {
      const outcome = await invokeWith({ output: { answer: 'A' }, error });
      expect(outcome.trajectory?.response).toEqual({ output: { answer: 'A' }, usage: null });
      expect(outcome.trajectory?.events).toEqual([]);
    }
  });

  it('an error with any content is still kept and warned', async () => {
    for (const error of [1, { code: 0 }, ['partial']]) {
      const outcome = await invokeWith({ output: { answer: 'A' }, error });
      expect(outcome.trajectory?.response).toMatchObject({ error });
      expect(outcome.trajectory?.events).toContainEqual({
        turn: 0,
        type: 'compat_warning',
        data: { warning: 'error_beside_output' },
      });
    }
  });
});
