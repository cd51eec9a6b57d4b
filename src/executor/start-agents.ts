/**
 * The agents of a run, started (a served agent's process, its readiness wait) and discovered
 * (RAIP `/info`, MAE names). An agent whose discovery fails is a failed step: the run goes on
 * without it, its examples record the error. The run is refused when an agent cannot start, when
 * `--locked` cannot check an agent's pins, or when no agent is left.
 */

import type { AgentPin, CompiledPlan } from '../compiler/compile.js';
import { type AgentRuntime, type RuntimeSetup, startAgent } from './agent-runtime.js';
import type { ApplyOptions } from './apply-types.js';
import type { LogStore } from './cache-store.js';
import { discoverAgents, pinsWithoutDiscovery, type UndiscoveredAgent } from './discovery.js';
import { missingInvokes } from './locked-inputs.js';
import { readyWait } from './ready-wait.js';
import type { SchemaCache } from './schema-cache.js';
import { startInTurn } from './start-in-turn.js';

export type StartedAgents =
  | {
      ok: true;
      pins: Record<string, AgentPin>;
      undiscovered: Map<string, UndiscoveredAgent>;
      /**
       * Agents not started because a `${env.X}` of their headers or `serve.env` is unset, with the
       * refusal to give if the run needs them: agents without discovery (every protocol but RAIP),
       * and RAIP agents pinned in evalc.lock (not under --locked). An up-to-date lock needs nothing
       * of them (a fork's pull request has no secrets; QA49).
       */
      deferred: Map<string, string>;
    }
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
  const deferred = new Map<string, string>();
  // Every agent starts at once (a served process and its readiness wait: three agents that take
  // 1 s to load took 3 s one after another; QA162); the outcomes are read in plan order, so the
  // refusal is the first in plan order of those that failed on their own. A refusal cancels the
  // starts still waiting as it happens, and every agent that did start is in `agents`, which the
  // run stops as it ends.
  const siblings = new AbortController();
  const setup = { ...run.setup, signal: AbortSignal.any([run.setup.signal, siblings.signal]) };
  // A start that will refuse the run refuses it as it ends, not once the agents before it in plan
  // order are up (QA174: a1 loading for 20 s held a2's failure after 0.8 s until a1 was ready).
  const refuses = (id: string, started: Awaited<ReturnType<typeof startAgent>>) => {
    if (started.ok) return false;
    const config = run.setup.plan.agents[id];
    // A RAIP agent's identity is its /info, asked with those headers: one pinned in evalc.lock
    // stands in, as in `plan`, unless --locked must check it.
    const pinned = config?.protocol !== 'raip' || (!run.options.locked && run.lockedPins[id] !== undefined);
    return !(started.missingEnv && config && pinned);
  };
  const starts = startInTurn(
    agentIds,
    (id) => run.setup.plan.agents[id],
    (id) => {
      // A served agent slow to be ready is said after a few seconds (QA171: a ready.url that never
      // answered held apply silent until ready.timeout).
      const serve = run.setup.plan.agents[id]?.serve;
      const waited = serve
        ? run.options.progress.waitFor?.(run.scrub(readyWait(`agent ${id}`, serve)))
        : undefined;
      // Ctrl-C (or another's refusal) ends the wait: what is left is its stop, up to 3 s (QA181: the
      // notice read 'waiting 3 s for agent a1 to answer …; Ctrl-C cancels' after the Ctrl-C).
      if (waited) setup.signal.addEventListener('abort', waited, { once: true });
      return startAgent(id, setup)
        .then((started) => {
          if (refuses(id, started)) siblings.abort();
          return started;
        })
        .finally(() => waited?.());
    },
  );
  const settle = async () => {
    siblings.abort();
    for (const [i, outcome] of (await Promise.all(starts)).entries())
      if (outcome.ok && !agents.has(agentIds[i]!)) agents.set(agentIds[i]!, outcome.runtime);
  };
  for (const [i, id] of agentIds.entries()) {
    const started = await starts[i]!;
    if (!started.ok) {
      // Cancelled because an agent after it refused: that refusal is the one to say.
      if (started.error.kind === 'cancelled' && siblings.signal.aborted && !run.setup.signal.aborted)
        continue;
      // An unset variable names the agent itself, `agent a1: environment variable(s) not set: X` (QA316: it read
      // 'agent a1 could not start: agent a1: …', of an agent at a url evalc starts nothing for too).
      const message = started.missingEnv
        ? run.scrub(started.error.message)
        : `agent ${id} could not start: ${run.scrub(started.error.message)}${servedIn(id, run.setup, started.missingEnv)}`;
      if (refuses(id, started)) {
        await settle();
        return { ok: false, message };
      }
      deferred.set(id, message);
      continue;
    }
    agents.set(id, started.runtime);
  }
  const discovered = await discoverAgents(agents, run.lockedPins, run.schemas, run.options, run.scrub);
  if (!discovered.ok) return { ok: false, reason: discovered.reason, message: run.scrub(discovered.message) };
  // Every failure, each on its line (QA244: two agents down read the first's alone, the other's
  // said only once the first was fixed).
  const failures = [...discovered.failed.values()];
  if (failures.length > 0 && (run.options.locked || discovered.failed.size === agentIds.length))
    return { ok: false, message: run.scrub(failures.map((failure) => failure.message).join('\n')) };
  const pins = Object.assign(Object.create(null) as Record<string, AgentPin>, discovered.pins);
  for (const id of discovered.failed.keys()) pins[id] = run.lockedPins[id] ?? {};
  // What discovery gives an agent without one: a mae agent's configured name, else nothing.
  for (const id of deferred.keys())
    pins[id] =
      run.setup.plan.agents[id]?.protocol === 'raip'
        ? run.lockedPins[id]!
        : (pinsWithoutDiscovery([id], run.setup.plan.agents)?.[id] ?? {});
  return { ok: true, pins, undiscovered: discovered.failed, deferred };
}

/**
 * The refusal of a run that has work for an agent left unstarted (`deferred`): an answer that is
 * not in the cache (or `--refresh`). An agent whose every answer is cached is not asked anything:
 * the run goes on without starting it.
 */
export function deferredRefusal(
  deferred: ReadonlyMap<string, string>,
  compiled: CompiledPlan,
  store: LogStore,
  refresh: boolean,
): string | undefined {
  for (const [id, message] of deferred) {
    const groups = compiled.groups.filter((cg) => cg.group.agentId === id);
    if (refresh || missingInvokes({ ...compiled, groups }, store).length > 0) return message;
  }
  return undefined;
}

/**
 * Where a served agent declared in an included file ran (DESIGN §2: in that file's folder): a
 * command written from the plan's folder fails with words that need not say it (`sh: ./agents/
 * start.sh: not found`; QA72).
 */
function servedIn(id: string, setup: RuntimeSetup, missingEnv: true | undefined): string {
  const dir = setup.commandDirs[id];
  if (!dir || missingEnv || !setup.plan.agents[id]?.serve) return '';
  return ` (its serve.command runs in ${dir}/, the folder of the plan file that declares agent ${id})`;
}
