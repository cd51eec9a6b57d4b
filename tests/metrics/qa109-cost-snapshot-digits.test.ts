/**
 * QA109 (review of 4ef2022): `-` and any digit counted as a snapshot suffix, so a key priced the
 * next model of its line, whose name goes on with a version or size: gemini-1.5-flash-8b took
 * gemini-1.5-flash's price (twice its own), claude-opus-4-5-20251101 claude-opus-4's (three times),
 * gpt-4-32k and gpt-4-0125-preview gpt-4's. Bedrock's version suffix (-v2:0), which 900abe8 priced,
 * was refused. A snapshot is a date or number of 3 digits or more, -latest, -v<n>:<n>, a :tag.
 * validate's EVALC_METRIC_PRICES reads the same rule.
 */
import { describe, expect, it } from 'vitest';
import { checkCostPrices } from '../../src/compiler/cost-prices-check.js';
import { scoreMetric } from '../../src/metrics/score-example.js';
import type { MetricConfig, Plan } from '../../src/plan/schema.js';
import { metric, scoreInput, trajectory } from './helpers.js';

const prices = {
  'gpt-4': { input: 30, output: 60 },
  'gpt-4o': { input: 2.5, output: 10 },
  'gemini-1.5-flash': { input: 0.075, output: 0.3 },
  'gemini-1.5-pro': { input: 1.25, output: 5 },
  'claude-3': { input: 15, output: 75 },
  'claude-opus-4': { input: 15, output: 75 },
  'claude-sonnet-4': { input: 3, output: 15 },
  'mistral-large': { input: 2, output: 6 },
  'anthropic.claude-3-5-sonnet-20241022': { input: 3, output: 15 },
  'amazon.nova-pro': { input: 0.8, output: 3.2 },
  'anthropic/claude-3.5-sonnet': { input: 3, output: 15 },
  'llama3.1': { input: 0, output: 0 },
};

async function priceOf(model: string): Promise<string | undefined> {
  const t = trajectory({ model, usage: { inputTokens: 1000, outputTokens: 1000 } });
  const r = await scoreMetric(metric({ type: 'cost' }), scoreInput({ trajectory: t, prices }));
  if (r.error) return undefined;
  return (r.details as { priceOf?: string } | undefined)?.priceOf ?? model;
}

function validateWarns(model: string): boolean {
  const plan = { prices } as unknown as Plan;
  const config = { type: 'cost', model } as unknown as MetricConfig;
  return checkCostPrices(config, ['metrics', 0], plan, () => undefined).length > 0;
}

describe('cost: a snapshot suffix is a date, a snapshot number, -latest, a version or a tag (QA109)', () => {
  it('does not price another model whose name goes on with a digit-led word', async () => {
    for (const other of [
      'gemini-1.5-flash-8b',
      'gemini-1.5-flash-8b-001',
      'claude-opus-4-5-20251101',
      'claude-3-5-sonnet-20241022',
      'gpt-4-32k',
      'gpt-4-0125-preview',
      'gpt-4-1106-vision-preview',
    ]) {
      expect(await priceOf(other), other).toBeUndefined();
      expect(validateWarns(other), other).toBe(true);
    }
  });

  it('prices real snapshots, versions and tags at their model', async () => {
    const cases: Record<string, string> = {
      'gpt-4-0613': 'gpt-4',
      'gpt-4o-2024-08-06': 'gpt-4o',
      'gemini-1.5-pro-002': 'gemini-1.5-pro',
      'gemini-1.5-flash-latest': 'gemini-1.5-flash',
      'claude-sonnet-4-20250514': 'claude-sonnet-4',
      'claude-opus-4-latest': 'claude-opus-4',
      'mistral-large-2411': 'mistral-large',
      'mistral-large-latest': 'mistral-large',
      'anthropic.claude-3-5-sonnet-20241022-v2:0': 'anthropic.claude-3-5-sonnet-20241022',
      'amazon.nova-pro-v1:0': 'amazon.nova-pro',
      'anthropic/claude-3.5-sonnet:beta': 'anthropic/claude-3.5-sonnet',
      'llama3.1:8b-instruct-q4_0': 'llama3.1',
    };
    for (const [model, key] of Object.entries(cases)) {
      expect(await priceOf(model), model).toBe(key);
      expect(validateWarns(model), model).toBe(false);
    }
  });
});
