/**
 * report.md's "Errors" table: every failed step of the run — an invoke's failure, a metric's own
 * error (a judge's `judge_error` or `http_500`, a `metric_error`) — counted once per example run
 * as apply's summary counts them, and grouped by kind, step and what the error said, so a
 * reviewer sees each distinct cause of a kind with how often it happened (QA75: only the first
 * example of each agent × kind said anything, its cause cut off after the request's URL).
 */
import { byText } from './format.js';
import { MARKDOWN_LIMIT, type MarkdownSection } from './markdown-fit.js';
import { code, escapeMarkdown, shownId } from './markdown-text.js';
import type { ExampleView, ReportModel } from './report-model.js';
import { describeDrift, schemaDriftOf } from './schema-drift.js';

/** Causes listed per kind × step; the others are one "N other messages" row. */
export const CAUSES_PER_KIND = 5;
/** A cause is cut to this many characters (report.json and report.html keep it whole). */
export const CAUSE_CHARS = 240;
/** The bytes the table's rows may take before it lists fewer messages per kind × step. */
const ERRORS_ROOM = Math.floor(MARKDOWN_LIMIT * 0.25);
/** Agents named in a row; the others are counted. */
const AGENTS_PER_ROW = 5;

/**
 * What an error said, without the request it was about (`POST http://host:8080/v1/invoke: `, a mae
 * socket agent's `socket agent tcp:host:7000: `): the agent or judge is named beside it, and the URL
 * took most of a cut message (QA75; QA291: a socket agent's address was kept, so its 'no route to
 * the host (EHOSTUNREACH)' was a row of its own beside the same cause of the http agents).
 */
export function errorCause(message: string | undefined): string {
  if (message === undefined) return '';
  const one = message.replace(/\s+/g, ' ').trim();
  // a unix path may hold a space (QA295: 'unix:/tmp/my dir/a.sock' kept its address, a row of its own)
  return one.replace(/^(?:(?:GET|POST|PUT|PATCH|DELETE|HEAD) \S+|socket agent (?:tcp:\S+|unix:.*?)): /, '');
}

/**
 * What a failed step said in the Errors table: without its request (errorCause), and — for a
 * metric backed by a judge — naming that judge where the request was (`judge llm: HTTP 500: …`):
 * an agent is named in the row's agents column, but nothing named the judge, so a judge's
 * 'HTTP 500: The model is overloaded' beside agent a1 read as the agent's own (QA336; report.html
 * shows the whole message, its URL with it).
 */
export function stepCause(message: string | undefined, judge?: string): string {
  const cause = errorCause(message);
  if (judge === undefined || message === undefined) return cause;
  return cause === message.replace(/\s+/g, ' ').trim() ? cause : `judge ${judge}: ${cause}`;
}

