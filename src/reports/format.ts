/** Number and label formatting shared by the renderers (fixed digits: byte-stable output). */
import { isSmallMeasure, threeSignificant, toFixedDecimal } from '../metrics/decimal-round.js';
import { fmt as gateFigure } from '../metrics/gate-figures.js';
import { formatPValue } from '../metrics/p-value-text.js';

/** Code-unit order: the same on every machine and locale. */
export function byText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

export { isSmallMeasure, threeSignificant, toFixedDecimal };

/**
 * A printed number's sign as the reports write it, the minus sign U+2212 (`−0.250`, as Δ's
 * `formatSigned`): CIs and means printed an ASCII hyphen, `▼ −0.250  CI [-0.404, -0.110]` (QA158).
 */
export function withMinusSign(text: string): string {
  return text.startsWith('-') ? `\u2212${text.slice(1)}` : text;
}

/** Decimal `toFixed` without a minus sign on a value that rounds to zero (float noise: −1e-17 → "0.00"). */
function fixed(x: number, digits: number): string {
  const s = toFixedDecimal(x, digits);
  return Number(s) === 0 ? s.replace('-', '') : withMinusSign(s);
}

export function formatNumber(x: number | null | undefined, digits = 3): string {
  if (x === null || x === undefined || !Number.isFinite(x)) return '—';
  // What rounds up to 10 or to 100 is written as 10.4 and 100.4 are (QA279: `10.000`, `100.0`).
  if (Math.abs(x) >= 99.95) return fixed(x, 0);
  if (Math.abs(x) >= 10 - 5 * 10 ** -(digits + 1)) return fixed(x, 1);
  return fixed(x, digits);
}

export function formatCi(ci: [number, number] | null | undefined, digits = 2): string {
  if (!ci) return '';
  return `[${fixed(ci[0], digits)}, ${fixed(ci[1], digits)}]`;
}

/**
 * `0.833 [0.71, 0.93]`; a bound whose two decimals would pass the mean is rounded away from it,
 * `0.975 [0.97, 0.98]` (QA292: a CI of [0.975, 0.975] read `0.975 [0.98, 0.98]`, the mean outside it).
 * A mean from 10 is printed with one decimal (none from 100): a CI whose two decimals do not hold
 * it is printed with the mean's, `12.5 [12.5, 12.5]` (QA299: a one-example task's absolute error
 * of 12.46 read `12.5 [12.46, 12.46]`), and so is a CI of no width, `10.0 [10.0, 10.0]` (QA312).
 */
export function formatMeanCi(mean: number | null, ci: [number, number] | null | undefined): string {
  const m = formatNumber(mean);
  if (!ci) return m;
  if (mean === null || !Number.isFinite(mean)) return `${m} ${formatCi(ci)}`;
  const shown = Number(m.replace('\u2212', '-'));
  const two = aroundMean(shown, ci, 2);
  const digits = m.split('.')[1]?.length ?? 0;
  // A CI of no width beside such a mean has its decimals too, `10.0 [10.0, 10.0]` as `12.5 [12.5, 12.5]`
  // (QA312: `10.0 [10.00, 10.00]`, two decimals or one as the mean happened to round).
  const zeroWidth = ci[0] === ci[1] && digits < 2;
  if (!zeroWidth && (digits >= 2 || (two[0] <= shown && shown <= two[1]))) return `${m} ${formatCi(two)}`;
  return `${m} ${formatCi(aroundMean(shown, ci, digits), digits)}`;
}

/** The CI bounds rounded to `digits`, one that rounds past the mean as printed moved a step outward. */
function aroundMean(shown: number, [lo, hi]: [number, number], digits: number): [number, number] {
  const step = 10 ** -digits;
  const low = Number(toFixedDecimal(lo, digits));
  const high = Number(toFixedDecimal(hi, digits));
  return [low > shown ? low - step : low, high < shown ? high + step : high];
}

/**
 * A measurement's mean and CI (a `value` row, a measurement-only metric's cell in report.md and
 * report.html): amounts below 0.01 (USD) keep three significant digits, not `0.000` (QA305:
 * report.html's table read a cost of 0.0004 per example `0.000 [0.00, 0.00]`).
 */
export function formatValueCi(mean: number | null, ci: [number, number] | null | undefined): string {
  if (mean === null || !isSmallMeasure(mean)) return formatMeanCi(mean, ci);
  return ci
    ? `${formatMeasure(mean)} [${formatMeasure(ci[0])}, ${formatMeasure(ci[1])}]`
    : formatMeasure(mean);
}

