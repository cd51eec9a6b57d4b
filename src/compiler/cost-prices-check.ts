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
  const measured = agents.filter((id) => plan.agents[id]?.protocol !== 'mae');
  if (agents.length > 0 && measured.length === 0) return [];
  const whose = whoseCost(agents, measured);
  const prices = plan.prices ?? {};
  const model = (config as Record<string, unknown>).model;
  if (Object.keys(prices).length === 0)
    return [
      diagnostic(
        'EVALC_METRIC_PRICES',
        `\`${config.id ?? config.type}\` prices tokens with the plan's \`prices:\`, and this plan has none: ${whose.cost} would be a metric_error (no price${whose.unmeasured})`,
        path,
        { severity: 'warning', source: locate(path), hint: PRICES_HINT },
      ),
    ];
  if (model === undefined) return noModelReported(config, path, plan, locate, measured);
  if (typeof model === 'string' && !hasPrice(prices, model))
    return [
      diagnostic(
        'EVALC_METRIC_PRICES',
        `\`${config.id ?? config.type}\` prices model \`${model}\`, which \`prices:\` does not list (it lists ${Object.keys(prices).join(', ')}): ${whose.cost} would be a metric_error (no price${whose.unmeasured})`,
        [...path, 'model'],
        { severity: 'warning', source: locate([...path, 'model']), hint: PRICES_HINT },
      ),
    ];
  return [];
}

/**
 * Whose examples the warning is about (QA138): beside a `mae` agent, whose cost is not measured,
 * only the other agents' examples would be a metric_error; "every example's cost" said its too.
 * Of those, only an example with token usage: one without is not measured whatever the prices
 * (efficiency.ts), so "every example's cost" overstated it for agents that sometimes report none.
 */
function whoseCost(agents: string[], measured: string[]): { cost: string; unmeasured: string } {
  if (measured.length === agents.length)
    return { cost: 'the cost of every example with token usage', unmeasured: '' };
  const names = (ids: string[]) => ids.map((id) => `\`${id}\``).join(', ');
  const mae = agents.filter((id) => !measured.includes(id));
  const plural = (ids: string[], word: string) => (ids.length === 1 ? word : `${word}s`);
  return {
    cost: `the cost of every example of ${plural(measured, 'agent')} ${names(measured)} with token usage`,
    unmeasured: `; \`mae\` ${plural(mae, 'agent')} ${names(mae)} ${mae.length === 1 ? 'reports no usage: its' : 'report no usage: their'} cost is not measured`,
  };
}

/**
 * Without `model:`, cost prices the model the agent reports: a `raip` or `http` reply has none (only
 * `chat` and `openai` agents report one), so each example of such an agent that reports usage is a
 * metric_error "no model to price" (QA145: validate said nothing).
 */
function noModelReported(
  config: MetricConfig,
  path: PlanPath,
  plan: Plan,
  locate: (p: PlanPath, key?: string) => SourcePosition | undefined,
  measured: string[],
): Diagnostic[] {
  const silent = measured.filter((id) => NO_MODEL.has(plan.agents[id]?.protocol ?? ''));
  if (silent.length === 0) return [];
  const names = silent.map((id) => `\`${plan.agents[id]?.protocol}\` agent \`${id}\``).join(', ');
  const keys = Object.keys(plan.prices ?? {});
  return [
    diagnostic(
      'EVALC_METRIC_PRICES',
      `\`${config.id ?? config.type}\` prices the model the agent reports, and ${names} ${silent.length === 1 ? 'reports' : 'report'} no model: the cost of ${silent.length === 1 ? 'its' : 'their'} examples with token usage would be a metric_error (no model to price)`,
      path,
      {
        severity: 'warning',
        source: locate(path),
        hint: `set model: on the metric, a key of prices: (${keys.join(', ')})`,
      },
    ),
  ];
}

/** Protocols whose replies carry no model name (RAIP's is {output, usage, raw?}). */
const NO_MODEL = new Set(['raip', 'http']);

/** As the metric looks a model up (price-key.ts). */
function hasPrice(prices: Record<string, unknown>, model: string): boolean {
  return priceKeyFor(prices, model) !== undefined;
}