/** `text` cut to `max` characters on one line, marked `…`. */
export function clipText(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1).replace(/[\uD800-\uDBFF]$/, '')}…` : text;
}

interface CauseRow {
  kind: string;
  /** `invoke` or the metric's id. */
  step: string;
  cause: string;
  count: number;
  agents: Map<string, number>;
  first: ExampleView;
  /** The row of every message past the first CAUSES_PER_KIND of its kind × step: how many. */
  others?: number;
  /** Whether messages of its kind × step were listed above the counted row. */
  listed?: boolean;
}

function metricMessage(details: unknown): string | undefined {
  const said = (details as { error?: { message?: unknown } } | undefined)?.error?.message;
  return typeof said === 'string' ? said : undefined;
}

/**
 * The failed steps the Errors table counts, and the results (agent × example) they are in: the
 * verdict line counts results, the table steps — an example × repeat, and a metric's own error —
 * so "3 with errors" stood above a table summing to 9, each unlabelled (QA81). Both say their unit.
 */
export function failedSteps(m: ReportModel): { steps: number; results: number } {
  let steps = 0;
  let results = 0;
  let last: ExampleView | undefined;
  forEachFailedStep(m, (e, _kind, _step, _message, n) => {
    if (n === 0) return;
    steps += n;
    if (e !== last) results++;
    last = e;
  });
  return { steps, results };
}

/**
 * The pipeline step a repeat's error kind failed in: `extraction_failed` is the binding's `output:`
 * expression on an answer the agent gave (DESIGN §1's extract step), every other kind the invoke
 * (QA238: an extraction failure read `invoke`, as if the agent had not answered).
 */
export function pipelineStep(kind: string): 'invoke' | 'extract' {
  return kind === 'extraction_failed' ? 'extract' : 'invoke';
}

/** Invoke, then extract, then the metrics (named by id): the pipeline's order. */
function stepOrder(step: string): number {
  return step === 'invoke' ? 0 : step === 'extract' ? 1 : 2;
}

/**
 * Each failed step of the run, example by example: an invoke of a repeat that ended in an error
 * kind (once), and a metric's own error (`errors` times: once per repeat it failed in).
 */
function forEachFailedStep(
  m: ReportModel,
  visit: (e: ExampleView, kind: string, step: string, message: string | undefined, n: number) => void,
): void {
  for (const e of m.examples) {
    // A passing or failing example may have an error too: a measurement's, which decides nothing (QA98, QA99).
    for (const r of e.repeats)
      if (r.errorKind !== null) visit(e, r.errorKind, pipelineStep(r.errorKind), r.record?.error?.message, 1);
    for (const x of e.metrics)
      if (x.error !== undefined) visit(e, x.error, x.id, metricMessage(x.details), x.errors ?? 1);
  }
}

/**
 * The verdict line's `3 with errors`, with the failed steps the Errors table counts when that is
 * another figure (QA81; one failed step per result reads `3 with errors`, QA89), and the results
 * they are in when those are others (a measurement's error in a passing or failing result,
 * QA98/QA99): report.md and report.html say the same.
 */
export function withErrorsText(m: ReportModel): string {
  const c = m.counts;
  const { steps, results } = failedSteps(m);
  if (steps === 0) return `${c.error} with errors`;
  if (results === c.error)
    return `${c.error} with errors${steps !== c.error ? ` (${failedStepsText(steps)})` : ''}`;
  // Results a failed step did not decide, said with what they were: "0 with errors (2 failed steps
  // in 1 result)" read as a contradiction (QA201).
  const scored = scoredWithFailedSteps(m);
  const outcome =
    scored.pass > 0 && scored.fail > 0 ? 'passed or failed' : scored.pass > 0 ? 'passed' : 'failed';
  const n = scored.pass + scored.fail;
  const where =
    n === 0
      ? ` in ${counted(results, 'result')}`
      : n === results
        ? ` in ${counted(results, 'result')} that ${outcome}`
        : ` in ${counted(results, 'result')}, ${n} of which ${outcome}`;
  return `${c.error} with errors (${failedStepsText(steps)}${where})`;
}

function counted(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}

/** The results that passed or failed (an error did not decide them) and hold a failed step. */
function scoredWithFailedSteps(m: ReportModel): { pass: number; fail: number } {
  const seen = new Set<ExampleView>();
  forEachFailedStep(m, (e, _kind, _step, _message, n) => {
    if (n > 0 && (e.status === 'pass' || e.status === 'fail')) seen.add(e);
  });
  const all = [...seen];
  return {
    pass: all.filter((e) => e.status === 'pass').length,
    fail: all.filter((e) => e.status === 'fail').length,
  };
}

/** `9 failed steps`. */
export function failedStepsText(steps: number): string {
  return `${steps} failed step${steps === 1 ? '' : 's'}`;
}

/** Every error of the run grouped by kind, step and cause, in a stable order. */
function sortedCauses(m: ReportModel): CauseRow[] {
  const rows = new Map<string, CauseRow>();
  const add = (e: ExampleView, kind: string, step: string, message: string | undefined, n: number) => {
    const judge = stepOrder(step) < 2 ? undefined : m.judgeOf?.(e.group, step);
    const cause = stepCause(message, judge);
    const key = `${kind}\u0000${step}\u0000${cause}`;
    let row = rows.get(key);
    if (!row) {
      row = { kind, step, cause, count: 0, agents: new Map(), first: e };
      rows.set(key, row);
    }
    row.count += n;
    row.agents.set(e.agent, (row.agents.get(e.agent) ?? 0) + n);
  };
  forEachFailedStep(m, add);
  const kindTotal = new Map<string, number>();
  for (const r of rows.values()) kindTotal.set(r.kind, (kindTotal.get(r.kind) ?? 0) + r.count);
  return [...rows.values()].sort(
    (a, b) =>
      (kindTotal.get(b.kind) ?? 0) - (kindTotal.get(a.kind) ?? 0) ||
      byText(a.kind, b.kind) ||
      stepOrder(a.step) - stepOrder(b.step) ||
      byText(a.step, b.step) ||
      b.count - a.count ||
      byText(a.cause, b.cause),
  );
}

/**
 * At most `perKind` causes per kind × step, the others one counted row: messages that quote the
 * reply (a body that is not JSON) differ per example, and 100k of them must not fill a PR comment.
 */
function limitCauses(sorted: CauseRow[], perKind: number): CauseRow[] {
  const out: CauseRow[] = [];
  let shown = 0;
  let last = '';
  for (const r of sorted) {
    const group = `${r.kind}\u0000${r.step}`;
    if (group !== last) {
      last = group;
      shown = 0;
    }
    if (shown < perKind) {
      out.push(r);
      shown++;
      continue;
    }
    if (shown === perKind) {
      out.push({ ...r, cause: '', others: 1, listed: perKind > 0, agents: new Map(r.agents) });
      shown++;
      continue;
    }
    const rest = out[out.length - 1]!;
    rest.count += r.count;
    rest.others = (rest.others ?? 0) + 1;
    for (const [a, n] of r.agents) rest.agents.set(a, (rest.agents.get(a) ?? 0) + n);
  }
  return out;
}

/** Every error of the run grouped by kind, step and cause (at most CAUSES_PER_KIND per kind × step). */
export function errorCauses(m: ReportModel, perKind = CAUSES_PER_KIND): CauseRow[] {
  return limitCauses(sortedCauses(m), perKind);
}

function agentsCell(agents: Map<string, number>): string {
  const list = [...agents].sort(([a], [b]) => byText(a, b));
  const named = list.slice(0, AGENTS_PER_ROW).map(([a, n]) => `${code(a)} ${n}`);
  const more = list.length - named.length;
  return `${named.join(' · ')}${more > 0 ? ` · ${more} more` : ''}`;
}

function causeCell(r: CauseRow): string {
  if (r.others !== undefined)
    return `_${r.others}${r.listed === false ? '' : ' other'} message${r.others === 1 ? '' : 's'} (report.html has them)_`;
  return r.cause === '' ? '—' : escapeMarkdown(clipText(r.cause, CAUSE_CHARS));
}

function rowLine(r: CauseRow): string {
  return `| ${code(r.kind)} | ${stepOrder(r.step) < 2 ? r.step : code(r.step)} | ${r.count} | ${agentsCell(r.agents)} | ${causeCell(r)} | ${code(r.first.agent)} ${escapeMarkdown(`${r.first.task}/${r.first.dataset}/${shownId(r.first.example)}`)} |`;
}

export function errorsSection(m: ReportModel): MarkdownSection[] {
  const sorted = sortedCauses(m);
  if (sorted.length === 0) return [];
  const { steps, results } = failedSteps(m);
  // Fewer messages per kind × step until the rows fit the section's quarter of the comment: a cut
  // table dropped whole kinds at its end (QA79: 100k long distinct messages left out `timeout`'s
  // 16,680 errors), where every kind × step must keep its count.
  let items: string[] = [];
  let perKind = CAUSES_PER_KIND;
  for (; perKind >= 0; perKind--) {
    items = limitCauses(sorted, perKind).map(rowLine);
    if (perKind === 0 || items.reduce((n, l) => n + Buffer.byteLength(l, 'utf8') + 1, 0) <= ERRORS_ROOM)
      break;
  }
  return [
    {
      head: [
        `### ⚠️ Errors (${failedStepsText(steps)} in ${results} result${results === 1 ? '' : 's'})`,
        '',
        `Each failed step once per example run, as apply's summary counts them, by kind and what it said (${perKind === 0 ? 'counted' : `at most ${perKind} message${perKind === 1 ? '' : 's'}`} per kind and step; whole messages in report.html and report.json).`,
        '',
        ...driftLines(m),
        '| kind | step | count | agents | what it said | first seen |',
        '|---|---|---:|---|---|---|',
      ],
      items,
      tail: [''],
      noun: 'rows',
      priority: 'keep',
      // after the score table, at most a quarter of the room while the other sections want it
      cap: 0.25,
    },
  ];
}

/** RAIP R8's flag above the table (the 400s it counts are rows of it): `- **Schema drift**: agent a1: …`. */
function driftLines(m: ReportModel): string[] {
  const drift = schemaDriftOf(m);
  if (drift.length === 0) return [];
  return [...drift.map((d) => `- **Schema drift**: ${escapeMarkdown(describeDrift(d))}.`), ''];
}
