/**
 * Which metrics read an example's expected value (or its `expected_sha256`), for dataset lint:
 * a dataset scored only by metrics that read none (`judge`, `pass_rate`, `tokens`, …) has no
 * expected values to be empty (QA51: every example of a judge-only dataset was
 * EVALC_LINT_EMPTY_EXPECTED).
 */

/** Metrics that compare with the expected value, unless the param named here gives it. */
const READERS: Record<string, string | undefined> = {
  exact_match: undefined,
  contains: 'value',
  regex: 'pattern',
  f1: undefined,
  bleu: undefined,
  rouge_l: undefined,
  numeric: undefined,
  tool_call_match: 'calls',
  checkpoints: 'checkpoints',
  progress_rate: 'checkpoints',
  checklist: 'items',
  ground_truth_protection: undefined,
};

/** Whether a metric of this type and config reads `example.expected` (a `vars.` path is no read). */
export function metricReadsExpected(type: string, config: Readonly<Record<string, unknown>>): boolean {
  const reads = (key: string) => {
    const path = config[key];
    return typeof path === 'string' && path !== '' && !path.startsWith('vars.');
  };
  if (reads('reference')) return true;
  if (!Object.hasOwn(READERS, type)) return reads('expected');
  const given = READERS[type];
  if (given !== undefined && config[given] !== undefined) return false;
  return typeof config.expected !== 'string' || !config.expected.startsWith('vars.');
}
