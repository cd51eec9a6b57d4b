/**
 * The agents of a run, started (a served agent's process, its readiness wait) and discovered
 * (RAIP `/info`, MAE names). An agent whose discovery fails is a failed step: the run goes on
 * without it, its examples record the error. The run is refused when an agent cannot start, when
 * `--locked` cannot check an agent's pins, or when no agent is left.
 */

import type { AgentPin } from '../compiler/compile.js';
import { type AgentRuntime, type RuntimeSetup, startAgent } from './agent-runtime.js';
import type { ApplyOptions } from './apply-types.js';
import { discoverAgents, type UndiscoveredAgent } from './discovery.js';
import type { SchemaCache } from './schema-cache.js';

export type StartedAgents =
  | { ok: true; pins: Record<string, AgentPin>; undiscovered: Map<string, UndiscoveredAgent> }
  | { ok: false; message: string; reason?: 'schema_drift' };

export async function startAgents(
  agentIds: readonly string[],
  agents: Map<string, AgentRuntime>,
  run: {
    setup: RuntimeSetup;
    lockedPins: Record<string, AgentPin>;
    schemas: SchemaCache;
    options: ApplyOptions;
    scrub(text: string): string;
  },
): Promise<StartedAgents> {
  for (const id of agentIds) {
    const started = await startAgent(id, run.setup);
    if (!started.ok)
      return { ok: false, message: `agent ${id} could not start: ${run.scrub(started.error.message)}` };
    agents.set(id, started.runtime);
  }
  const discovered = await discoverAgents(agents, run.lockedPins, run.schemas, run.options);
  if (!discovered.ok) return { ok: false, reason: discovered.reason, message: run.scrub(discovered.message) };
  const firstFailure = [...discovered.failed.values()][0];
  if (firstFailure && (run.options.locked || discovered.failed.size === agents.size))
    return { ok: false, message: run.scrub(firstFailure.message) };
  const pins = Object.assign(Object.create(null) as Record<string, AgentPin>, discovered.pins);
  for (const id of discovered.failed.keys()) pins[id] = run.lockedPins[id] ?? {};
  return { ok: true, pins, undiscovered: discovered.failed };
}
