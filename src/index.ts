/**
 * The public programmatic API of evalc (STYLE.md): load and compile a plan, plan a run,
 * apply it, and compare lockfiles. Everything else is internal.
 */
export { type AgentPin, type CompiledPlan, compilePlan } from './compiler/compile.js';
export { defaultDirs, type LoadOptions, type LoadResult, loadPlan } from './compiler/load-plan.js';
export type { PlanRow } from './compiler/plan-rows.js';
export { type CacheView, planRun, type RunPlan } from './compiler/plan-run.js';
export { type ApplyOptions, type ApplyOutcome, applyPlan as applyRun } from './executor/apply-run.js';
export { LogStore, type StepStore } from './executor/cache-store.js';
export { createProgress, type ProgressSink } from './executor/progress.js';
export { diffLocks } from './lockfile/diff.js';
export { readLockFile, serializeLock, writeLockFile } from './lockfile/serialize.js';
export type { Lockfile, LockResult } from './lockfile/types.js';
export { hashExpected } from './metrics/index.js';
export type { Diagnostic } from './plan/diagnostic.js';
export type { Plan } from './plan/schema.js';
export { renderReports } from './reports/index.js';
export { EVALC_VERSION } from './version.js';
