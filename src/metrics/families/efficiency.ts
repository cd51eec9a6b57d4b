/**
 * Efficiency (Attributes & Constraints): time_to_success, steps, tokens, cost.
 *
 * Each reports its measurement as `value`. With a `budget`, score = min(1, budget / value)
 * (1 within budget, decaying beyond); without one, score is null (measurement only) — except
 * time_to_success, whose score is 0 for a failed example and, without a budget, 1 for a passed
 * one. time_to_success's value (ms) is only set when the example passed, so its mean is the
 * mean time to success. tokens and cost are not measured (score null, no value, no error) when
 * the agent reported no usage: zero would score a perfect budget and price 0 USD. A count the
 * agent reported in no count's shape (`-3`, `12.5`, `"12 tokens"`) makes the side it gives a
 * `metric_error` naming it, for the measurements that need that side (QA184).
 */
import { z } from 'zod';
import { usageTotal } from '../../protocols/http/normalize-usage.js';
import { priceKeyFor } from '../price-key.js';
import { metricError } from '../score-result.js';
import type { DerivedStageDefinition, ExampleStageDefinition } from '../types.js';

function budgetScore(value: number, budget: number | undefined): number | null {
  if (budget === undefined) return null;
  if (value <= 0) return 1;
  return Math.min(1, budget / value);
}

const UNITS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

/** A duration in ms from a number of seconds or "1500ms" / "30s" / "2m" / "1h". */
export function durationToMs(value: number | string): number | null {
  if (typeof value === 'number') return value * 1000;
  const m = value.trim().match(/^(\d+(?:\.\d+)?)\s*(ms|s|m|h)$/);
  return m ? Number(m[1]) * (UNITS[m[2] ?? 's'] ?? 1000) : null;
}

const ttsParams = z
  .object({
    budget: z
      .union([
        z.number().positive(),
        // Checked here, not at run time: "fast" was accepted and made every example a metric_error.
        z
          .string()
          .regex(/^\s*\d+(?:\.\d+)?\s*(?:ms|s|m|h)\s*$/, 'a duration such as "1500ms", "30s" or "2m"'),
      ])
      .optional()
      .describe('Time budget: seconds, or "1500ms" / "30s" / "2m"; score = min(1, budget / duration)'),
  })
  .strict();

export const timeToSuccess: DerivedStageDefinition<z.output<typeof ttsParams>> = {
  type: 'time_to_success',
  family: 'efficiency',
  category: 'attributes',
  version: '1',
  higherIsBetter: false,
  unit: 'ms',
  stage: 'derived',
  description:
    'Invoke duration of examples that passed (value, ms); score 0 when failed, else min(1, budget/duration)',
  params: ttsParams,
  derive(input, p) {
    if (!input.pass || input.durationMs === undefined) return { score: 0, pass: false };
    const budget = p.budget === undefined ? undefined : durationToMs(p.budget);
    if (budget === null) return metricError(`invalid budget "${String(p.budget)}"`);
    return { score: budgetScore(input.durationMs, budget) ?? 1, value: input.durationMs, pass: true };
  },
};

const stepsParams = z
  .object({
    count: z
      .enum(['turns', 'tool_calls', 'messages'])
      .default('turns')
      .describe('What a step is: agent turns, tool calls, or assistant messages'),
    budget: z.number().positive().optional().describe('Step budget; score = min(1, budget / steps)'),
  })
  .strict();

export const steps: ExampleStageDefinition<z.output<typeof stepsParams>> = {
  type: 'steps',
  family: 'efficiency',
  category: 'attributes',
  version: '1',
  higherIsBetter: false,
  unit: 'steps',
  stage: 'example',
  description: 'Number of steps (turns, tool calls or assistant messages); score with a budget',
  params: stepsParams,
  score(input, p) {
    const t = input.trajectory;
    const value =
      p.count === 'turns'
        ? t.turns
        : p.count === 'tool_calls'
          ? t.toolCalls.length
          : t.messages.filter((m) => m.role === 'assistant').length;
    return { score: budgetScore(value, p.budget), value };
  },
};

type UsageCounts = {
  inputTokens?: number;
  outputTokens?: number;
  totalTokens?: number;
  unreadable?: { input?: string; output?: string; total?: string };
};

/**
 * The error for a count the agent reported in no count's shape (`prompt_tokens: -3`,
 * `output_tokens: "12 tokens"`, normalize-usage.ts), when the measurement needs that side: a
 * figure counted without it was recorded in silence (QA184).
 */
function unreadableCount(u: UsageCounts, sides: ('input' | 'output' | 'total')[]) {
  const quoted = sides.map((side) => u.unreadable?.[side]).find((q) => q !== undefined);
  if (quoted === undefined) return undefined;
  return metricError(
    `the agent reported ${quoted}, which is no token count (a non-negative integer, or its digits as a string): no value recorded`,
  );
}

/** The sides a count needs, when the agent did not give it as a count. */
function sidesOf(u: UsageCounts, count: 'total' | 'input' | 'output'): ('input' | 'output' | 'total')[] {
  if (count !== 'total') return [count];
  return u.totalTokens === undefined ? ['total', 'input', 'output'] : [];
}

