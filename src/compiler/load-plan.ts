/**
 * The front half of the pipeline: load YAML (with includes and positions) → validate with zod
 * → semantic checks and datasets (resolve) → compile. Every diagnostic is collected; nothing
 * stops at the first problem unless a later stage cannot run without the earlier one.
 */

import path from 'node:path';
import { isMap } from 'yaml';
import { withoutAliasCascades } from '../plan/alias-placeholders.js';
import {
  type Diagnostic,
  diagnostic,
  hasErrors,
  type PlanPath,
  type SourcePosition,
  sortDiagnostics,
} from '../plan/diagnostic.js';
import { mergedSectionHint } from '../plan/included-file-check.js';
import { findNonJsonValues } from '../plan/json-values.js';
import { loadPlanFile } from '../plan/load.js';
import { namesLostId } from '../plan/lost-ids.js';
import { isUnderPruned, salvagePlan } from '../plan/salvage.js';
import { checkSecretPlacement } from '../plan/secret-placement.js';
import { validatePlanSchema } from '../plan/validate-schema.js';
import { writtenScalarAt } from '../plan/written-scalar.js';
import type { YamlFile } from '../plan/yaml-file.js';
import { type AgentPin, type CompiledPlan, compilePlan } from './compile.js';
import { hintIncluder } from './includer-hint.js';
import type { JudgePins } from './judge-pins.js';
import { withoutKeyedRefs } from './keyed-refs-said.js';
import { namesWrittenMetric } from './pruned-metric-refs.js';
import { pricesWarningBesidePruned } from './pruned-prices.js';
import { type ResolvedPlan, resolvePlan } from './resolve.js';
import { describesStandIn, withStandInAgents } from './stand-in-agents.js';

export interface LoadOptions {
  cwd?: string;
  cacheDir?: string;
  offline?: boolean;
  only?: string | undefined;
  pins?: Record<string, AgentPin>;
  /** Tags of judge-registered rubrics (from evalc.lock at first; apply asks the judges). */
  judgePins?: JudgePins;
}

export interface LoadResult {
  diagnostics: Diagnostic[];
  resolved?: ResolvedPlan;
  compiled?: CompiledPlan;
}

/** Default folders (DESIGN.md §5): `.evalc/` beside the plan file; EVALC_CACHE_DIR overrides the cache. */
export function defaultDirs(
  planFile: string,
  env: NodeJS.ProcessEnv = process.env,
): { stateDir: string; cacheDir: string; lockFile: string; onlyLockFile: string } {
  const dir = path.dirname(path.resolve(planFile));
  const stateDir = path.join(dir, '.evalc');
  return {
    stateDir,
    cacheDir: env.EVALC_CACHE_DIR ? path.resolve(env.EVALC_CACHE_DIR) : path.join(stateDir, 'cache'),
    lockFile: path.join(dir, 'evalc.lock'),
    /** What an `apply --only` writes: a partial run never rewrites evalc.lock. */
    onlyLockFile: path.join(stateDir, 'evalc.only.lock'),
  };
}

