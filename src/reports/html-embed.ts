/**
 * What report.html embeds of a large run. The page carries its example rows as JSON; at 100k
 * examples that would be tens of megabytes a browser struggles with, so the page keeps every
 * failing or erroring row (up to a cap), the first passing rows in report order, and the
 * trajectories of the first rows kept (failures first). A visible note says what was left out;
 * report.json keeps every row. A run under the limits (the 30-example demo) embeds everything.
 *
 * Size, not only rows: agents reply with megabytes (a 5 MB tool output, a long transcript), and 20
 * such examples made a 158 MB page no browser opens comfortably. A text longer than
 * `HTML_TEXT_CHARS` (a trajectory's, a judge rationale's) is cut with a marker saying how much is missing, and trajectories stop being
 * embedded once they total `HTML_TRAJECTORY_BYTES`; both are counted in the note.
 */
import type { ExampleView, ReportModel } from './report-model.js';

/** Passing (or unknown-status) rows embedded after every failure/error. */
export const HTML_PASSING_ROWS = 1000;
/** Failing or erroring rows embedded; more than this is left to report.json. */
export const HTML_PROBLEM_ROWS = 10000;
/** Rows whose repeats keep their trajectory, candidates and error record. */
export const HTML_TRAJECTORY_ROWS = 2000;
/** Longest text (UTF-16 units) embedded whole in a trajectory, candidate or error record. */
export const HTML_TEXT_CHARS = 20_000;
/** Embedded records (after cutting texts) stop once their JSON totals this many UTF-16 units. */
export const HTML_TRAJECTORY_BYTES = 24 * 1024 * 1024;

/** The marker that ends a cut text. */
export function cutMarker(missing: number): string {
  return `… [${missing} more characters not in this page; report.json has the whole text]`;
}

/** `value` with every string longer than `limit` cut (and marked); `cut` counts the strings cut. */
export function cutLongTexts(value: unknown, limit: number, cut: { count: number }): unknown {
  if (typeof value === 'string') {
    if (value.length <= limit) return value;
    cut.count++;
    // Never split a surrogate pair (an emoji at the cut).
    const end = /[\uD800-\uDBFF]/.test(value.charAt(limit - 1)) ? limit - 1 : limit;
    return `${value.slice(0, end)}${cutMarker(value.length - end)}`;
  }
  if (Array.isArray(value)) return value.map((v) => cutLongTexts(v, limit, cut));
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = cutLongTexts(v, limit, cut);
    return out;
  }
  return value;
}

/** Whether `cutLongTexts(value, limit, …)` would cut anything (no copy is made to find out). */
export function hasLongText(value: unknown, limit: number): boolean {
  if (typeof value === 'string') return value.length > limit;
  if (Array.isArray(value)) {
    for (const v of value) if (hasLongText(v, limit)) return true;
    return false;
  }
  if (value !== null && typeof value === 'object') {
    for (const k in value)
      if (Object.hasOwn(value, k) && hasLongText((value as Record<string, unknown>)[k], limit)) return true;
  }
  return false;
}

export interface HtmlEmbed {
  /** The rows embedded, in report order. */
  examples: ExampleView[];
  /**
   * Set when anything was left out: rows not embedded, embedded rows stripped of their
   * trajectories (by count or by size), texts cut to `HTML_TEXT_CHARS`.
   */
  omitted?: { rows: number; trajectories: number; total: number; cutTexts: number };
}

/**
 * A row the page keeps before the passing ones: failing, erroring, or passing with a failed step (a
 * measurement's error, QA99): the `errors` filter shows those, and past the passing rows' cap it
 * missed some of the results the Errors table counts.
 */
const isProblem = (e: ExampleView) =>
  e.status === 'fail' || e.status === 'error' || e.metrics.some((m) => m.error !== undefined);
const hasRecord = (e: ExampleView) => e.repeats.some((r) => r.record !== undefined);

