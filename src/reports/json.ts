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

export function buildReportJson(m: ReportModel, volatile: Lockfile['volatile']) {
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
    examples: m.examples.map((e) => ({
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
    })),
    volatile: volatile ?? {},
    diff: m.diff,
  };
}

export function renderJsonReport(m: ReportModel, volatile: Lockfile['volatile']): string {
  return `${JSON.stringify(sortKeys(buildReportJson(m, volatile)), null, 2)}\n`;
}
