/**
 * Governance: `example.policies.<tool>` rules checked before a tool runs. A call that breaks a
 * rule is not executed; the loop relays the violation to the agent (profile text) and records
 * it in `trajectory.violations`.
 *
 * Rules (the first broken one wins, in this order):
 * - `forbidden: true` — the tool may not be called at all;
 * - `max_limit: <number>` — the amount-like parameter must not exceed it. The parameter is
 *   `param: <name>` when given, else the first present of `amount`, `value` (AgentV compares only
 *   `amount`). Numeric strings count as numbers, and so do amounts written as money (QA144:
 *   `"$100"`, `"100 USD"`, `"€1,000.50"`, `"1,000"` — a currency sign or an upper-case ISO code
 *   before or after, commas only as thousands separators; they passed the limit unread), also
 *   beyond a double's range (QA149: `"1e999"`, 400 digits, which read as no amount); a missing
 *   parameter, NaN, or other text, passes;
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
    const value = param === undefined ? undefined : amountOf(params[param]);
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

/**
 * A sign, then a currency sign (`$ € £ ¥ ₹`) or an upper-case ISO 4217-like code before or after
 * the digits (not both), digits grouped by thousands with commas or not, an optional fraction.
 */
const MONEY =
  /^(-?)\s*(?:([$€£¥₹])\s*|([A-Z]{3})\s+)?(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?(?:\s*([$€£¥₹])|\s+([A-Z]{3}))?$/u;

/**
 * The amount a call names. Unlike a limit, it may be infinite (QA149): Python's `json.dumps`
 * writes `float('inf')` as `Infinity`, and `1e999` or an integer of 400 digits (exact in Python)
 * reads as Infinity here — AgentV's `amount > limit` fails such a call, which passed unread.
 */
function amountOf(value: unknown): number | undefined {
  const number = toNumber(value, { infinite: true });
  if (number !== undefined || typeof value !== 'string') return number;
  const match = MONEY.exec(value.trim());
  if (!match) return undefined;
  const [, sign, symbol, code, digits, fraction, symbolAfter, codeAfter] = match;
  const marks = [symbol, code, symbolAfter, codeAfter].filter((mark) => mark !== undefined).length;
  if (marks !== 1 && !(marks === 0 && digits?.includes(','))) return undefined;
  const amount = Number(`${digits?.replaceAll(',', '')}${fraction ?? ''}`);
  return Number.isNaN(amount) ? undefined : sign === '-' ? -amount : amount;
}

function toNumber(value: unknown, options: { infinite?: boolean } = {}): number | undefined {
  const number =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && value.trim() !== ''
        ? Number(value)
        : NaN;
  if (Number.isFinite(number) || (options.infinite === true && Math.abs(number) === Infinity)) return number;
  return undefined;
}