/**
 * A measure's mean: small amounts (USD per example) keep three significant digits, and a whole
 * number is written as it is (QA261: `time_to_success` read `93.00` ms beside the `94` of mean ms).
 */
export function formatMeasure(x: number | undefined): string {
  if (x === undefined || !Number.isFinite(x)) return '—';
  if (Number.isInteger(x)) return withMinusSign(String(x));
  // From 100 a whole number, 99.996 too (QA274: `100.00`); 0.9996 `1.00`, as 1.004 (QA279: `1`).
  if (Math.abs(x) >= 99.995) return withMinusSign(toFixedDecimal(x, 0));
  if (Math.abs(x) >= 0.9995) return withMinusSign(toFixedDecimal(x, 2));
  return withMinusSign(threeSignificant(x));
}

/**
 * A comparison row's old or new figure (evalc diff, report.md's and report.html's deltas): a value
 * as the score table's value row prints it, `0.0004`, a score as its mean (QA305: a cost's row read
 * `0.000 → 0.001` beside the table's `0.0009 [0.0006, 0.0012]`).
 */
export function formatDeltaFigure(x: number | null, field: 'score' | 'value'): string {
  return field === 'value' ? formatValueCi(x, null) : formatNumber(x);
}

/**
 * A comparison row's Δ: a value's below 0.01 in three significant digits, as its old and new
 * figures, and `±0` only where those two print alike (QA309: `0.0004 → 0.0008`, a cost doubled,
 * read Δ `±0.000` and the row was hidden as unchanged); a score's as `formatSigned`.
 */
export function formatDeltaSigned(d: {
  old: number | null;
  new: number | null;
  delta: number | null;
  field: 'score' | 'value';
}): string {
  if (d.field !== 'value' || d.delta === null || d.old === null || d.new === null)
    return formatSigned(d.delta);
  if (formatDeltaFigure(d.old, 'value') === formatDeltaFigure(d.new, 'value')) return formatSigned(0);
  if (!isSmallMeasure(d.delta)) return formatSigned(d.delta);
  return signedMeasure(d.delta);
}

/** A value's change below 0.01 with its sign, three significant digits: `+0.0004`, `−0.0005`. */
export function signedMeasure(x: number): string {
  if (!isSmallMeasure(x)) return formatSigned(x);
  return `${x < 0 ? '\u2212' : '+'}${formatMeasure(Math.abs(x))}`;
}

/**
 * A volatile figure (ms, tokens, USD per example) as it was measured: whole numbers as they are
 * (`9`, not `9.000` beside `44.0`), small amounts with three significant digits (`0.000056`).
 */
export function formatFigure(x: number | null | undefined): string {
  if (x === null || x === undefined || !Number.isFinite(x)) return '—';
  if (Number.isInteger(x)) return withMinusSign(String(x));
  // What rounds up to 1 or to 100 is written as 1.04 and 100.4 are, `1.0` and `100` (QA279: `1`, `100.0`).
  if (Math.abs(x) < 0.9995) return withMinusSign(threeSignificant(x));
  return fixed(x, Math.abs(x) >= 99.95 ? 0 : 1);
}

/**
 * A gate's actual figure in report.md's and report.html's Gates tables and junit.xml: as its
 * message on the same row prints it (gate-figures.ts), `—` without one. QA312: from 10 the value
 * row's one decimal (none from 100) read a failed `max: 150.2` gate's 150.4 `150` beside the
 * message's `cost = 150.400`, a figure within its bound.
 */
export function formatGateActual(x: number | null | undefined): string {
  return x === null || x === undefined || !Number.isFinite(x) ? '—' : gateFigure(x);
}

/** A volatile figure in `evalc diff`, `not measured` for one in the other lock only (QA201). */
export function volatileFigure(x: number | null): string {
  return x === null ? 'not measured' : formatFigure(x);
}

/** Signed with a real minus sign: `+0.100`, `−0.100`. */
export function formatSigned(x: number | null | undefined, digits = 3): string {
  if (x === null || x === undefined || !Number.isFinite(x)) return '—';
  // One that rounds up to 1000 is written as 1000.4 is (QA284: `+999.9996` read `+1000.000`).
  const d = toFixedDecimal(Math.abs(x), digits);
  const s = Number(d) >= 1000 ? toFixedDecimal(Math.abs(x), 0) : d;
  if (Number(s) === 0) return `±${s}`;
  return `${x < 0 ? '−' : '+'}${s}`;
}

