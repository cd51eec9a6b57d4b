/**
 * A number written in quotes where a number goes (`concurrency: "4"`, YAML's text) is told the number
 * without quotes (QA161), and that number is checked first: `"0"`, `"1.5"` or `"-1"` for a count were
 * told `concurrency: 0`, `1.5`, `retries: -1`, each refused in turn at the next run (QA166). A count
 * not whole is rounded as the whole-number hint does; one still refused says why.
 */
import type { PlanPath } from './diagnostic.js';
import { planSchema } from './schema.js';

/** `2%`, `60 %`: a share written as a percentage, where a fraction goes (QA166: no hint). */
export const PERCENT = /^\s*(-?\d+(?:\.\d+)?)\s*%\s*$/;

/**
 * The keys whose number is a share (a score, a bound on one, a drop, a weight): a percentage
 * elsewhere is no fraction (QA172: `rps: 50%` was told 'a share is a fraction: rps: 0.5', and
 * `repeats: 100%` 'repeats: 1').
 */
const SHARE_KEYS = new Set(['threshold', 'min', 'max', 'max_drop', 'significance', 'weight']);

export function unquotedNumberHint(raw: unknown, path: PlanPath, key: string, text: string): string {
  const percent = PERCENT.exec(text)?.[1];
  if (percent !== undefined) {
    const fraction = Number((Number(percent) / 100).toPrecision(12));
    return SHARE_KEYS.has(String(path.at(-1))) && refusal(raw, path, fraction) === undefined
      ? `a share is a fraction: ${key}: ${fraction} (for ${text.trim()})`
      : `write a number without quotes (a percentage is text in YAML)`;
  }
  let value = Number(text.trim());
  let problem = refusal(raw, path, value);
  if (problem?.code === 'invalid_type') {
    value = Math.max(1, Math.round(value));
    problem = refusal(raw, path, value);
  }
  return problem === undefined
    ? `write the number without quotes: ${key}: ${value}`
    : `write a number without quotes (${text.trim()} is refused there too: ${problem.message.replace(/^Too (small|big): /, '')})`;
}

/** The schema's issue at `path` once its value is `value`, if any. */
function refusal(raw: unknown, path: PlanPath, value: number): { code: string; message: string } | undefined {
  const copy = structuredClone(raw) as Record<string | number, unknown>;
  let node: Record<string | number, unknown> | undefined = copy;
  for (const segment of path.slice(0, -1))
    node = node?.[segment] as Record<string | number, unknown> | undefined;
  const last = path.at(-1);
  if (node === undefined || node === null || typeof node !== 'object' || last === undefined) return undefined;
  node[last] = value;
  const result = planSchema.safeParse(copy);
  if (result.success) return undefined;
  const at = JSON.stringify(path);
  return result.error.issues.find((issue) => JSON.stringify(issue.path) === at);
}
