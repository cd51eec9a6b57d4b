/**
 * The name a MultiAgentEval agent (seed profile) is pinned under in `evalc.lock`.
 *
 * Seed agents reveal their name in their replies (Zero-Touch Identity Discovery,
 * protocols/mae/name-discovery.ts). A run answered from the cache reads no reply, so the name is
 * re-derived from the cached invoke records, which keep every reply in `response.actions`. Live
 * and cached runs use the same rule, so re-applying from the cache (without `evalc.lock`, or on a
 * shared `--cache-dir`) writes the same name:
 *
 * 1. the plan's `name`;
 * 2. else the first reply name (`readReplyName`) in lockfile order: groups in plan order, examples
 *    in dataset order, repeats in order, replies in turn order — among the agent's cached
 *    successful invokes (a failed invoke keeps no trajectory);
 * 3. else the name `evalc.lock` pinned before.
 *
 * Which reply the adapter happened to receive first (concurrency) does not matter.
 */
import type { AgentPin, CompiledPlan } from '../compiler/compile.js';
import type { LockResult } from '../lockfile/types.js';
import type { AgentConfig } from '../plan/schema.js';
import { readReplyName } from '../protocols/mae/name-discovery.js';
import { selectProfile } from '../protocols/mae/profiles.js';
import { type AgentRuntime, isMae } from './agent-runtime.js';
import type { InvokeRecord } from './step-records.js';
import type { StepStore } from './step-store.js';

export interface NameSources {
  agents: Record<string, AgentConfig>;
  /** Agent ids of the plan's groups. */
  agentIds: readonly string[];
  /** Group id → agent id. */
  groupAgents: ReadonlyMap<string, string>;
  results: readonly LockResult[];
  store: Pick<StepStore, 'get'>;
  locked: Record<string, AgentPin>;
  /**
   * Agents whose cache certainly holds no reply naming them (every invoke ran live in this run and
   * none reported a name): the scan of their records is skipped.
   */
  nameless?: (agentId: string) => boolean;
}

/** `pins` with the name of every seed MultiAgentEval agent filled in (see the rule above). */
export function pinAgentNames(
  pins: Record<string, AgentPin>,
  sources: NameSources,
): Record<string, AgentPin> {
  let out = pins;
  for (const id of sources.agentIds) {
    const config = sources.agents[id];
    if (config?.protocol !== 'mae' || out[id]?.name) continue;
    const name =
      config.name ??
      (selectProfile(config.profile).discoversName && !sources.nameless?.(id)
        ? firstCachedName(id, sources)
        : undefined) ??
      sources.locked[id]?.name;
    if (name) out = { ...out, [id]: { ...out[id], name } };
  }
  return out;
}

/** The first name the agent reported in its cached replies, in lockfile order. */
export function firstCachedName(agentId: string, sources: NameSources): string | undefined {
  for (const result of sources.results) {
    if (sources.groupAgents.get(result.group) !== agentId) continue;
    for (const key of result.invoke) {
      if (!key) continue;
      const record = sources.store.get<InvokeRecord | { failed: unknown }>(key);
      if (!record || 'failed' in record) continue;
      const name = firstReplyName(record.trajectory.response);
      if (name !== undefined) return name;
    }
  }
  return undefined;
}

function firstReplyName(response: unknown): string | undefined {
  if (typeof response !== 'object' || response === null || !('actions' in response)) return undefined;
  const actions = response.actions;
  if (!Array.isArray(actions)) return undefined;
  for (const reply of actions) {
    const found = readReplyName(reply);
    if (found) return found.name;
  }
  return undefined;
}

/**
 * Whether a mae agent certainly has no name in the cache (`NameSources.nameless`): its adapter
 * discovered none, and every invoke of its groups ran live in this run (`invoked` per example run).
 */
export function answeredLiveWithoutName(
  agentId: string,
  agents: ReadonlyMap<string, AgentRuntime>,
  compiled: CompiledPlan,
  results: ReadonlyMap<string, readonly ({ invoked: number } | undefined)[]>,
): boolean {
  const runtime = agents.get(agentId);
  if (!runtime || !isMae(runtime.adapter) || runtime.adapter.discoveredName() !== undefined) return false;
  return compiled.groups.every(
    (cg) =>
      cg.group.agentId !== agentId ||
      (results.get(cg.group.id) ?? []).reduce((n, run) => n + (run?.invoked ?? 0), 0) === cg.invokes,
  );
}
