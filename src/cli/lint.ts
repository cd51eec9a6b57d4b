import type { ResolvedDataset } from '../compiler/datasets.js';
import { loadPlan } from '../compiler/load-plan.js';
import type { ResolvedPlan } from '../compiler/resolve.js';
import { type LintFinding, lintDataset, metricReadsExpected } from '../metrics/index.js';
import { CANDIDATE_FIELD_METRICS } from '../metrics/resolve-fields.js';
import { hasErrors, type SourcePosition } from '../plan/diagnostic.js';
import { parseCommandArgs, planArgument } from './args.js';
import { commandOptions, commandUsage } from './command-help.js';
import type { CommandContext } from './context.js';
import { EXIT, invalidPlanExit } from './exit-error.js';
import { shouldRefuseFindings } from './lint-should-refuse.js';
import { renderDiagnostics, withPipePlanHint } from './render-diagnostics.js';
import { ignorePlanStateDirIfMade } from './state-dir-ignore.js';

const USAGE = commandUsage('lint');

/** Dataset lint (benchmark integrity): duplicate inputs, empty expected values, leaks, imbalance. */
export async function lintCommand(ctx: CommandContext): Promise<number> {
  const { values, positionals } = parseCommandArgs(ctx.args, commandOptions('lint'), USAGE, 1);
  // Remote datasets are fetched and pinned as `plan` does (offline, a first lint of such a plan failed).
  const file = planArgument(positionals, ctx.cwd);
  // Pinning one makes .evalc/: it gets apply's .gitignore (QA328: git status listed .evalc/).
  const result = await loadPlan(file, { cwd: ctx.cwd, offline: false }).finally(
    ignorePlanStateDirIfMade(file, ctx.cwd),
  );
  if (hasErrors(result.diagnostics) || !result.resolved) {
    const exitCode = invalidPlanExit(result.diagnostics);
    // --json callers read stdout: the plan's diagnostics are data there too, as validate prints them.
    if (values.json)
      ctx.stdout(
        `${JSON.stringify({ ok: false, exitCode, diagnostics: withPipePlanHint(result.diagnostics, ctx.cwd, positionals[0]), datasets: [] }, null, 2)}\n`,
      );
    else ctx.stderr(`${renderDiagnostics(result.diagnostics, ctx.cwd, positionals[0])}\n`);
    return exitCode;
  }
  // The plan's warnings (a remote dataset's stale copy, an empty dataset, a number beyond 2^53 …)
  // are said as plan and apply say them (QA51: lint linted a stale copy without a word).
  const warnings = result.diagnostics;
  if (warnings.length > 0 && !values.json)
    ctx.stderr(`${renderDiagnostics(warnings, ctx.cwd, positionals[0])}\n`);
  const report: { dataset: string; findings: PlacedFinding[] }[] = [];
  for (const dataset of result.resolved.datasets) {
    // The resolved examples carry evalc's own bookkeeping (digest, source position): a position
    // differs for every example, so leaving it in made every input unique (no duplicate found).
    const findings = [
      ...lintDataset(
        dataset.examples.map(({ digest: _digest, source: _source, ...example }) => example),
        {
          requireExpected: readsExpected(result.resolved, dataset),
          expectedPaths: expectedPaths(result.resolved, dataset),
          implicitPaths: implicitPaths(result.resolved, dataset),
        },
      ),
      ...shouldRefuseFindings(result.resolved, dataset),
    ];
    // Each finding at its first example's file:line:col (QA51: only ids, the user had to search).
    const where = new Map(dataset.examples.map((e) => [e.id, e.source]));
    const placed = findings.map((f) => {
      const source = where.get(f.examples[0] ?? '');
      return source ? { ...f, source } : f;
    });
    report.push({ dataset: `${dataset.taskId}/${dataset.datasetId}`, findings: placed });
  }
  const errors = report.reduce((n, r) => n + r.findings.filter((f) => f.severity === 'error').length, 0);
  if (values.json)
    ctx.stdout(
      `${JSON.stringify({ ok: errors === 0, exitCode: errors === 0 ? EXIT.ok : EXIT.failure, diagnostics: warnings, datasets: report }, null, 2)}\n`,
    );
  else {
    for (const { dataset, findings } of report) {
      if (findings.length === 0) {
        ctx.stdout(`${dataset}: clean\n`);
        continue;
      }
      for (const f of findings)
        ctx.stdout(
          `${f.source ? `${f.source.file}:${f.source.line}:${f.source.col}: ` : ''}${dataset}: ${f.severity} ${f.code}: ${f.message}${f.examples.length && !f.message.includes(f.examples.join(', ')) ? ` (${exampleList(f.examples)})` : ''}\n`,
        );
    }
  }
  return errors === 0 ? EXIT.ok : EXIT.failure;
}

