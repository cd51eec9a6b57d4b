/**
 * Gate bounds on a metric's score. A `min`/`max` gate compares the score, which lies in [0, 1] and is
 * higher-is-better, unless the metric is a measurement without a score (tokens, cost, steps without a
 * budget, whose mean it compares).
 */

/**
 * A `min`/`max` gate compares a metric's score, which lies in [0, 1], unless the metric is a
 * measurement without a score (tokens, cost, steps without a budget). A bound outside [0, 1] on a
 * score is a gate that can never fail (`max: 1000` on time_to_success, meant as milliseconds)
 * or never pass (`min: 5`): QA37.
 */
function scoreRangeWarning(
  gate: { metric: string; min?: number | undefined; max?: number | undefined },
  type: string,
  unit: string | undefined,
): { bound: 'min' | 'max'; message: string; hint: string } | undefined {
  const out = (x: number | undefined) => x !== undefined && (x < 0 || x > 1);
  const bound = out(gate.max) ? 'max' : out(gate.min) ? 'min' : undefined;
  if (bound === undefined) return undefined;
  const x = gate[bound] as number;
  const never = (bound === 'max') === x > 1 ? 'can never fail' : 'can never pass';
  const measuredIn = unit === undefined ? '' : ` (not its ${unit})`;
  return {
    bound,
    message: `\`${bound}: ${x}\` on \`${gate.metric}\` ${never}: the gate compares its score, which lies in [0, 1]${measuredIn}`,
    hint:
      type === 'time_to_success' || unit === 'tokens' || unit === 'USD' || unit === 'steps'
        ? 'to bound the measurement, gate an efficiency metric without a budget (tokens, cost, steps: their mean) or give the metric a budget: and gate its score (min: 1 = every example within budget)'
        : 'give a bound between 0 and 1',
  };
}

/**
 * The range warning, else a `max:` on an efficiency metric's score — time_to_success, or tokens,
 * cost, steps with a budget — where min(1, budget / measured) is higher-is-better: `max: 0.0001` on a
 * budgeted cost meant USD and failed at a score of 0.667; `max` on such a score asks for the
 * measurement to be at least some multiple of the budget (QA98).
 */
export function gateScoreWarning(
  gate: { metric: string; min?: number | undefined; max?: number | undefined },
  type: string,
  unit: string | undefined,
): { bound: 'min' | 'max'; message: string; hint: string } | undefined {
  const range = scoreRangeWarning(gate, type, unit);
  if (range || gate.max === undefined) return range;
  if (type !== 'time_to_success' && unit !== 'tokens' && unit !== 'USD' && unit !== 'steps') return undefined;
  return {
    bound: 'max',
    message: `\`max: ${gate.max}\` on \`${gate.metric}\` bounds its score, which is higher-is-better (min(1, budget / ${unit}) with a budget), not its ${unit}: a faster or cheaper run scores more and fails it`,
    hint: 'to bound the measurement, gate the score from below (min: 1 = every example within budget) or gate the metric without a budget (its mean)',
  };
}
