/**
 * The `fetch` steps of `plan --json` (DESIGN §1: fetch → examples + sha256 / agent identity;
 * `--json` has every step). One per task × dataset, with the graph's id (`fetch/dataset/<task>/<dataset>`,
 * as `evalc graph` names it), the sha256 and example count apply would pin, and whether they
 * differ from evalc.lock's pin. A fetch has no content key: it is read on every run (a local
 * file, or a remote source checked as README "Remote datasets" says), never cached as a step.
 * And one per agent (`fetch/agent/<id>`, QA47: the graph had them, `plan --json` did not), with
 * the identity digest apply would pin (configuration, discovered version and schema digest).
 */
import type { Lockfile } from '../lockfile/types.js';
import type { CompiledPlan } from './compile.js';

export interface PlannedFetchStep {
  kind: 'fetch';
  id: string;
  status: 'new' | 'changed' | 'cached';
  reason?: string;
  sha256: string;
  examples: number;
}

export function datasetFetchSteps(compiled: CompiledPlan, lock: Lockfile | undefined): PlannedFetchStep[] {
  const pins = (lock?.datasets as Lockfile['datasets'] | undefined) ?? {};
  return compiled.resolved.datasets.map((d) => {
    const name = `${d.taskId}/${d.datasetId}`;
    const pinned = Object.hasOwn(pins, name) ? pins[name] : undefined;
    const pin = { sha256: d.sha256, examples: d.examples.length };
    const id = `fetch/dataset/${name}`;
    // Keys in the order of the other steps' (kind, id, status, reason), then the pin.
    if (!pinned) return { kind: 'fetch', id, status: 'new', reason: lock ? 'new dataset' : 'new', ...pin };
    if (pinned.sha256 !== d.sha256 || pinned.examples !== d.examples.length) {
      const count =
        pinned.examples === d.examples.length ? '' : `, ${pinned.examples} → ${d.examples.length} examples`;
      const reason = `because its content changed (sha256 ${short(pinned.sha256)} → ${short(d.sha256)}${count})`;
      return { kind: 'fetch', id, status: 'changed', reason, ...pin };
    }
    return { kind: 'fetch', id, status: 'cached', ...pin };
  });
}

export interface PlannedAgentFetchStep {
  kind: 'fetch';
  id: string;
  status: 'new' | 'changed' | 'cached';
  reason?: string;
  digest: string;
}

export function agentFetchSteps(compiled: CompiledPlan, lock: Lockfile | undefined): PlannedAgentFetchStep[] {
  const pins = (lock?.agents as Lockfile['agents'] | undefined) ?? {};
  const ids = [...new Set(compiled.groups.map((g) => g.group.agentId))].sort();
  return ids.map((agentId) => {
    const digest = compiled.agentDigests[agentId] ?? '';
    const id = `fetch/agent/${agentId}`;
    const pinned = Object.hasOwn(pins, agentId) ? pins[agentId] : undefined;
    if (!pinned) return { kind: 'fetch', id, status: 'new', reason: lock ? 'new agent' : 'new', digest };
    if (pinned.digest !== digest)
      return {
        kind: 'fetch',
        id,
        status: 'changed',
        reason: 'because agent identity changed (its settings, version or schema digest)',
        digest,
      };
    return { kind: 'fetch', id, status: 'cached', digest };
  });
}

function short(sha: string | undefined): string {
  return typeof sha === 'string' ? `${sha.slice(0, 12)}…` : 'none';
}
