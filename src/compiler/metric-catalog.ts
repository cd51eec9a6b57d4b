/**
 * The compiler's view of the metric registry: whether a type exists, its version (part of
 * every score key) and its parameter check.
 */
export interface ParamIssue {
  path: (string | number)[];
  message: string;
  unknownKey?: string;
}

export interface MetricInfo {
  type: string;
  version: string;
  stage: string;
  paramNames: string[];
  validateParams: (params: Record<string, unknown>) => ParamIssue[];
}

const PROVISIONAL_TYPES = [
  'pass_rate',
  'win_rate',
  'progress_rate',
  'checkpoints',
  'tool_call_match',
  'invalid_action_rate',
  'repetition_rate',
  'exact_match',
  'contains',
  'regex',
  'f1',
  'bleu',
  'rouge_l',
  'numeric',
  'judge',
  'checklist',
  'time_to_success',
  'steps',
  'tokens',
  'cost',
  'consistency',
  'refusal_rate',
  'policy_adherence',
  'pass_hat_k',
  'pass_at_k',
  'judge_agreement',
  'judge_stability',
  'position_bias',
  'ground_truth_protection',
];

export function lookupMetric(type: string): MetricInfo | undefined {
  if (!PROVISIONAL_TYPES.includes(type)) return undefined;
  return { type, version: '1', stage: 'example', paramNames: [], validateParams: () => [] };
}

export function listMetricTypes(): string[] {
  return PROVISIONAL_TYPES;
}
