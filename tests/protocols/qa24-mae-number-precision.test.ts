/**
 * QA24: a Python agent's `int` beyond 2^53 (`json.dumps` writes every digit) was read as the
 * nearest double — `12345678901234567891` became `12345678901234567000` in the candidates —
 * without a word, while a dataset holding the same literal warns. A mae stdio/socket reply with
 * such an integer now carries a `compat_warning` `number_precision` and a run.log line. Real
 * Python subprocess (tests/fixtures/qa24-python-agent.py stdio, python3 from PATH).
 */
import { describe, expect, it } from 'vitest';
import type { InvokeOutcome } from '../../src/protocols/types.js';
import { firstUnsafeInteger } from '../../src/protocols/unsafe-integer.js';
import { maeContext, makeMaeAdapter, responseOf } from '../fixtures/mae-harness.js';

function warningsOf(outcome: InvokeOutcome): unknown[] {
  if (!outcome.ok) throw new Error(`${outcome.error.kind}: ${outcome.error.message}`);
  return outcome.trajectory.events
    .filter((event) => event.type === 'compat_warning')
    .map((event) => event.data);
}

describe('mae reply with an integer beyond 2^53 (Python int)', () => {
  it('records number_precision and logs it; a float or a string id does not', async () => {
    const adapter = makeMaeAdapter({ transport: 'local', command: 'python3 qa24-python-agent.py stdio' });
    try {
      const logs: string[] = [];
      const big = await adapter.invoke('bigint', maeContext({ logs }));
      expect(warningsOf(big)).toEqual([{ warning: 'number_precision' }]);
      const lastAction = (responseOf(big).actions as Array<Record<string, unknown>>).at(-1);
      expect(lastAction?.account).toBe(12345678901234567000); // what JSON.parse makes of it
      expect(logs.some((line) => line.includes('integer beyond 2^53') && line.includes('turn 1'))).toBe(true);

      expect(warningsOf(await adapter.invoke('float', maeContext()))).toEqual([]);
      expect(warningsOf(await adapter.invoke('string-id', maeContext()))).toEqual([]);
      expect(warningsOf(await adapter.invoke('plain', maeContext()))).toEqual([]);
    } finally {
      await adapter.close();
    }
  });
});

describe('firstUnsafeInteger', () => {
  it('finds integer literals beyond ±(2^53 − 1) outside strings only', () => {
    expect(firstUnsafeInteger('{"a": 9007199254740991}')).toBeUndefined();
    expect(firstUnsafeInteger('{"a": 9007199254740992}')).toBe('9007199254740992');
    expect(firstUnsafeInteger('[1, -12345678901234567891]')).toBe('-12345678901234567891');
    expect(firstUnsafeInteger('{"a": "12345678901234567891"}')).toBeUndefined();
    expect(firstUnsafeInteger('{"a": "x\\"12345678901234567891"}')).toBeUndefined();
    expect(firstUnsafeInteger('{"a": 12345678901234567891.5}')).toBeUndefined();
    expect(firstUnsafeInteger('{"a": 1.2345678901234567e+25}')).toBeUndefined();
    expect(firstUnsafeInteger('{"a": 12345678901234567891e2}')).toBeUndefined();
    expect(firstUnsafeInteger('{"a": 0.0000000000000000001}')).toBeUndefined();
  });
});
