/**
 * The examples a comparison's summary line counts: `3 paired examples, 1 new, 1 gone`. Examples are
 * `task/dataset/example` ids, as the `New examples (1): …` and `Gone examples` lists below count
 * them; the JSON's `examples.paired`, `added` and `removed` count agent × example rows. QA158: with
 * two agents the line read `6 paired examples, 2 new` above `New examples (1): t/d/e4`.
 * An example is paired when a metric has a figure in both runs; one of both runs without (a failed
 * invoke, an errored judge) is `unpaired` (QA171: `5 paired examples` above a test of 3).
 */
import type { LockDiff } from '../lockfile/diff.js';

export function exampleCounts(diff: LockDiff, withNewAndGone = true): string {
  const paired = diff.examples.pairedIds;
  const added = withNewAndGone ? (diff.examples.new?.length ?? 0) : 0;
  const gone = withNewAndGone ? (diff.examples.gone?.length ?? 0) : 0;
  const unpaired = diff.examples.unpairedIds ?? 0;
  return `${paired} paired example${paired === 1 ? '' : 's'}${paired === 0 ? ' (nothing compared)' : ''}${unpaired > 0 ? `, ${unpaired} unpaired` : ''}${added > 0 ? `, ${added} new` : ''}${gone > 0 ? `, ${gone} gone` : ''}`;
}
