/**
 * Maximum matchings of expected tool calls to distinct actual calls, for tool_call_match.
 *
 * - set: a maximum bipartite matching (Kuhn's augmenting paths), so the score does not depend
 *   on the order the expected calls are listed in. A greedy first-fit under-counted: expected
 *   [f, f{x:1}] against actual [f{x:1}, f{x:2}] matched the bare `f` to f{x:1} and then found
 *   nothing for f{x:1} (1/2), where f→f{x:2}, f{x:1}→f{x:1} matches both (2/2).
 * - ordered: the longest order-preserving matching (a longest common subsequence under the match
 *   predicate), so expected [b, a, b] against actual [a, b] matches a, b (2/3) where greedy took
 *   the first b at index 1 and then nothing (1/3).
 *
 * `canMatch(i, j)`: expected call i may be matched by actual call j.
 */

export interface CallMatching {
  /** For each expected call, the index of the actual call matched to it, or -1. */
  matchOf: number[];
  matched: number;
}

export function matchCallsAsSet(
  wantCount: number,
  haveCount: number,
  canMatch: (i: number, j: number) => boolean,
): CallMatching {
  const allowed = Array.from({ length: wantCount }, (_, i) =>
    Array.from({ length: haveCount }, (_, j) => j).filter((j) => canMatch(i, j)),
  );
  const ownerOf = new Array<number>(haveCount).fill(-1);
  const augment = (i: number, seen: boolean[]): boolean => {
    for (const j of allowed[i] ?? []) {
      if (seen[j]) continue;
      seen[j] = true;
      const owner = ownerOf[j] as number;
      if (owner === -1 || augment(owner, seen)) {
        ownerOf[j] = i;
        return true;
      }
    }
    return false;
  };
  for (let i = 0; i < wantCount; i += 1) augment(i, new Array<boolean>(haveCount).fill(false));
  const matchOf = new Array<number>(wantCount).fill(-1);
  let matched = 0;
  ownerOf.forEach((i, j) => {
    if (i >= 0) {
      matchOf[i] = j;
      matched += 1;
    }
  });
  return { matchOf, matched };
}

export function matchCallsInOrder(
  wantCount: number,
  haveCount: number,
  canMatch: (i: number, j: number) => boolean,
): CallMatching {
  // best[i][j]: the most expected calls among i.. matched in order to actual calls among j..
  const best = Array.from({ length: wantCount + 1 }, () => new Array<number>(haveCount + 1).fill(0));
  const ok = Array.from({ length: wantCount }, (_, i) =>
    Array.from({ length: haveCount }, (_, j) => canMatch(i, j)),
  );
  for (let i = wantCount - 1; i >= 0; i -= 1) {
    const row = best[i] as number[];
    const next = best[i + 1] as number[];
    for (let j = haveCount - 1; j >= 0; j -= 1) {
      const skip = Math.max(next[j] as number, row[j + 1] as number);
      row[j] = ok[i]?.[j] ? Math.max(skip, 1 + (next[j + 1] as number)) : skip;
    }
  }
  // Walk the table from the start: prefer matching the earliest possible actual call.
  const matchOf = new Array<number>(wantCount).fill(-1);
  let i = 0;
  let j = 0;
  while (i < wantCount && j < haveCount) {
    const here = (best[i] as number[])[j] as number;
    if (ok[i]?.[j] && here === 1 + ((best[i + 1] as number[])[j + 1] as number)) {
      matchOf[i] = j;
      i += 1;
      j += 1;
    } else if (here === ((best[i] as number[])[j + 1] as number)) j += 1;
    else i += 1;
  }
  return { matchOf, matched: (best[0] as number[])[0] as number };
}