export async function loadPlan(planFile: string, options: LoadOptions = {}): Promise<LoadResult> {
  const cwd = options.cwd ?? process.cwd();
  const loaded = loadPlanFile(planFile, cwd);
  const diagnostics = [...loaded.diagnostics];
  // A broken included file is left out and reported; the rest is still checked. Nothing is
  // checked when the root file itself did not load (nothing was merged). A plan file that is an
  // empty mapping (`{}`) did load: the schema says what it lacks (QA101: validate said "valid",
  // and plan and apply exited 65 printing no diagnostic).
  if (Object.keys(loaded.raw).length === 0 && hasErrors(diagnostics))
    return { diagnostics: sortDiagnostics(withoutKeyedRefs(withoutAliasCascades(diagnostics))) };
  const nonJson = new Set<string>();
  for (const bad of findNonJsonValues(loaded.raw, true)) {
    nonJson.add(JSON.stringify(bad.path));
    diagnostics.push(
      diagnostic('EVALC_YAML_VALUE', `not a JSON value: ${bad.reason}`, bad.path, {
        source: loaded.locate(bad.path),
        hint: bad.path.includes('limits')
          ? 'plans are JSON data: write a finite number, or leave the limit out for its default'
          : 'plans are JSON data: write a finite number or a string',
      }),
    );
  }
  const loadFailed = hasErrors(diagnostics);
  diagnostics.push(...checkSecretPlacement(loaded.raw, loaded.locate));
  const validated = validatePlanSchema(loaded.raw, loaded.locate, (path) =>
    writtenScalarAt(loaded.files, loaded.locate(path)),
  );
  // The schema's word on the null that stands for a non-JSON value is a cascade (QA170: `timeout:
  // .inf` read "expected a number, got null" beside "Infinity is not a JSON number"); a key no plan
  // has is said still (QA172: `timout: .inf` read no "did you mean `timeout`?").
  diagnostics.push(
    ...validated.diagnostics
      .filter((d) => d.code === 'EVALC_SCHEMA_UNKNOWN_KEY' || !nonJson.has(JSON.stringify(d.path)))
      .map((d) => setInIncludedFile(d, loaded.locate, loaded.files)),
  );
  const cacheDir = options.cacheDir ?? defaultDirs(loaded.planFile).cacheDir;
  const resolveOptions = { cacheDir, cwd, offline: options.offline ?? false, only: options.only };
  if (!validated.plan) hintIncluder(planFile, cwd, diagnostics);
  if (!validated.plan || loadFailed) {
    // Diagnostics only: run the semantic checks on what is valid, never compile a run from it.
    const salvaged = validated.plan ? { plan: validated.plan, pruned: [] } : salvagePlan(loaded.raw);
    if (salvaged) {
      const checkedPlan = withStandInAgents(salvaged.plan, loaded.raw, salvaged.pruned);
      const partial = await resolvePlan(loaded, checkedPlan, resolveOptions);
      const checked = compilePlan(partial, options.pins ?? {});
      for (const d of [...partial.diagnostics, ...checked.diagnostics]) {
        if (isUnderPruned(d.path, salvaged.pruned) || namesPruned(d, salvaged.pruned)) continue;
        if (describesStandIn(d, salvaged.plan, checkedPlan)) continue;
        if (d.code === 'EVALC_METRIC_PRICES' && readsPrunedSetting(d, salvaged.pruned)) {
          const kept = pricesWarningBesidePruned(d, loaded.raw, loaded.locate);
          if (kept) diagnostics.push(kept);
          continue;
        }
        if (readsPrunedTransport(d, salvaged.pruned) || readsPrunedSetting(d, salvaged.pruned)) continue;
        // An id may be defined in an included file that could not be read (QA72).
        if (namesLostId(d, loaded.lostIds)) continue;
        if (namesWrittenMetric(d, loaded.raw, diagnostics)) continue;
        if (lostItsRows(d, salvaged.pruned) || lostItsBound(d, salvaged.pruned)) continue;
        if (misspeltBeside(d, diagnostics)) continue;
        diagnostics.push(d);
      }
    }
    return { diagnostics: sortDiagnostics(withoutKeyedRefs(withoutAliasCascades(diagnostics))) };
  }
  const resolved = await resolvePlan(loaded, validated.plan, resolveOptions);
  diagnostics.push(...resolved.diagnostics);
  // A plan with errors is not warned of its empty parts (a task that failed the schema is not
  // empty) nor of its unused example keys: its errors come first.
  if (!hasErrors(diagnostics)) diagnostics.push(...resolved.ifValid);
  const compiled = compilePlan(resolved, options.pins ?? {}, {
    ...(options.judgePins ? { judgePins: options.judgePins } : {}),
  });
  diagnostics.push(...compiled.diagnostics);
  return {
    diagnostics: sortDiagnostics(withoutKeyedRefs(withoutAliasCascades(diagnostics))),
    resolved,
    compiled,
  };
}

/**
 * "dataset d has neither source: nor examples:" of a dataset whose `examples:` or `source:` was
 * pruned for its own error (QA161: `examples: { id: 1 }` read both): a cascade, not news.
 */
function lostItsRows(d: Diagnostic, pruned: readonly PlanPath[]): boolean {
  if (d.code !== 'EVALC_DATASET_EMPTY') return false;
  const at = JSON.stringify(d.path);
  return pruned.some(
    (p) => (p.at(-1) === 'examples' || p.at(-1) === 'source') && JSON.stringify(p.slice(0, -1)) === at,
  );
}

/**
 * "a gate needs min:, max: or regression:" of a gate whose bound was pruned for its own error
 * (QA166: `min: "0.5"` read both, the gate's bound said missing beside the error at it).
 */
function lostItsBound(d: Diagnostic, pruned: readonly PlanPath[]): boolean {
  if (d.code !== 'EVALC_GATE_EMPTY') return false;
  const at = JSON.stringify(d.path);
  return pruned.some(
    (p) => ['min', 'max', 'regression'].includes(String(p.at(-1))) && JSON.stringify(p.slice(0, -1)) === at,
  );
}

/**
 * "`benchmark` is set already beside it" of a top-level key the root file misspelt (`benchmrk:`)
 * whose right spelling an included file sets: it names that file (QA176: the user looked beside it,
 * in evalc.yaml, where it is not; 7a82664 fixed the other way round).
 */