type PlacedFinding = LintFinding & { source?: SourcePosition };

/**
 * Whether some metric scoring the dataset reads expected values; a dataset only judges, counts or
 * times has none to be empty. A task no agent runs has no group: its plan metrics are asked.
 */
function readsExpected(resolved: ResolvedPlan, dataset: ResolvedDataset): boolean {
  const groups = resolved.groups.filter(
    (g) => g.taskId === dataset.taskId && g.datasetId === dataset.datasetId,
  );
  const metrics =
    groups.length > 0
      ? groups.flatMap((g) => g.metrics.map((m) => ({ type: m.type, config: m.config })))
      : [...(resolved.plan.tasks[dataset.taskId]?.metrics ?? []), ...resolved.plan.metrics].map((m) => ({
          type: m.type,
          config: m,
        }));
  return metrics.some((m) => metricReadsExpected(m.type, m.config as Record<string, unknown>));
}

/** The `expected:` paths (not `vars.` ones) of the metrics scoring the dataset that read expected values. */
function expectedPaths(resolved: ResolvedPlan, dataset: ResolvedDataset): string[] {
  const paths = new Set<string>();
  for (const g of resolved.groups)
    if (g.taskId === dataset.taskId && g.datasetId === dataset.datasetId)
      for (const m of g.metrics) {
        const config = m.config as Record<string, unknown>;
        const path = config.expected;
        if (
          typeof path === 'string' &&
          path !== '' &&
          !path.startsWith('vars.') &&
          metricReadsExpected(m.type, config)
        )
          paths.add(path);
      }
  return [...paths].sort();
}

/** Metrics whose `expected:` has a default path. */
const DEFAULT_PATH: Record<string, string> = {
  tool_call_match: 'tool_calls',
  checkpoints: 'checkpoints',
  progress_rate: 'checkpoints',
  checklist: 'checklist',
};

/**
 * The paths the dataset's metrics read without an `expected:`: a metric's default path, or the
 * field named like its candidate (`candidate:`, else `answer` if the binding extracts one, else its
 * only output).
 */
function implicitPaths(resolved: ResolvedPlan, dataset: ResolvedDataset): string[] {
  const paths = new Set<string>();
  for (const g of resolved.groups)
    if (g.taskId === dataset.taskId && g.datasetId === dataset.datasetId)
      for (const m of g.metrics) {
        const config = m.config as Record<string, unknown>;
        if (config.expected !== undefined || !metricReadsExpected(m.type, config)) continue;
        const names = g.extraction.names;
        const name = Object.hasOwn(DEFAULT_PATH, m.type)
          ? DEFAULT_PATH[m.type]
          : !CANDIDATE_FIELD_METRICS.has(m.type)
            ? undefined
            : typeof config.candidate === 'string'
              ? config.candidate
              : names.includes('answer')
                ? 'answer'
                : names.length === 1
                  ? names[0]
                  : undefined;
        if (name !== undefined) paths.add(name);
      }
  return [...paths].sort();
}

/** The first five ids, and how many there are when there are more (the sixth one was dropped silently: QA37). */
function exampleList(ids: readonly string[]): string {
  const shown = ids.slice(0, 5).join(', ');
  return ids.length > 5 ? `${shown}, … ${ids.length} in all` : shown;
}
