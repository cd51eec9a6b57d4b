/**
 * report.json: everything the other reports show, machine-readable (schemas/report.schema.json).
 * Keys sorted, 2-space indent, arrays in the model's order: byte-identical for the same input.
 */
import { sortedForJson, sortKeys } from '../lockfile/serialize.js';
import type { Lockfile } from '../lockfile/types.js';
import type { ReportModel } from './report-model.js';

export const REPORT_JSON_VERSION = 1;

function repeatsOf(e: ReportModel['examples'][number]) {
  return e.repeats.map((r) => ({
    repeat: r.repeat,
    invokeKey: r.invokeKey,
    errorKind: r.errorKind,
    durationMs: r.record?.durationMs ?? null,
    error: r.record?.error ?? null,
    candidates: r.record?.candidates ?? null,
    trajectory: r.record?.trajectory ?? null,
  }));
}

function exampleJson(e: ReportModel['examples'][number]) {
  return {
    id: e.id,
    group: e.group,
    agent: e.agent,
    task: e.task,
    dataset: e.dataset,
    example: e.example,
    weight: e.weight,
    status: e.status,
    pass: e.pass,
    durationMs: e.durationMs,
    metrics: e.metrics,
    repeats: repeatsOf(e),
  };
}

function reportJsonHeader(m: ReportModel, volatile: Lockfile['volatile']) {
  return {
    reportVersion: REPORT_JSON_VERSION,
    evalc: m.evalc,
    benchmark: m.benchmark,
    planDigest: m.planDigest,
    run: m.run,
    verdict: m.verdict,
    counts: m.counts,
    gates: m.gates,
    agents: m.agents,
    tasks: m.tasks,
    datasets: m.datasets,
    metrics: m.metrics,
    headlineMetric: m.headlineMetric,
    pins: m.pins,
    scores: m.scores,
    examples: [] as ReturnType<typeof exampleJson>[],
    volatile: volatile ?? {},
    diff: m.diff,
    // Only when true (reports with the cache are as before): no answers, failure reasons or
    // trajectories were at hand, so empty `trajectory`/`candidates` say nothing of the agent.
    ...(m.withoutCache ? { withoutCache: true as const } : {}),
  };
}

export function buildReportJson(m: ReportModel, volatile: Lockfile['volatile']) {
  const report = reportJsonHeader(m, volatile);
  report.examples = m.examples.map(exampleJson);
  return report;
}

/** The top-level `examples` key as `JSON.stringify(…, null, 2)` writes it (deeper keys are indented more). */
const EXAMPLES_MARK = '\n  "examples": []';
/** Rows rendered per `JSON.stringify` call. */
const ROWS_PER_PIECE = 50;

type ExampleView = ReportModel['examples'][number];

/** `sortKeys(exampleJson(e))` built directly in sorted key order (cached records shared where already sorted). */
function sortedExampleJson(e: ExampleView): Record<string, unknown> {
  return {
    agent: e.agent,
    dataset: e.dataset,
    durationMs: e.durationMs,
    example: e.example,
    group: e.group,
    id: e.id,
    metrics: e.metrics.map(sortedMetricJson),
    pass: e.pass,
    repeats: e.repeats.map((r) => ({
      candidates: r.record?.candidates === undefined ? null : sortedForJson(r.record.candidates),
      durationMs: r.record?.durationMs ?? null,
      error: r.record?.error === undefined ? null : sortedForJson(r.record.error),
      errorKind: r.errorKind,
      invokeKey: r.invokeKey,
      repeat: r.repeat,
      trajectory: r.record?.trajectory === undefined ? null : sortedForJson(r.record.trajectory),
    })),
    status: e.status,
    task: e.task,
    weight: e.weight,
  };
}

/** A metric of a row in sorted key order; undefined members are left out, as `sortKeys` (and JSON) do. */
function sortedMetricJson(x: ExampleView['metrics'][number]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (x.details !== undefined) out.details = sortedForJson(x.details);
  if (x.error !== undefined) out.error = x.error;
  if (x.errors !== undefined) out.errors = x.errors;
  if (x.id !== undefined) out.id = x.id;
  out.keys = x.keys;
  if (x.pass !== undefined) out.pass = x.pass;
  if (x.rationale !== undefined) out.rationale = x.rationale;
  if (x.score !== undefined) out.score = x.score;
  if (x.value !== undefined) out.value = x.value;
  return out;
}

/**
 * report.json in pieces, in order: the same text as `JSON.stringify(sortKeys(report), null, 2)`,
 * but the example rows are rendered 50 at a time, so a 100k-row report never
 * exists as one object copy or one string. A batch is rendered as `[[row, row, …]]`, which
 * puts each row at the depth (and indentation) it has in the report; the brackets are cut off.
 */
export function emitJsonReport(
  m: ReportModel,
  volatile: Lockfile['volatile'],
  write: (text: string) => void,
): void {
  const header = JSON.stringify(sortKeys(reportJsonHeader(m, volatile)), null, 2);
  const at = header.indexOf(EXAMPLES_MARK);
  if (at === -1) throw new Error('report.json: the header has no top-level examples key');
  const split = at + EXAMPLES_MARK.length - 2; // just before `[]`
  write(header.slice(0, split));
  const examples = m.examples;
  if (examples.length === 0) write('[]');
  else {
    write('[\n');
    for (let i = 0; i < examples.length; i += ROWS_PER_PIECE) {
      const rows = examples.slice(i, i + ROWS_PER_PIECE).map(sortedExampleJson);
      const text = JSON.stringify([rows], null, 2);
      // "[\n  [\n    " … "\n  ]\n]"
      const last = i + ROWS_PER_PIECE >= examples.length;
      write(`    ${text.slice(10, -6)}${last ? '\n  ]' : ',\n'}`);
    }
  }
  write(`${header.slice(split + 2)}\n`);
}

export function renderJsonReport(m: ReportModel, volatile: Lockfile['volatile']): string {
  const parts: string[] = [];
  emitJsonReport(m, volatile, (text) => parts.push(text));
  return parts.join('');
}