export function selectHtmlExamples(m: ReportModel): HtmlEmbed {
  const all = m.examples;
  // One pass: the rows kept (in report order), and of them the failing or erroring ones and the
  // passing ones (each in report order).
  const kept: ExampleView[] = [];
  const keptProblems: ExampleView[] = [];
  const keptPassing: ExampleView[] = [];
  for (const e of all) {
    if (isProblem(e)) {
      if (keptProblems.length < HTML_PROBLEM_ROWS) {
        keptProblems.push(e);
        kept.push(e);
      }
    } else if (keptPassing.length < HTML_PASSING_ROWS) {
      keptPassing.push(e);
      kept.push(e);
    }
  }
  // Trajectories: failing/erroring rows first, then passing ones, each in report order.
  const candidates = [...keptProblems, ...keptPassing].slice(0, HTML_TRAJECTORY_ROWS);
  const withRecord = new Set<ExampleView>(candidates);
  // Size: records are cut and counted in the same order (failures first), so the budget goes to them.
  const cut = { count: 0 };
  const bounded = new Map<ExampleView, ExampleView>();
  let embeddedSize = 0;
  for (const e of candidates) {
    if (!hasRecord(e)) continue;
    const before = cut.count;
    // A record whose JSON is no longer than the limit holds no longer text (nearly all): it is
    // measured by that JSON, not walked or copied.
    let size = 0;
    const repeats = e.repeats.map((r) => {
      if (!r.record) return r;
      const json = JSON.stringify(r.record);
      if (json.length <= HTML_TEXT_CHARS || !hasLongText(r.record, HTML_TEXT_CHARS)) {
        size += json.length;
        return r;
      }
      const record = cutLongTexts(r.record, HTML_TEXT_CHARS, cut) as typeof r.record;
      size += JSON.stringify(record).length;
      return { ...r, record };
    });
    if (embeddedSize + size > HTML_TRAJECTORY_BYTES) {
      cut.count = before;
      withRecord.delete(e);
      continue;
    }
    embeddedSize += size;
    if (cut.count > before) bounded.set(e, { ...e, repeats });
  }
  let droppedRecords = 0;
  // A row whose invoke record was not read back at all (the reader stops at a count of records,
  // in lockfile order) has no trajectory either: count it, unless no record was read for any row
  // (a report rendered without the run's cache, said elsewhere).
  const anyRecord = all.some(hasRecord);
  const invoked = (e: ExampleView) => e.repeats.some((r) => r.invokeKey !== null);
  const examples: ExampleView[] = [];
  for (const e of kept) {
    if (withRecord.has(e) || !hasRecord(e)) {
      if (anyRecord && !hasRecord(e) && invoked(e)) droppedRecords++;
      examples.push(cutMetricTexts(bounded.get(e) ?? e, cut));
    } else {
      droppedRecords++;
      examples.push(cutMetricTexts({ ...e, repeats: e.repeats.map(({ record: _record, ...r }) => r) }, cut));
    }
  }
  const rows = all.length - examples.length;
  if (rows === 0 && droppedRecords === 0 && cut.count === 0) return { examples };
  return {
    examples,
    omitted: { rows, trajectories: droppedRecords, total: all.length, cutTexts: cut.count },
  };
}

/**
 * A row whose judge rationale or failure details hold a text longer than `HTML_TEXT_CHARS`, with
 * that text cut (QA50: a judge's 12 MB rationale was embedded whole, twice for two judges, and
 * made a 25 MB page); other rows are returned as they are.
 */
function cutMetricTexts(e: ExampleView, cut: { count: number }): ExampleView {
  const isLong = (m: ExampleView['metrics'][number]) =>
    (m.rationale !== undefined && m.rationale.length > HTML_TEXT_CHARS) ||
    (m.details !== undefined && hasLongText(m.details, HTML_TEXT_CHARS));
  if (!e.metrics.some(isLong)) return e;
  const metrics = e.metrics.map((m) => {
    if (!isLong(m)) return m;
    const out = { ...m };
    if (m.rationale !== undefined) out.rationale = cutLongTexts(m.rationale, HTML_TEXT_CHARS, cut) as string;
    if (m.details !== undefined) out.details = cutLongTexts(m.details, HTML_TEXT_CHARS, cut);
    return out;
  });
  return { ...e, metrics };
}

/** The note report.html shows above the example table when rows or trajectories were left out. */
export function omittedNote(embed: HtmlEmbed, h: (s: string) => string): string {
  const o = embed.omitted;
  if (!o) return '';
  const parts: string[] = [];
  if (o.rows > 0)
    parts.push(
      `${o.rows} of ${o.total} example rows are not in this page (it keeps every failure and error up to ${HTML_PROBLEM_ROWS}, then the first ${HTML_PASSING_ROWS} passing rows)`,
    );
  if (o.trajectories > 0)
    parts.push(
      `${o.trajectories} of the rows shown have no trajectory embedded (at most ${HTML_TRAJECTORY_ROWS} rows keep theirs, failures first, up to ${Math.round(HTML_TRAJECTORY_BYTES / 1024 / 1024)} MB of them, among the records read back from the cache)`,
    );
  if (o.cutTexts > 0)
    parts.push(
      `${o.cutTexts} text${o.cutTexts === 1 ? ' was' : 's were'} longer than ${HTML_TEXT_CHARS.toLocaleString('en-US')} characters and ${o.cutTexts === 1 ? 'is' : 'are'} cut, marked where they end`,
    );
  return `<p class="warn" id="examples-omitted">${h(`${parts.join('; ')}. report.json has every row.`)}</p>`;
}
