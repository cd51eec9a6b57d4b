/**
 * The delay a 429 asks for when it carries no `Retry-After` (QA19). OpenAI-compatible APIs say
 * it in other headers: `retry-after-ms` (OpenAI, Azure OpenAI; what the OpenAI SDKs read first),
 * and `x-ratelimit-reset-requests` / `x-ratelimit-reset-tokens` (OpenAI, Groq, Together:
 * the time until that limit resets, as a Go duration — `1s`, `6m0s`, `7.66s`, `200ms` — or bare
 * seconds). The reset of the limit that is exhausted (`x-ratelimit-remaining-*: 0`) is used;
 * when neither says it is exhausted, the later of the two. `x-ratelimit-reset` alone is not
 * read: servers write it as an epoch (seconds or milliseconds) or as a delay, and guessing wrong
 * would wait hours or not at all.
 */

const UNIT_MS: Record<string, number> = {
  h: 3_600_000,
  m: 60_000,
  s: 1000,
  ms: 1,
  us: 0.001,
  µs: 0.001,
  ns: 1e-6,
};
const GO_DURATION = /^(?:\d+(?:\.\d+)?(?:h|ms|m|s|us|µs|ns))+$/;
const PART = /(\d+(?:\.\d+)?)(h|ms|m|s|us|µs|ns)/g;

/** Milliseconds of a Go duration (`6m0s`) or of bare seconds (`1.5`); undefined otherwise. */
export function parseResetDuration(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const text = value.trim();
  if (/^\d+(?:\.\d+)?$/.test(text)) return Math.round(Number(text) * 1000);
  if (!GO_DURATION.test(text)) return undefined;
  let ms = 0;
  for (const [, amount, unit] of text.matchAll(PART)) ms += Number(amount) * (UNIT_MS[unit as string] ?? 0);
  return Math.round(ms);
}

/** `retry-after-ms` in ms, read on a 429 and a 503 (QA243); undefined when absent or not a number. */
export function retryAfterMsHeader(headers: Record<string, string>): number | undefined {
  const retryAfterMs = headers['retry-after-ms']?.trim();
  return retryAfterMs !== undefined && /^\d+(?:\.\d+)?$/.test(retryAfterMs)
    ? Math.round(Number(retryAfterMs))
    : undefined;
}

/** The delay the rate-limit headers of a 429 ask for, in ms; undefined when they say none. */
export function rateLimitDelayMs(headers: Record<string, string>): number | undefined {
  const retryAfterMs = retryAfterMsHeader(headers);
  if (retryAfterMs !== undefined) return retryAfterMs;
  const resets: number[] = [];
  const exhausted: number[] = [];
  for (const limit of ['requests', 'tokens']) {
    const reset = parseResetDuration(headers[`x-ratelimit-reset-${limit}`]);
    if (reset === undefined) continue;
    resets.push(reset);
    if (headers[`x-ratelimit-remaining-${limit}`]?.trim() === '0') exhausted.push(reset);
  }
  const pool = exhausted.length > 0 ? exhausted : resets;
  return pool.length > 0 ? Math.max(...pool) : undefined;
}
