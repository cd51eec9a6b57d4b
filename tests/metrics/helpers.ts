/** Builders for metric inputs used by the metrics tests. */

import { resolveMetric } from '../../src/metrics/registry.js';
import type { ResolvedMetric, ScoreInput } from '../../src/metrics/types.js';
import type { JudgeClient, JudgeOutcome, JudgeRequest } from '../../src/protocols/judge-types.js';
import type { Trajectory } from '../../src/protocols/types.js';

export function trajectory(partial: Partial<Trajectory> = {}): Trajectory {
  return {
    response: {},
    messages: [],
    toolCalls: [],
    events: [],
    violations: [],
    invalidActions: 0,
    turns: 1,
    usage: {},
    ...partial,
  };
}

export function scoreInput(partial: Partial<ScoreInput> = {}): ScoreInput {
  return {
    candidates: {},
    expected: undefined,
    example: { id: 'e1', vars: {} },
    trajectory: trajectory(),
    durationMs: 1000,
    prices: {},
    signal: new AbortController().signal,
    ...partial,
  };
}

/** Resolves a metric config or fails the test with the issues. */
export function metric(config: Record<string, unknown>): ResolvedMetric {
  const r = resolveMetric(config);
  if (!r.ok) throw new Error(r.issues.map((i) => i.message).join('; '));
  return r.metric;
}

/** A JudgeClient answering from a function (an in-process implementation of the interface). */
export function judgeClient(
  answer: (req: JudgeRequest) => JudgeOutcome,
): JudgeClient & { requests: JudgeRequest[] } {
  const requests: JudgeRequest[] = [];
  return {
    protocol: 'agent-eval',
    requests,
    async describe() {
      return { ok: true, info: {} };
    },
    async judge(request) {
      requests.push(request);
      return answer(request);
    },
    async close() {},
  };
}
