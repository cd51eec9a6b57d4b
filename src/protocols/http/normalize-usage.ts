/**
 * Token usage as agents report it (OpenAI `prompt_tokens`/`completion_tokens`/`total_tokens`,
 * camelCase `promptTokens`/`inputTokens`…, Anthropic-like `input_tokens`/`output_tokens`) mapped
 * to evalc's `Usage`. Integer strings are coerced ("12" → 12), an integral float read as its
 * integer (12.0); null is no count (not reported). Any other value of a known key (a negative, a
 * fraction, other text, an object, a boolean) is no count either, but it is not dropped in
 * silence (QA184): it is quoted under `unreadable`, and the metrics that need that side say so.
 */
import { quoteCut } from '../quote-cut.js';
import type { Usage } from '../types.js';

const INPUT_KEYS = ['prompt_tokens', 'promptTokens', 'input_tokens', 'inputTokens'];
const OUTPUT_KEYS = ['completion_tokens', 'completionTokens', 'output_tokens', 'outputTokens'];
const TOTAL_KEYS = ['total_tokens', 'totalTokens'];

export function normalizeUsage(raw: unknown): Usage {
  if (raw === null || raw === undefined) return {};
  if (typeof raw !== 'object' || Array.isArray(raw)) {
    const quoted = `usage: ${quoteValue(raw)}`;
    return { unreadable: { input: quoted, output: quoted, total: quoted } };
  }
  const record = raw as Record<string, unknown>;
  const usage: Usage = {};
  const input = firstCount(record, INPUT_KEYS);
  const output = firstCount(record, OUTPUT_KEYS);
  const total = firstCount(record, TOTAL_KEYS);
  if (input.count !== undefined) usage.inputTokens = input.count;
  if (output.count !== undefined) usage.outputTokens = output.count;
  if (total.count !== undefined) usage.totalTokens = total.count;
  else if (input.count !== undefined && output.count !== undefined)
    usage.totalTokens = input.count + output.count;
  const unreadable: NonNullable<Usage['unreadable']> = {};
  if (input.unreadable !== undefined) unreadable.input = input.unreadable;
  if (output.unreadable !== undefined) unreadable.output = output.unreadable;
  if (total.unreadable !== undefined && usage.totalTokens === undefined) unreadable.total = total.unreadable;
  if (Object.keys(unreadable).length > 0) usage.unreadable = unreadable;
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
  // a side reported in no count's shape: the other side alone is no total (QA184)
  if (usage.unreadable?.input !== undefined || usage.unreadable?.output !== undefined) return undefined;
  return (usage.inputTokens ?? 0) + (usage.outputTokens ?? 0);
}

/**
 * Field-wise sum of two usages (a chat conversation's rounds); a field stays absent when absent in
 * both. A side one of them reported in no count's shape has no sum (the other round's count alone
 * is not that side's total), and keeps the first such quote; a total is summed then only when both
 * gave one (QA185: a round's completion_tokens: -3 left the conversation's total the other rounds').
 */
export function addUsage(a: Usage, b: Usage): Usage {
  const sum: Usage = {};
  const unreadable = { ...b.unreadable, ...a.unreadable };
  const sides = { inputTokens: 'input', outputTokens: 'output', totalTokens: 'total' } as const;
  const partial = (u: Usage) =>
    u.totalTokens === undefined && (u.unreadable !== undefined || usageTotal(u) !== undefined);
  for (const key of ['inputTokens', 'outputTokens', 'totalTokens'] as const) {
    const left = a[key];
    const right = b[key];
    if (left === undefined && right === undefined) continue;
    if (
      key === 'totalTokens'
        ? Object.keys(unreadable).length > 0 && (partial(a) || partial(b))
        : unreadable[sides[key]] !== undefined
    )
      continue;
    sum[key] = (left ?? 0) + (right ?? 0);
  }
  if (sum.totalTokens !== undefined) delete unreadable.total;
  if (Object.keys(unreadable).length > 0) sum.unreadable = unreadable;
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

/** The first key's count; else the first present, non-null value that is none, quoted. */
function firstCount(
  record: Record<string, unknown>,
  keys: string[],
): { count?: number; unreadable?: string } {
  let unreadable: string | undefined;
  for (const key of keys) {
    const value = record[key];
    if (value === undefined || value === null) continue;
    const count = toTokenCount(value);
    if (count !== undefined) return { count };
    unreadable ??= `${key}: ${quoteValue(value)}`;
  }
  return unreadable === undefined ? {} : { unreadable };
}

function quoteValue(value: unknown): string {
  return quoteCut(JSON.stringify(value) ?? String(value), 60);
}
