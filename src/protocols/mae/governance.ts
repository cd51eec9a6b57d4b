/**
 * Governance: `example.policies.<tool>` rules checked before a tool runs. A call that breaks a
 * rule is not executed; the loop relays the violation to the agent (profile text) and records
 * it in `trajectory.violations`.
 *
 * Rules (the first broken one wins, in this order):
 * - `forbidden: true` — the tool may not be called at all;
 * - `max_limit: <number>` — the amount-like parameter must not exceed it. The parameter is
 *   `param: <name>` when given, else the first present of `amount`, `value` (AgentV compares only
 *   `amount`). Numeric strings count as numbers; a missing or non-numeric parameter passes;
 * - `allowed_values: { <param>: [v1, v2, …] }` — a present parameter must equal one of the
 *   listed values (a missing parameter passes).
 * Other keys are ignored.
 */
import { isRecord } from './action.js';
import { isDeepSubset } from './sandbox.js';

export type PolicyBreach =
  | { policy: 'forbidden'; tool: string }
  | { policy: 'max_limit'; tool: string; param: string; value: number; limit: number }
  | { policy: 'allowed_values'; tool: string; param: string; value: unknown; allowed: unknown[] };

const AMOUNT_PARAMS = ['amount', 'value'] as const;

export function checkPolicies(
  policies: Record<string, Record<string, unknown>> | undefined,
  tool: string,
  params: Record<string, unknown>,
): PolicyBreach | undefined {
  // the example's own rule for this tool (a tool named `constructor` has none unless it says so)
  const policy = policies && Object.hasOwn(policies, tool) ? policies[tool] : undefined;
  if (!isRecord(policy)) return undefined;
  if (policy.forbidden === true) return { policy: 'forbidden', tool };
  const limit = toNumber(policy.max_limit);
  if (limit !== undefined) {
    const param =
      typeof policy.param === 'string' ? policy.param : AMOUNT_PARAMS.find((name) => name in params);
    const value = param === undefined ? undefined : toNumber(params[param]);
    if (param !== undefined && value !== undefined && value > limit) {
      return { policy: 'max_limit', tool, param, value, limit };
    }
  }
  if (isRecord(policy.allowed_values)) {
    for (const [param, allowed] of Object.entries(policy.allowed_values)) {
      if (!Array.isArray(allowed) || !(param in params)) continue;
      const value = params[param];
      if (!allowed.some((candidate) => isDeepSubset(candidate, value) && isDeepSubset(value, candidate))) {
        return { policy: 'allowed_values', tool, param, value, allowed };
      }
    }
  }
  return undefined;
}

function toNumber(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)))
    return Number(value);
  return undefined;
}
