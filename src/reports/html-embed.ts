/**
 * What report.html embeds of a large run. The page carries its example rows as JSON; at 100k
 * examples that would be tens of megabytes a browser struggles with, so the page keeps every
 * failing or erroring row (up to a cap), the first passing rows in report order, and the
 * trajectories of the first rows kept (failures first). A visible note says what was left out;
 * report.json keeps every row. A run under the limits (the 30-example demo) embeds everything.
 */
import type { ExampleView, ReportModel } from './report-model.js';

/** Passing (or unknown-status) rows embedded after every failure/error. */
export const HTML_PASSING_ROWS = 1000;
/** Failing or erroring rows embedded; more than this is left to report.json. */
export const HTML_PROBLEM_ROWS = 10000;
/** Rows whose repeats keep their trajectory, candidates and error record. */
export const HTML_TRAJECTORY_ROWS = 2000;

export interface HtmlEmbed {
  /** The rows embedded, in report order. */
  examples: ExampleView[];
  /** Set when anything was left out: rows not embedded, embedded rows stripped of their trajectories. */
  omitted?: { rows: number; trajectories: number; total: number };
}

const isProblem = (e: ExampleView) => e.status === 'fail' || e.status === 'error';
const hasRecord = (e: ExampleView) => e.repeats.some((r) => r.record !== undefined);

export function selectHtmlExamples(m: ReportModel): HtmlEmbed {
  const all = m.examples;
  const keep = new Set<ExampleView>();
  let problems = 0;
  let passing = 0;
  for (const e of all) {
    if (isProblem(e)) {
      if (problems < HTML_PROBLEM_ROWS) keep.add(e);
      problems++;
    } else {
      if (passing < HTML_PASSING_ROWS) keep.add(e);
      passing++;
    }
  }
  // Trajectories: failing/erroring rows first, then passing ones, each in report order.
  const withRecord = new Set<ExampleView>();
  for (const wantProblem of [true, false])
    for (const e of all)
      if (keep.has(e) && isProblem(e) === wantProblem && withRecord.size < HTML_TRAJECTORY_ROWS)
        withRecord.add(e);
  let droppedRecords = 0;
  const examples: ExampleView[] = [];
  for (const e of all) {
    if (!keep.has(e)) continue;
    if (withRecord.has(e) || !hasRecord(e)) examples.push(e);
    else {
      droppedRecords++;
      examples.push({ ...e, repeats: e.repeats.map(({ record: _record, ...r }) => r) });
    }
  }
  const rows = all.length - examples.length;
  if (rows === 0 && droppedRecords === 0) return { examples };
  return { examples, omitted: { rows, trajectories: droppedRecords, total: all.length } };
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
      `${o.trajectories} of the rows shown have no trajectory embedded (at most ${HTML_TRAJECTORY_ROWS} rows keep theirs, failures first)`,
    );
  return `<p class="warn" id="examples-omitted">${h(`${parts.join('; ')}. report.json has every row.`)}</p>`;
}
