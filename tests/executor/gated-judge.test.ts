import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { InvokeGate } from '../../src/executor/invoke-gate.js';
import { gatedJudge } from '../../src/executor/judges.js';
import type { JudgeClient } from '../../src/protocols/judge-types.js';

describe('a judge behind its concurrency gate', () => {
  it('never has more than limits.concurrency calls in flight and answers every call', async () => {
    let inFlight = 0;
    let peak = 0;
    let calls = 0;
    const client = {
      protocol: 'agent-eval',
      describe: async () => ({ ok: true, info: {} }),
      close: async () => {},
      judge: async () => {
        calls++;
        inFlight++;
        peak = Math.max(peak, inFlight);
        await sleep(2);
        inFlight--;
        return { ok: true, result: { score: 1 } };
      },
    } as unknown as JudgeClient;
    const gated = gatedJudge(client, new InvokeGate(3));
    const signal = new AbortController().signal;
    const outcomes = await Promise.all(Array.from({ length: 40 }, () => gated.judge({} as never, signal)));
    expect(outcomes).toHaveLength(40);
    expect(calls).toBe(40);
    expect(peak).toBe(3);
  });

  it('frees the slot when a call throws', async () => {
    const client = {
      protocol: 'openai',
      describe: async () => ({ ok: true, info: {} }),
      close: async () => {},
      judge: async () => {
        throw new Error('boom');
      },
    } as unknown as JudgeClient;
    const gated = gatedJudge(client, new InvokeGate(1));
    const signal = new AbortController().signal;
    await expect(gated.judge({} as never, signal)).rejects.toThrow('boom');
    await expect(gated.judge({} as never, signal)).rejects.toThrow('boom');
  });
});
