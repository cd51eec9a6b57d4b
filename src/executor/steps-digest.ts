/**
 * The digest of every step key of a run (the lockfile's `steps.digest`): per group, each
 * example's invoke and score keys in example, repeat and metric order; the groups' digests
 * combined in group id order. A run feeds it as examples finish (no second pass over 100k
 * examples' keys); an up-to-date check computes it from the plan.
 */
import { createHash } from 'node:crypto';
import type { CompiledPlan } from '../compiler/compile.js';
import { type ExampleSteps, exampleSteps } from '../compiler/step-keys.js';

/**
 * The line an example adds to its group's steps digest: per repeat, the invoke key (or `-`) and
 * the score keys in the group's metric order.
 */
export function exampleDigestLine(
  metrics: readonly { id: string }[],
  steps: readonly ExampleSteps[],
): string {
  let line = '';
  for (const step of steps) {
    line += step.invokeKey ?? '-';
    for (const metric of metrics) {
      const key = step.scoreKeys[metric.id];
      if (key !== undefined) line += key;
    }
    line += '\n';
  }
  return line;
}

/**
 * One group's digest, fed as its examples finish (in any order): lines are hashed in example
 * order, the few that finish early wait in a small map until their turn.
 */
export class GroupDigestFeed {
  readonly #hash = createHash('sha256');
  readonly #waiting = new Map<number, string>();
  #next = 0;
  #digest: string | undefined;

  constructor(readonly size: number) {}

  add(index: number, line: string): void {
    if (index !== this.#next) {
      this.#waiting.set(index, line);
      return;
    }
    this.#hash.update(line);
    this.#next++;
    for (
      let queued = this.#waiting.get(this.#next);
      queued !== undefined;
      queued = this.#waiting.get(this.#next)
    ) {
      this.#waiting.delete(this.#next);
      this.#hash.update(queued);
      this.#next++;
    }
  }

  /** The hex digest once every example was added, else undefined. */
  digest(): string | undefined {
    if (this.#next !== this.size) return undefined;
    this.#digest ??= this.#hash.digest('hex');
    return this.#digest;
  }
}

/** The run's digest from its groups' digests, in group id order. */
export function combineGroupDigests(groups: Iterable<[groupId: string, digest: string]>): string {
  const hash = createHash('sha256');
  for (const [id, digest] of [...groups].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)))
    hash.update(`${id}\n${digest}\n`);
  return hash.digest('hex');
}

/** sha256 over every invoke and score key of the run: per group, in example, repeat and metric order. */
export function stepsDigest(compiled: CompiledPlan): string {
  const groups: [string, string][] = [];
  for (const { group, keys } of compiled.groups) {
    const feed = new GroupDigestFeed(group.dataset.examples.length);
    group.dataset.examples.forEach((example, index) => {
      feed.add(index, exampleDigestLine(group.metrics, exampleSteps(group, keys, example)));
    });
    groups.push([group.id, feed.digest()!]);
  }
  return combineGroupDigests(groups);
}

/** The steps digest fed during the run; undefined when some example did not run (preflight stop). */
export function runDigest(feeds: Map<string, GroupDigestFeed>): string | undefined {
  const groups: [string, string][] = [];
  for (const [id, feed] of feeds) {
    const digest = feed.digest();
    if (digest === undefined) return undefined;
    groups.push([id, digest]);
  }
  return combineGroupDigests(groups);
}
