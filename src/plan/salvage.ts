/**
 * Salvage for diagnostics: when the merged plan fails schema validation, the invalid parts
 * are pruned (the offending mapping entry, then its parent if that is still invalid) so the
 * semantic checks can still run on the rest and every problem is reported in one pass.
 *
 * Only mapping entries are pruned (also inside list items, e.g. `gates[1].scope`): removing a
 * list item itself would shift the indices (and so the reported positions) of the items after
 * it, so a plan whose salvage would need that is not salvaged. The salvaged plan is for diagnostics only; it is never compiled into a run.
 */
import type { PlanPath } from './diagnostic.js';
import { type Plan, planSchema } from './schema.js';

const MAX_ROUNDS = 8;

export interface Salvaged {
  plan: Plan;
  /** Plan paths that were removed to make the plan valid. */
  pruned: PlanPath[];
}

export function salvagePlan(raw: unknown): Salvaged | undefined {
  let current: unknown = structuredClone(raw);
  const pruned: PlanPath[] = [];
  const seen = new Set<string>();
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const result = planSchema.safeParse(current);
    if (result.success) return { plan: result.data, pruned };
    const targets: PlanPath[] = [];
    for (const issue of result.error.issues) {
      const path = issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p)) as PlanPath;
      if (issue.code === 'unrecognized_keys') {
        for (const key of issue.keys) targets.push([...path, key]);
        continue;
      }
      let target = path;
      while (seen.has(JSON.stringify(target)) && target.length > 1) target = target.slice(0, -1);
      if (target.length === 0 || seen.has(JSON.stringify(target))) return undefined;
      targets.push(target);
    }
    for (const target of targets) {
      // A key inside a list item can go (indices stay); a list item itself cannot.
      if (typeof target[target.length - 1] === 'number') return undefined;
      const key = JSON.stringify(target);
      if (seen.has(key)) continue;
      seen.add(key);
      pruned.push(target);
      current = removeAt(current, target);
    }
  }
  return undefined;
}

/** Whether `path` lies at or under one of the pruned paths. */
export function isUnderPruned(path: PlanPath, pruned: readonly PlanPath[]): boolean {
  return pruned.some((p) => p.length <= path.length && p.every((seg, i) => seg === path[i]));
}

function removeAt(root: unknown, path: PlanPath): unknown {
  let node = root;
  for (const seg of path.slice(0, -1)) {
    if (node === null || typeof node !== 'object') return root;
    node = (node as Record<string | number, unknown>)[seg];
  }
  if (node !== null && typeof node === 'object' && !Array.isArray(node)) {
    delete (node as Record<string, unknown>)[String(path.at(-1))];
  }
  return root;
}
