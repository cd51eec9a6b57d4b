/** Writes small plans into temp folders and compiles them for the compiler tests. */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { CompiledPlan } from '../../src/compiler/compile.js';
import { type LoadOptions, type LoadResult, loadPlan } from '../../src/compiler/load-plan.js';
import { planRun } from '../../src/compiler/plan-run.js';
import type { Diagnostic } from '../../src/plan/diagnostic.js';
import { removeFolder, tempFolder } from '../fixtures/temp-folder.js';

/**
 * A new temp folder holding `files` (path → text); returns the folder. Made inside a test, it is
 * removed when the test finishes; made outside one (module level, `beforeAll`), the caller removes it.
 */
export function writeFiles(files: Record<string, string>, prefix = 'evalc-test-'): string {
  const dir = tempFolder(prefix);
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), text);
  }
  return dir;
}

/** Compiles `dir/evalc.yaml`; fails the test with the diagnostics when the plan is invalid. */
export async function compileDir(dir: string, options: LoadOptions = {}): Promise<CompiledPlan> {
  const result = await loadPlan(path.join(dir, 'evalc.yaml'), {
    cwd: dir,
    cacheDir: path.join(dir, '.evalc/cache'),
    offline: true,
    ...options,
  });
  if (!result.compiled || result.diagnostics.some((d) => d.severity === 'error')) {
    throw new Error(`plan is invalid:\n${JSON.stringify(result.diagnostics, null, 2)}`);
  }
  return result.compiled;
}

/** Every diagnostic of the plan `yaml`, loaded offline in a temp folder (removed after). */
export async function planDiagnostics(yaml: string): Promise<Diagnostic[]> {
  const dir = writeFiles({ 'evalc.yaml': yaml });
  try {
    return (await loadPlan(path.join(dir, 'evalc.yaml'), { cwd: dir, offline: true })).diagnostics;
  } finally {
    removeFolder(dir);
  }
}

/** A diagnostic as `severity code path: message`. */
export const withMessage = (d: Diagnostic): string =>
  `${d.severity} ${d.code} ${d.path.join('.')}: ${d.message}`;

/** A diagnostic as `severity code path line`. */
export const withLine = (d: Diagnostic): string =>
  `${d.severity} ${d.code} ${d.path.join('.')} ${d.source?.line}`;

/** The hints of the diagnostics with `code`, as `path: hint`. */
export const hintsOf = (diagnostics: readonly Diagnostic[], code: string): string[] =>
  diagnostics.filter((d) => d.code === code).map((d) => `${d.path.join('.')}: ${d.hint}`);

/** The hints of the diagnostics with `code` of the plan `yaml` (loaded offline), as `path: hint`. */
export async function hintsFor(yaml: string, code: string): Promise<string[]> {
  return hintsOf(await planDiagnostics(yaml), code);
}

/** The diagnostics with `code` of the plan `yaml` (loaded offline), as `line:col message`. */
export async function diagnosticsFor(yaml: string, code: string): Promise<string[]> {
  return (await planDiagnostics(yaml))
    .filter((d) => d.code === code)
    .map((d) => `${d.source?.line}:${d.source?.col} ${d.message}`);
}

/**
 * A one-task plan for validate's metric and gate checks: RAIP agent `a` (never called), one
 * example `e1` whose expected answer is `expected`, the task's `metrics` (YAML flow or block text),
 * then `rest` (top-level keys: `metrics:`, `gates:` …). Line 10 is the line after `metrics:`.
 */
export function oneTaskPlanYaml(metrics: string, rest = '', expected = 'x'): string {
  return `evalc: 1
benchmark: { id: b }
agents:
  a: { protocol: raip, url: "http://127.0.0.1:9" }
tasks:
  t:
    bindings: { default: { input: { q: "{{q}}" }, output: { answer: output.answer } } }
    datasets: { d: { examples: [ { id: e1, vars: { q: hi }, expected: { answer: ${expected} } } ] } }
    metrics: ${metrics}
${rest}`;
}

/**
 * A one-task plan whose dataset `d` reads `source` as written (RAIP agent a1, input `{q}`, output
 * `answer`), with `metrics` (YAML flow items) when given: the dataset tests' plan.
 */
export function datasetPlanYaml(source: string, metrics: string[] = []): string {
  return `evalc: 1
benchmark: { id: ds, version: 1.0.0 }
agents:
  a1: { protocol: raip, url: http://127.0.0.1:7101 }
tasks:
  t:
    bindings:
      default:
        input: { q: "{{q}}" }
        output: { answer: "output.answer" }
    datasets:
      d: { source: ${source} }
${metrics.length > 0 ? `    metrics:\n${metrics.map((m) => `      - ${m}\n`).join('')}` : ''}`;
}

/** `datasetPlanYaml(source, metrics)` beside `files` in a temp folder, loaded offline. */
export async function loadDatasetPlan(
  source: string,
  files: Record<string, string>,
  metrics: string[] = [],
): Promise<LoadResult> {
  const dir = writeFiles({ 'evalc.yaml': datasetPlanYaml(source, metrics), ...files });
  return loadPlan(path.join(dir, 'evalc.yaml'), {
    cwd: dir,
    cacheDir: path.join(dir, '.evalc/cache'),
    offline: true,
  });
}

export async function compileFiles(files: Record<string, string>): Promise<CompiledPlan> {
  return compileDir(writeFiles(files));
}

/** Every step's key by step id (`invoke/agent/task/dataset/example#repeat`, …), nothing cached. */
export function stepKeys(compiled: CompiledPlan): Map<string, string> {
  const plan = planRun(compiled, { has: () => false }, undefined, { listSteps: true });
  // The steps with a content key (an aggregate has none).
  return new Map((plan.steps ?? []).flatMap((s) => (s.key === undefined ? [] : [[s.id, s.key] as const])));
}

/** Ids of the steps whose key differs between two key maps (which must hold the same ids). */
export function changedSteps(before: Map<string, string>, after: Map<string, string>): string[] {
  const ids = [...new Set([...before.keys(), ...after.keys()])].sort();
  return ids.filter((id) => before.get(id) !== after.get(id));
}