/** A p-value as a regression gate's message prints it too (metrics/p-value-text.ts); `—` without one. */
export function formatP(p: number | null | undefined, alpha?: number): string {
  if (p === null || p === undefined) return '—';
  return formatPValue(p, alpha);
}

/** `benchmark`, `task search`, `dataset search/course-search`. */
export function formatScope(scope: string): string {
  if (scope.startsWith('task/')) return scope.slice(5);
  if (scope.startsWith('dataset/')) return scope.slice(8);
  return scope;
}

export function formatPercent(x: number, digits = 0): string {
  return `${withMinusSign(toFixedDecimal(x * 100, digits))}%`;
}

/**
 * A failed metric's details in a few words for Markdown and JUnit: its non-empty lists and its
 * texts (`extra: CS201`, `missing: prerequisites`, `reason: candidate is not a number`); counts
 * and ratios are left to report.json. Undefined when nothing of that kind is there.
 */
export function summarizeDetails(details: unknown, maxLength = 100): string | undefined {
  if (details === null || typeof details !== 'object' || Array.isArray(details)) return undefined;
  const parts: string[] = [];
  for (const key of Object.keys(details).sort(byText)) {
    const value = (details as Record<string, unknown>)[key];
    if (typeof value === 'string' && value !== '') parts.push(`${key}: ${value}`);
    else if (Array.isArray(value) && value.length > 0)
      parts.push(`${key}: ${value.map((v) => (typeof v === 'string' ? v : JSON.stringify(v))).join(', ')}`);
  }
  if (parts.length === 0) return undefined;
  const text = parts.join('; ');
  return text.length > maxLength ? `${text.slice(0, maxLength - 1).replace(/[\uD800-\uDBFF]$/, '')}…` : text;
}

/**
 * What the agent answered, in a few words for Markdown and JUnit: the first repeat's named
 * candidates (`answer: Stockhol`), so a reviewer sees why an example flipped without opening
 * report.html. Undefined when the run left no candidates (a report rendered without the cache).
 */
export function summarizeCandidates(
  candidates: Record<string, unknown> | undefined,
  maxLength = 100,
): string | undefined {
  if (!candidates) return undefined;
  const parts: string[] = [];
  for (const key of Object.keys(candidates).sort(byText)) {
    const value = candidates[key];
    if (value === undefined) continue;
    const text = typeof value === 'string' ? value : JSON.stringify(value);
    parts.push(`${key}: ${text.replace(/\s+/g, ' ')}`);
  }
  if (parts.length === 0) return undefined;
  const text = parts.join('; ');
  // Cut on a code point: half an emoji (a lone surrogate) is not text in UTF-8 or XML.
  return text.length > maxLength ? `${text.slice(0, maxLength - 1).replace(/[\uD800-\uDBFF]$/, '')}…` : text;
}

/**
 * What the agent answered across an example's repeats: one answer as `summarizeCandidates` says
 * it; answers that differ each with the repeats that gave them, numbered from 1 as report.html's
 * drill-down numbers them (`answer: yes (repeats 1, 3) / answer: no (repeat 2)`). The first
 * repeat's answer alone was the passing one of an example that failed in another repeat (QA46).
 */
export function summarizeRepeatAnswers(
  repeats: readonly { repeat: number; record?: { candidates?: Record<string, unknown> } | undefined }[],
  maxLength = 100,
): string | undefined {
  const byAnswer = new Map<string, number[]>();
  for (const r of repeats) {
    const text = summarizeCandidates(r.record?.candidates, Number.MAX_SAFE_INTEGER);
    if (text === undefined) continue;
    const list = byAnswer.get(text) ?? [];
    list.push(r.repeat + 1);
    byAnswer.set(text, list);
  }
  if (byAnswer.size <= 1) {
    const [first] = repeats.filter((r) => r.record?.candidates);
    return summarizeCandidates(first?.record?.candidates, maxLength);
  }
  const text = [...byAnswer]
    .map(([answer, ns]) => `${answer} (repeat${ns.length > 1 ? 's' : ''} ${ns.join(', ')})`)
    .join(' / ');
  return text.length > maxLength ? `${text.slice(0, maxLength - 1).replace(/[\uD800-\uDBFF]$/, '')}…` : text;
}

export function formatDuration(ms: number | null | undefined): string {
  if (ms === null || ms === undefined) return '—';
  return ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${ms.toFixed(0)} ms`;
}
