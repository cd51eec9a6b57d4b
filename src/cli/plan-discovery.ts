/**
 * Plan-time discovery of the RAIP agents `planTimeRaipAdapters` does not ask: those that send
 * `headers` (DESIGN §2's own `a1` carries `Bearer ${env.A1_TOKEN}`). `plan` asks their `/info`
 * as `apply` will — same URL, same headers resolved from the environment, If-None-Match with the
 * locked ETag, 2 s, no retry — so a new version or input schema shows as
 * `~ invoke … because agent identity changed` instead of a silent "No changes" that apply then
 * contradicts. The header values go to that agent only and are never printed (the transport
 * scrubs them from its errors; this module reports agent ids and variable names only).
 *
 * Only agents evalc.lock knows are asked (a new agent's steps are all new whatever it says). An
 * agent evalc starts (`serve:`), or whose header variables are not set, is not asked: it is
 * listed in `unasked` with why, so plan can say it is planned with its identity in evalc.lock.
 */
import type { AgentPin, CompiledPlan } from '../compiler/compile.js';
import type { StepStore } from '../executor/cache-store.js';
import { discoverRaip } from '../executor/discovery.js';
import { pinsOf } from '../executor/locked-inputs.js';
import type { Lockfile } from '../lockfile/types.js';
import { resolveSecrets } from '../plan/secrets.js';
import { HttpTransport } from '../protocols/http/transport.js';
import { createRaipAdapter, type RaipAdapter } from '../protocols/raip/adapter.js';

export interface HeaderAgentDiscovery {
  adapters: Map<string, RaipAdapter>;
  live: Record<string, AgentPin>;
  unreachable: string[];
  unasked: { id: string; why: string }[];
  close: () => Promise<void>;
}

export async function discoverHeaderAgents(
  compiled: CompiledPlan,
  lock: Lockfile | undefined,
  store: StepStore | undefined,
  env: NodeJS.ProcessEnv,
  signal: AbortSignal,
): Promise<HeaderAgentDiscovery> {
  const out: HeaderAgentDiscovery = {
    adapters: new Map(),
    live: {},
    unreachable: [],
    unasked: [],
    close: async () => {},
  };
  const transports: HttpTransport[] = [];
  out.close = async () => {
    await Promise.all(transports.map((t) => t.close()));
  };
  const plan = compiled.resolved.plan;
  const lockedPins = pinsOf(lock);
  for (const agentId of new Set(compiled.groups.map((g) => g.group.agentId))) {
    const config = plan.agents[agentId];
    if (config?.protocol !== 'raip') continue;
    if (config.serve) {
      out.unasked.push({ id: agentId, why: 'evalc starts it with serve:' });
      continue;
    }
    // Asked by planTimeRaipAdapters; or new to the lock: all its steps are new whatever it says.
    if (!config.headers || !lock?.agents[agentId]) continue;
    const headers = resolveSecrets(config.headers, env);
    if (!headers.ok) {
      out.unasked.push({
        id: agentId,
        why: `its headers need environment variable(s) that are not set: ${headers.missing.join(', ')}`,
      });
      continue;
    }
    const transport = new HttpTransport({ timeoutMs: 2000, retries: 0, headers: headers.values });
    transports.push(transport);
    const adapter = createRaipAdapter(config, { transport });
    const digest = lock?.agents[agentId]?.schemaDigest;
    const cached = digest && store ? store.get<unknown>(`schema:${digest}`) : undefined;
    const discovered = await discoverRaip(adapter, lockedPins[agentId], cached, signal);
    if (discovered.ok) {
      out.live[agentId] = discovered.pin;
      out.adapters.set(agentId, adapter);
    } else out.unreachable.push(agentId);
  }
  return out;
}
