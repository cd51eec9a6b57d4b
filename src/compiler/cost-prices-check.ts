/**
 * `cost` prices an example's tokens with the plan's top-level `prices:` (USD per 1M tokens, keyed
 * by the model the agent reports). DESIGN §4 lists `cost` and never names `prices:`, so a plan
 * written from it had `{ type: cost }` and no prices: it validated without a word and every
 * example's cost was a `metric_error` ("no price for model …") after the agents ran (QA101).
 * A warning at the metric, as for a threshold no score reaches.
 */

import { priceKeyFor } from '../metrics/price-key.js';
import type { Diagnostic, PlanPath, SourcePosition } from '../plan/diagnostic.js';
import { diagnostic } from '../plan/diagnostic.js';
import type { MetricConfig, Plan } from '../plan/schema.js';

const PRICES_HINT =
  'add a top-level prices: { <model>: { input: <USD>, output: <USD> } } (per 1M tokens), keyed by the model the agent reports';

export function checkCostPrices(
  config: MetricConfig,
  path: PlanPath,
  plan: Plan,
  locate: (p: PlanPath, key?: string) => SourcePosition | undefined,
  taskAgents: Iterable<string> = [],
): Diagnostic[] {
  if (config.type !== 'cost') return [];
  // QA131: a mae agent reports no usage (the seed API has none): its cost is not measured, never a
  // metric_error, whatever prices: holds (cost version 6). A task run by such agents only was
  // warned of errors it never has, with advice it could not follow.
  const agents = [...taskAgents];
  if (agents.length > 0 && agents.every((id) => plan.agents[id]?.protocol === 'mae')) return [];
  const prices = plan.prices ?? {};
  const model = (config as Record<string, unknown>).model;
  if (Object.keys(prices).length === 0)
    return [
      diagnostic(
        'EVALC_METRIC_PRICES',
        `\`${config.id ?? config.type}\` prices tokens with the plan's \`prices:\`, and this plan has none: every example's cost would be a metric_error (no price)`,
        path,
        { severity: 'warning', source: locate(path), hint: PRICES_HINT },
      ),
    ];
  if (typeof model === 'string' && !hasPrice(prices, model))
    return [
      diagnostic(
        'EVALC_METRIC_PRICES',
        `\`${config.id ?? config.type}\` prices model \`${model}\`, which \`prices:\` does not list (it lists ${Object.keys(prices).join(', ')}): every example's cost would be a metric_error (no price)`,
        [...path, 'model'],
        { severity: 'warning', source: locate([...path, 'model']), hint: PRICES_HINT },
      ),
    ];
  return [];
}

/** As the metric looks a model up (price-key.ts). */
function hasPrice(prices: Record<string, unknown>, model: string): boolean {
  return priceKeyFor(prices, model) !== undefined;
}
