/**
 * The front half of the pipeline: load YAML (with includes and positions) → validate with zod
 * → semantic checks and datasets (resolve) → compile. Every diagnostic is collected; nothing
 * stops at the first problem unless a later stage cannot run without the earlier one.
 */
import path from 'node:path';
import { type Diagnostic, hasErrors, sortDiagnostics } from '../plan/diagnostic.js';
import { loadPlanFile } from '../plan/load.js';
import { checkSecretPlacement } from '../plan/secrets.js';
import { validatePlanSchema } from '../plan/validate-schema.js';
import { type AgentPin, type CompiledPlan, compilePlan } from './compile.js';
import { type ResolvedPlan, resolvePlan } from './resolve.js';

export interface LoadOptions {
  cwd?: string;
  cacheDir?: string;
  offline?: boolean;
  only?: string | undefined;
  pins?: Record<string, AgentPin>;
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
): { stateDir: string; cacheDir: string; lockFile: string } {
  const dir = path.dirname(path.resolve(planFile));
  const stateDir = path.join(dir, '.evalc');
  return {
    stateDir,
    cacheDir: env.EVALC_CACHE_DIR ? path.resolve(env.EVALC_CACHE_DIR) : path.join(stateDir, 'cache'),
    lockFile: path.join(dir, 'evalc.lock'),
  };
}

export async function loadPlan(planFile: string, options: LoadOptions = {}): Promise<LoadResult> {
  const cwd = options.cwd ?? process.cwd();
  const loaded = loadPlanFile(planFile, cwd);
  const diagnostics = [...loaded.diagnostics];
  if (hasErrors(diagnostics)) return { diagnostics: sortDiagnostics(diagnostics) };
  diagnostics.push(...checkSecretPlacement(loaded.raw, loaded.locate));
  const validated = validatePlanSchema(loaded.raw, loaded.locate);
  diagnostics.push(...validated.diagnostics);
  if (!validated.plan) return { diagnostics: sortDiagnostics(diagnostics) };
  const cacheDir = options.cacheDir ?? defaultDirs(loaded.planFile).cacheDir;
  const resolved = await resolvePlan(loaded, validated.plan, {
    cacheDir,
    cwd,
    offline: options.offline ?? false,
    only: options.only,
  });
  diagnostics.push(...resolved.diagnostics);
  const compiled = compilePlan(resolved, options.pins ?? {});
  diagnostics.push(...compiled.diagnostics);
  return { diagnostics: sortDiagnostics(diagnostics), resolved, compiled };
}
