/**
 * Likely renames among the pins of two lockfiles: a dataset removed and one added with the same
 * sha256 (QA90), an agent removed and one added with the same identity digest (QA139). Their
 * examples pair under neither name, so the diff says so beside both lines.
 */
import type { Lockfile } from './types.js';

/** What diff-comparability.ts lists (its ComparabilityIssue; not imported: no import cycle). */
interface Issue {
  kind: string;
  subject: string;
  new: string | null;
  old: string | null;
  message: string;
}

/**
 * A dataset removed and one added with the same sha256 — a dataset or task renamed in the PR: say
 * so, as its examples pair under neither name (QA90: two unrelated lines with one 64-digit hash).
 */
export function markRenamedDatasets(out: Issue[]): void {
  const added = out.filter((i) => i.kind === 'dataset_added');
  for (const gone of out.filter((i) => i.kind === 'dataset_removed')) {
    const twin = added.find((a) => a.new !== null && a.new === gone.old);
    if (!twin) continue;
    const note = (other: string) =>
      `; ${other} has the same sha256: renamed? Examples pair only under one name, so none of these is compared`;
    gone.message += note(twin.subject);
    twin.message += note(gone.subject);
  }
}

/**
 * An agent removed and one added with the same identity digest (protocol, endpoint, settings,
 * schema and version): an agent renamed in the PR. Its examples pair under neither id, so say so,
 * as for a renamed dataset (QA139: two unrelated lines, `a1: agent removed`, `b1: agent added`).
 */
export function markRenamedAgents(out: Issue[], old: Lockfile, now: Lockfile): void {
  const added = out.filter((i) => i.kind === 'agent_added');
  for (const gone of out.filter((i) => i.kind === 'agent_removed')) {
    const digest = old.agents[gone.subject]?.digest;
    if (digest === undefined) continue;
    const twins = added.filter((a) => now.agents[a.subject]?.digest === digest);
    const twin = twins[0];
    if (twins.length !== 1 || !twin) continue;
    const note = (other: string) =>
      `; ${other} has the same identity (digest ${digest.slice(0, 12)}…): renamed? Its examples pair under neither id, so none of them is compared`;
    gone.message += note(twin.subject);
    twin.message += note(gone.subject);
  }
}