function setInIncludedFile(
  d: Diagnostic,
  locate: (path: PlanPath, key?: string) => SourcePosition | undefined,
  files: readonly YamlFile[],
): Diagnostic {
  const key = /^`([^`]+)` is set already beside it: /.exec(d.hint ?? '')?.[1];
  if (d.code !== 'EVALC_SCHEMA_UNKNOWN_KEY' || d.path.length !== 1 || key === undefined) return d;
  const own = files.find((f) => f.display === d.source?.file)?.doc.contents;
  if (d.source === undefined || !isMap(own) || own.has(key)) return d;
  // A section files merge is renamed, not removed (QA179: `agnets:` beside an included file's `agents:`).
  const merged = mergedSectionHint(key);
  if (merged !== undefined) return { ...d, hint: merged };
  const where = locate([], key);
  if (where === undefined || where.file === d.source.file) return d;
  const at = `${where.file}:${where.line}:${where.col}`;
  return { ...d, hint: (d.hint ?? '').replace('is set already beside it', `is set already in ${at}`) };
}

/**
 * "agent a3: mae transport local needs command:" beside the agent's `comand:`, said unknown with
 * "did you mean `command`?" (a judge's `ulr:`, `modle:` alike; a dataset's `sourc:` beside "has
 * neither source: nor examples:"; a gate's `regresion:` beside "a gate needs min:, max: or
 * regression:", QA172): the key is there, misspelt (QA166: both were said), or with a value said wrong.
 */
function misspeltBeside(d: Diagnostic, said: readonly Diagnostic[]): boolean {
  const config = d.code === 'EVALC_AGENT_CONFIG' || d.code === 'EVALC_JUDGE_CONFIG';
  const needs = config
    ? [/ needs (\w+):/.exec(d.message)?.[1]]
    : d.code === 'EVALC_DATASET_EMPTY'
      ? ['source', 'examples']
      : d.code === 'EVALC_GATE_EMPTY'
        ? ['min', 'max', 'regression']
        : [];
  const at = JSON.stringify(d.path);
  return said.some(
    (s) =>
      JSON.stringify(s.path.slice(0, -1)) === at &&
      (s.code === 'EVALC_SCHEMA_UNKNOWN_KEY'
        ? needs.some((need) => need !== undefined && s.hint === `did you mean \`${need}\`?`)
        : // Its value was refused (QA268: `command: null`, `command: [1, 2]` were also "needs command:").
          s.severity === 'error' && needs.includes(String(s.path[s.path.length - 1]))),
  );
}

/** A reference diagnostic about an id whose definition was pruned: a cascade, not news. */
function namesPruned(d: Diagnostic, pruned: readonly PlanPath[]): boolean {
  if (!d.code.startsWith('EVALC_REF_')) return false;
  return pruned.some(
    (p) =>
      (p.length === 1 && SECTION_REFS[String(p[0])] === d.code) ||
      (p.length === 2 && d.message.includes(`\`${String(p[1])}\``)),
  );
}

/**
 * An agent check that read the default `transport` (http) of an agent whose own value was refused
 * and pruned (`transport: stdio`): "mae transport http needs url:" was reported beside the schema
 * error, about a transport the plan does not name (QA97).
 */
function readsPrunedTransport(d: Diagnostic, pruned: readonly PlanPath[]): boolean {
  if (d.code !== 'EVALC_AGENT_CONFIG') return false;
  return pruned.some(
    (p) =>
      p.length === d.path.length + 1 && p[p.length - 1] === 'transport' && d.path.every((s, i) => s === p[i]),
  );
}

/**
 * A check of a top-level setting that read a value the schema refused and pruned: `run.repeats`
 * (a single repeat's EVALC_METRIC_REPEATS, pass_at_k's "k exceeds run.repeats") read the default,
 * 1, of `repeats: "3"`; a cost metric's EVALC_METRIC_PRICES read `prices:` without its refused
 * entries ("this plan has none"). Each said so beside the error about what the plan holds (QA105).
 */
function readsPrunedSetting(d: Diagnostic, pruned: readonly PlanPath[]): boolean {
  const under = (section: string, key?: string) =>
    pruned.some((p) => p[0] === section && (key === undefined || p.length === 1 || p[1] === key));
  if (d.code === 'EVALC_METRIC_PRICES') return under('prices');
  const readsRepeats =
    d.code === 'EVALC_METRIC_REPEATS' ||
    (d.code === 'EVALC_METRIC_PARAM' && d.message.includes('exceeds run.repeats'));
  return readsRepeats && under('run', 'repeats');
}

/** The reference code of each id section: when a whole section is pruned, its references go too. */
const SECTION_REFS: Record<string, string> = {
  agents: 'EVALC_REF_AGENT',
  judges: 'EVALC_REF_JUDGE',
  rubrics: 'EVALC_REF_RUBRIC',
  tasks: 'EVALC_REF_TASK',
};
