/**
 * Why a step runs when nothing in the plan changed but evalc's own code for its kind did: an
 * upgrade that bumps `CODE_VERSIONS` (step-keys.ts) moves every key of that kind, and `plan`
 * read the moved key as a plan edit it could not see — `because the task's instructions changed`
 * of an invoke, `because the example changed (expected or another field, not the request)` of a
 * score, `not in cache` of an extract (QA352). evalc.lock records the invoke and score keys of
 * each row, not the code versions, so the probe recomputes a row's keys with earlier versions of
 * each kind (`invoke@1` … before `invoke@3`) and names the versions that give back the very keys
 * the lock recorded: an exact match, never a guess. A row that another edit changed too matches
 * no earlier version and keeps its reason.
 */
import type { LockResult } from '../lockfile/types.js';
import type { ResolvedExample } from './datasets.js';
import { recordedScoreKey } from './lock-records.js';
import type { ResolvedGroup } from './resolve.js';
import {
  CODE_VERSIONS,
  type CodeVersions,
  type ExampleSteps,
  exampleSteps,
  type GroupKeyConfig,
} from './step-keys.js';

const KINDS = ['invoke', 'extract', 'score'] as const;
type Kind = (typeof KINDS)[number];

/** A group's search stops after this many rows no earlier version explains (another edit moved them). */
const MISSES_BEFORE_GIVING_UP = 3;

/** `invoke@3` → `['invoke@3', 'invoke@2', 'invoke@1']`: the version and each earlier one. */
function versionsUpTo(version: string): string[] {
  const at = version.lastIndexOf('@');
  const n = Number(version.slice(at + 1));
  if (!Number.isInteger(n) || n < 1) return [version];
  return Array.from({ length: n }, (_, i) => `${version.slice(0, at)}@${n - i}`);
}

/** Every combination of the current and earlier versions of the step kinds but the current one. */
function earlierCombinations(): CodeVersions[] {
  let combos: CodeVersions[] = [CODE_VERSIONS];
  for (const kind of KINDS) {
    combos = combos.flatMap((c) => versionsUpTo(CODE_VERSIONS[kind]).map((v) => ({ ...c, [kind]: v })));
  }
  return combos.filter((c) => KINDS.some((k) => c[k] !== CODE_VERSIONS[k]));
}

/** Whether a step computed with `versions` has the keys the lock recorded for its repeat. */
function reproduces(steps: ExampleSteps | undefined, previous: LockResult, repeat: number): boolean {
  if (steps?.invokeKey === undefined || previous.invoke[repeat] !== steps.invokeKey) return false;
  let compared = 0;
  for (const [id, key] of Object.entries(steps.scoreKeys)) {
    const entry = previous.metrics[id];
    const recorded = entry ? recordedScoreKey(entry, repeat) : undefined;
    if (recorded === undefined) continue;
    if (recorded !== key) return false;
    compared++;
  }
  return compared > 0 || Object.keys(steps.scoreKeys).length === 0;
}

export interface CodeVersionProbe {
  /** The reason of a step of this row that does not run for a plan edit, if an earlier evalc's code explains its keys. */
  reasonFor(step: ExampleSteps, previous: LockResult | undefined, kind: Kind): string | undefined;
}

/** A probe for one group's rows (the versions found for one row are tried first for the next). */
export function codeVersionProbe(group: ResolvedGroup, config: GroupKeyConfig): CodeVersionProbe {
  // Every kind at its first version: no earlier evalc keyed otherwise.
  const combinations = earlierCombinations();
  if (combinations.length === 0) return { reasonFor: () => undefined };
  let found: CodeVersions | undefined;
  let misses = 0;
  const byStep = new Map<string, CodeVersions | null>();
  const recompute = (example: ResolvedExample, versions: CodeVersions, repeat: number) =>
    exampleSteps(group, { ...config, repeats: repeat + 1 }, example, versions)[repeat];
  const versionsOf = (step: ExampleSteps, previous: LockResult): CodeVersions | undefined => {
    const row = `${step.example.id}#${step.repeat}`;
    const known = byStep.get(row);
    if (known !== undefined) return known ?? undefined;
    let match: CodeVersions | undefined;
    // The current versions give back the lock's keys: nothing of evalc's moved them.
    if (!reproduces(step, previous, step.repeat)) {
      if (found && reproduces(recompute(step.example, found, step.repeat), previous, step.repeat))
        match = found;
      else if (misses < MISSES_BEFORE_GIVING_UP) {
        match = combinations.find((v) =>
          reproduces(recompute(step.example, v, step.repeat), previous, step.repeat),
        );
        if (match) found = match;
        else misses++;
      }
    }
    byStep.set(row, match ?? null);
    return match;
  };
  return {
    reasonFor(step, previous, kind) {
      if (!previous || step.invokeKey === undefined) return undefined;
      const before = versionsOf(step, previous);
      if (!before) return undefined;
      // An invoke runs for its own code only; an extract for its or the invoke's; a score for any.
      const upTo = KINDS.slice(0, KINDS.indexOf(kind) + 1);
      const changed = upTo.filter((k) => before[k] !== CODE_VERSIONS[k]);
      if (changed.length === 0) return undefined;
      const names =
        changed.length === 1 ? changed[0] : `${changed.slice(0, -1).join(', ')} and ${changed.at(-1)}`;
      const versions = changed.map((k) => `${before[k]} → ${CODE_VERSIONS[k]}`).join(', ');
      return `because evalc's ${names} code changed since evalc.lock was written (${versions}), not the plan`;
    },
  };
}
