/**
 * A metric parameter written as text where a number goes (`rel_tol: 1%`, `judge_cut: "0.5"`, YAML's
 * text) is told the number to write, as a plan key is (unquoted-number-hint.ts), checked against the
 * metric's own schema first (QA176: it read 'Invalid input: expected number, received string' alone).
 */
import { PERCENT } from '../plan/unquoted-number-hint.js';
import type { MetricInfo } from './metric-catalog.js';

/** The metric parameters whose number is a share: a percentage there is told its fraction. */
const SHARE_PARAMS = new Set(['rel_tol', 'judge_cut', 'human_cut', 'tolerance']);

export function metricNumberHint(
  info: MetricInfo,
  params: Record<string, unknown>,
  path: readonly (string | number)[],
  message: string,
): string | undefined {
  const key = path[0];
  const text = typeof key === 'string' && path.length === 1 ? params[key] : undefined;
  if (typeof key !== 'string' || typeof text !== 'string' || !/expected number/.test(message))
    return undefined;
  const refused = (value: number) =>
    info.validateParams({ ...params, [key]: value }).find((i) => i.path.length === 1 && i.path[0] === key);
  const percent = PERCENT.exec(text)?.[1];
  if (percent !== undefined) {
    const fraction = Number((Number(percent) / 100).toPrecision(12));
    return SHARE_PARAMS.has(key) && refused(fraction) === undefined
      ? `a share is a fraction: ${key}: ${fraction} (for ${text.trim()})`
      : 'write a number without quotes (a percentage is text in YAML)';
  }
  const value = text.trim() === '' ? Number.NaN : Number(text.trim());
  if (!Number.isFinite(value)) return undefined;
  const problem = refused(value);
  return problem === undefined
    ? `write the number without quotes: ${key}: ${value}`
    : `write a number without quotes (${text.trim()} is refused there too: ${problem.message.replace(/^Too (small|big): /, '')})`;
}
