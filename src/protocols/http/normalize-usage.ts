/**
 * Token usage as agents report it (OpenAI `prompt_tokens`/`completion_tokens`/`total_tokens`,
 * camelCase `promptTokens`/`inputTokens`…, Anthropic-like `input_tokens`/`output_tokens`) mapped
 * to evalc's `Usage`. Integer strings are coerced ("12" → 12); anything else is ignored.
 */
import type { Usage } from '../types.js';

const INPUT_KEYS = ['prompt_tokens', 'promptTokens', 'input_tokens', 'inputTokens'];
const OUTPUT_KEYS = ['completion_tokens', 'completionTokens', 'output_tokens', 'outputTokens'];
const TOTAL_KEYS = ['total_tokens', 'totalTokens'];

export function normalizeUsage(raw: unknown): Usage {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return {};
  const record = raw as Record<string, unknown>;
  const usage: Usage = {};
  const input = firstCount(record, INPUT_KEYS);
  const output = firstCount(record, OUTPUT_KEYS);
  const total = firstCount(record, TOTAL_KEYS);
  if (input !== undefined) usage.inputTokens = input;
  if (output !== undefined) usage.outputTokens = output;
  if (total !== undefined) usage.totalTokens = total;
  else if (input !== undefined && output !== undefined) usage.totalTokens = input + output;
  return usage;
}

/**
 * The total tokens of a usage, as the `tokens` metric counts them (its definition: total = input
 * + output when not reported, a side not reported counting 0), or undefined when it reports none.
 * The reports' tokens column reads the same (QA150: an output-only usage was "—" there while the
 * metric counted it).
 */
export function usageTotal(usage: Usage): number | undefined {
  if (usage.totalTokens !== undefined) return usage.totalTokens;
  if (usage.inputTokens === undefined && usage.outputTokens === undefined) return undefined;
  return (usage.inputTokens ?? 0) + (usage.outputTokens ?? 0);
}

/** Field-wise sum of two usages; a field stays absent when absent in both. */
export function addUsage(a: Usage, b: Usage): Usage {
  const sum: Usage = {};
  for (const key of ['inputTokens', 'outputTokens', 'totalTokens'] as const) {
    const left = a[key];
    const right = b[key];
    if (left !== undefined || right !== undefined) sum[key] = (left ?? 0) + (right ?? 0);
  }
  return sum;
}

/**
 * A non-negative integer token count, from a number or an integer string; beyond 2^53 − 1 (a
 * string of 400 digits is Infinity as a number, which JSON writes as null) it is no count.
 */
export function toTokenCount(value: unknown): number | undefined {
  const count =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && /^\d+$/.test(value.trim())
        ? Number(value.trim())
        : undefined;
  return count !== undefined && Number.isSafeInteger(count) && count >= 0 ? count : undefined;
}

function firstCount(record: Record<string, unknown>, keys: string[]): number | undefined {
  for (const key of keys) {
    const count = toTokenCount(record[key]);
    if (count !== undefined) return count;
  }
  return undefined;
}
