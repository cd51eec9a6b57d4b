/**
 * A metric removed and one added in the same task with the same type, version and settings — a
 * metric renamed in the PR (its `id:`): say so, as its results pair under neither name, so no
 * delta and no regression gate compares them (QA115: two unrelated lines, and a gate on the new
 * name skipped in silence).
 */
import canonicalize from 'canonicalize';

/** What diff-comparability.ts lists (its ComparabilityIssue; not imported: no import cycle). */
interface Issue {
  kind: string;
  subject: string;
  message: string;
}

interface Pinned {
  version: string;
  fields: Record<string, unknown>;
}

function withoutId(m: Pinned): string {
  const { id: _id, ...rest } = m.fields;
  return `${m.version}\u0000${canonicalize(rest) ?? ''}`;
}

export function markRenamedMetrics(
  out: Issue[],
  olds: ReadonlyMap<string, Pinned>,
  news: ReadonlyMap<string, Pinned>,
): void {
  const task = (subject: string) => subject.slice(0, subject.lastIndexOf('/'));
  const added = out.filter((i) => i.kind === 'metric_added');
  const removed = out.filter((i) => i.kind === 'metric_removed');
  const alike = (gone: Issue, now: Issue): boolean => {
    const was = olds.get(gone.subject);
    const is = news.get(now.subject);
    return (
      was !== undefined &&
      is !== undefined &&
      task(now.subject) === task(gone.subject) &&
      withoutId(is) === withoutId(was)
    );
  };
  for (const gone of removed) {
    const twins = added.filter((a) => alike(gone, a));
    // One candidate each way only: two metrics alike but for their id, removed or added, leave the
    // rename unknown (QA118: two removed twins were each called the one added metric's old name).
    if (twins.length !== 1) continue;
    const twin = twins[0]!;
    if (removed.filter((r) => alike(r, twin)).length !== 1) continue;
    const note = (other: string) =>
      `; ${other} has the same type and settings: renamed? Its results pair under neither name, so no delta or regression gate compares them`;
    gone.message += note(twin.subject);
    twin.message += note(gone.subject);
  }
}