function tokenCounts(input: { trajectory: { usage: UsageCounts } }) {
  const u = input.trajectory.usage;
  const inputTokens = u.inputTokens ?? 0;
  const outputTokens = u.outputTokens ?? 0;
  return { inputTokens, outputTokens, totalTokens: u.totalTokens ?? inputTokens + outputTokens };
}

/**
 * The count the agent reported, or undefined when it reported none: a MultiAgentEval agent
 * (usage {}) or a RAIP reply without `usage` used no measurable tokens, not zero tokens — as 0
 * they scored a perfect min(1, budget / 0) = 1 under any token budget and cost 0 USD.
 */
function reportedCount(u: UsageCounts, count: 'total' | 'input' | 'output'): number | undefined {
  if (count === 'input') return u.inputTokens;
  if (count === 'output') return u.outputTokens;
  return usageTotal(u);
}

/** Not measured: no score, no value, no error (a property of the agent, not a failure). */
function unmeasured(reason: string) {
  return { score: null, details: { unmeasured: reason } };
}

const tokensParams = z
  .object({
    count: z.enum(['total', 'input', 'output']).default('total').describe('Which tokens to count'),
    budget: z.number().positive().optional().describe('Token budget; score = min(1, budget / tokens)'),
  })
  .strict();

export const tokens: ExampleStageDefinition<z.output<typeof tokensParams>> = {
  type: 'tokens',
  family: 'efficiency',
  category: 'attributes',
  version: '2',
  higherIsBetter: false,
  unit: 'tokens',
  stage: 'example',
  description:
    'Tokens used (trajectory usage; total = input + output when not reported; not measured when the agent reports none); score with a budget',
  params: tokensParams,
  score(input, p) {
    const usage = input.trajectory.usage;
    const value = reportedCount(usage, p.count);
    const unreadable =
      value === undefined || p.count === 'total'
        ? unreadableCount(usage, sidesOf(usage, p.count))
        : undefined;
    if (unreadable) return unreadable;
    if (value === undefined)
      return unmeasured(`the agent reported no ${p.count === 'total' ? '' : `${p.count} `}token usage`);
    return { score: budgetScore(value, p.budget), value };
  },
};

const costParams = z
  .object({
    model: z.string().optional().describe('Price entry to use (default: the model the trajectory reports)'),
    budget: z.number().positive().optional().describe('Cost budget in USD; score = min(1, budget / cost)'),
  })
  .strict();

export const cost: ExampleStageDefinition<z.output<typeof costParams>> = {
  type: 'cost',
  family: 'efficiency',
  category: 'attributes',
  // 7: a cost whose tokens × price overflows is computed per token (QA175)
  // 8: a cost beyond a double's range is a metric_error, not unmeasured in silence (QA177)
  version: '8',
  higherIsBetter: false,
  unit: 'USD',
  stage: 'example',
  description:
    'USD = (input tokens × input price + output tokens × output price) / 1e6 with plan prices per 1M tokens',
  params: costParams,
  score(input, p) {
    // Nothing to price comes first: a mae agent (usage {}, no model) was a metric_error asking
    // for a model it cannot have, then unmeasured once one was set (QA112).
    const u = input.trajectory.usage;
    const unreadable = unreadableCount(u, ['input', 'output']);
    if (unreadable) return unreadable;
    if (u.inputTokens === undefined && u.outputTokens === undefined)
      return unmeasured(
        u.totalTokens === undefined
          ? 'the agent reported no token usage'
          : 'the agent reported total tokens only, without the input/output split prices need',
      );
    const model = p.model ?? input.trajectory.model;
    if (model === undefined)
      return metricError('no model to price (set model: or report one from the agent)');
    const priced = priceFor(input.prices, model);
    if (!priced) return metricError(`no price for model "${model}" under prices:`);
    const price = priced.price;
    const c = tokenCounts(input);
    // A price near a double's range (1e308 per 1M tokens) overflowed tokens × price to Infinity, and
    // the cost went unmeasured in silence, though the cost itself (1e303 USD) is a double (QA175).
    const product = (c.inputTokens * price.input + c.outputTokens * price.output) / 1_000_000;
    const value = Number.isFinite(product)
      ? product
      : (c.inputTokens / 1_000_000) * price.input + (c.outputTokens / 1_000_000) * price.output;
    // The cost itself beyond a double (2e6 tokens at 1e308 per 1M) had no value and no error (QA177).
    if (!Number.isFinite(value))
      return {
        score: p.budget === undefined ? null : 0,
        error: {
          kind: 'metric_error' as const,
          message: `the cost of ${c.inputTokens} input and ${c.outputTokens} output tokens is beyond a double's range (above 1.8e308 USD): no value recorded`,
        },
        details: { model, ...(priced.key === model ? {} : { priceOf: priced.key }), ...c },
      };
    return {
      score: budgetScore(value, p.budget),
      value,
      details: { model, ...(priced.key === model ? {} : { priceOf: priced.key }), ...c },
    };
  },
};

/** The price entry of a model (price-key.ts: its own key, or the one a dated or tagged name extends). */
function priceFor<P>(prices: Record<string, P>, model: string): { key: string; price: P } | undefined {
  const key = priceKeyFor(prices, model);
  return key === undefined ? undefined : { key, price: prices[key] as P };
}
