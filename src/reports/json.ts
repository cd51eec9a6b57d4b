/**
 * report.json: everything the other reports show, machine-readable (schemas/report.schema.json).
 * Keys sorted, 2-space indent, arrays in the model's order: byte-identical for the same input.
 */
import { sortKeys } from '../lockfile/serialize.js';
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
  };
}

export function buildReportJson(m: ReportModel, volatile: Lockfile['volatile']) {
  const report = reportJsonHeader(m, volatile);
  report.examples = m.examples.map(exampleJson);
  return report;
}

/** The top-level `examples` key as `JSON.stringify(…, null, 2)` writes it (deeper keys are indented more). */
const EXAMPLES_MARK = '\n  "examples": []';

/**
 * report.json in pieces, in order: the same text as `JSON.stringify(sortKeys(report), null, 2)`,
 * but each example row is sorted and rendered on its own, so a 100k-row report never exists as
 * one object copy or one string.
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
    for (let i = 0; i < examples.length; i++) {
      // JSON text has no raw newline inside strings: every newline is indentation.
      const row = JSON.stringify(sortKeys(exampleJson(examples[i]!)), null, 2).replace(/\n/g, '\n    ');
      write(`    ${row}${i + 1 < examples.length ? ',\n' : '\n  ]'}`);
    }
  }
  write(`${header.slice(split + 2)}\n`);
}

export function renderJsonReport(m: ReportModel, volatile: Lockfile['volatile']): string {
  const parts: string[] = [];
  emitJsonReport(m, volatile, (text) => parts.push(text));
  return parts.join('');
}
