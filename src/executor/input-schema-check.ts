/**
 * RAIP input validation before any invoke (conformance case R5): every rendered input of a
 * RAIP agent is checked with Ajv against the agent's input schema. `evalc plan` asks a
 * listening agent's `/info` live, else uses the schema pinned by the lockfile (kept in the cache
 * by digest); `evalc apply` uses the schema it just discovered.
 */

import path from 'node:path';
import { exampleContext, renderTemplate } from '../binding/template.js';
import type { AgentPin, CompiledPlan } from '../compiler/compile.js';
import { FAILED_INVOKE_KIND } from '../compiler/lock-records.js';
import type { Lockfile } from '../lockfile/types.js';
import { unsetNamesSaid } from '../plan/secret-placement.js';
import { resolveSecrets, scrubSecrets, unsetVariables } from '../plan/secrets.js';
import { HttpTransport } from '../protocols/http/transport.js';
import { createRaipAdapter, type RaipAdapter } from '../protocols/raip/adapter.js';
import { describeAjvError } from '../protocols/raip/describe-ajv-errors.js';
import { type AgentRuntime, isRaip, serveAddress, serve as serveAgent } from './agent-runtime.js';
import { discoverRaip } from './discovery.js';
import { pinsOf } from './locked-inputs.js';
import { planSecrets } from './run-secrets.js';
import { placeOf, servedPlaces, startInTurn } from './start-in-turn.js';
import type { StepStore } from './step-store.js';

export interface InputMisfit {
  step: string;
  errors: string;
  /**
   * Among its agent's preflight sample (its first `run.preflight` examples, in run order): RAIP
   * R5's pre-flight check, which stops the run before anything is sent. A misfit after the sample
   * is that example's own failure (`contract_error`, not sent) and the run goes on.
   */
  preflight: boolean;
}

/**
 * Examples whose rendered input does not fit their RAIP agent's schema, with Ajv's errors, in run
 * order: each agent's groups in plan order, examples in dataset order (run-agents.ts), the first
 * `preflight` of an agent's examples marked as its preflight sample.
 */
export function findInputMisfits(
  compiled: CompiledPlan,
  adapters: Map<string, RaipAdapter>,
  preflight: number,
): InputMisfit[] {
  const misfits: InputMisfit[] = [];
  const seen = new Map<string, number>();
  for (const cg of compiled.groups) {
    const agentId = cg.group.agentId;
    const adapter = adapters.get(agentId);
    const before = seen.get(agentId) ?? 0;
    seen.set(agentId, before + cg.group.dataset.examples.length);
    if (!adapter) continue;
    cg.group.dataset.examples.forEach((example, index) => {
      const rendered = renderTemplate(cg.group.template, exampleContext(example));
      if (!rendered.ok) return;
      const check = adapter.validateInput(rendered.value);
      if (check.ok) return;
      const errors = check.errors
        .map((e) => describeAjvError(e) ?? `${e.instancePath || '/'} ${e.keyword}`)
        .join('; ');
      misfits.push({ step: `${cg.group.id}/${example.id}`, errors, preflight: before + index < preflight });
    });
  }
  return misfits;
}

/**
 * RAIP R5 before an apply sends anything: a misfit in an agent's preflight sample refuses the
 * run (the message, listing each with Ajv's errors); a later one fails its own example
 * (`contract_error`, not sent: the adapter checks again) and is only said (`warn`).
 */
export function checkRaipInputs(
  compiled: CompiledPlan,
  agents: ReadonlyMap<string, AgentRuntime>,
  undiscovered: ReadonlyMap<string, unknown>,
  preflight: number,
  warn: (text: string) => void,
): string | undefined {
  const adapters = new Map<string, RaipAdapter>();
  for (const [id, a] of agents) if (isRaip(a.adapter) && !undiscovered.has(id)) adapters.set(id, a.adapter);
  const misfits = findInputMisfits(compiled, adapters, preflight);
  const sampled = misfits.filter((m) => m.preflight);
  if (sampled.length > 0) {
    const lines = sampled.map((m) => `${m.step}: ${m.errors}`).join('\n  ');
    return `inputs of the preflight sample do not fit the agents' input schemas; nothing was invoked:\n  ${lines}\n  ${misfitHint(compiled, sampled)}`;
  }
  if (misfits.length > 0) warn(misfitWarning(misfits));
  return undefined;
}

/**
 * Where misfit inputs come from and what to do (QA268: `input: { query: 42 }` validated, then plan and
 * apply listed `/query must be string` per example without naming the binding that renders it).
 */
export function misfitHint(compiled: CompiledPlan, misfits: readonly InputMisfit[]): string {
  const from = new Set<string>();
  for (const cg of compiled.groups)
    if (misfits.some((m) => m.step.startsWith(`${cg.group.id}/`)))
      from.add(`tasks.${cg.group.taskId}.bindings.${cg.group.bindingName}.input`);
  const inputs = misfits.length === 1 ? 'this input is' : 'these inputs are';
  return `hint: ${inputs} rendered from ${[...from].join(', ')}: make ${from.size === 1 ? 'it' : 'them'} give what the agent's inputSchema (its GET /info) asks for`;
}

/** Examples an agent runs first, alone (DESIGN §3: "preflight on k ≤ 5 examples before the batch"). */
export function preflightCount(plan: { run: { preflight: number } }): number {
  return Math.min(plan.run.preflight, 5);
}

/** One line about the misfits after the preflight samples: how many, the first few, what happens. */
export function misfitWarning(misfits: readonly InputMisfit[]): string {
  const shown = misfits.slice(0, 3).map((m) => `${m.step} (${m.errors})`);
  const more = misfits.length > shown.length ? `, … ${misfits.length - shown.length} more` : '';
  return `${misfits.length} input${misfits.length === 1 ? ' does' : 's do'} not fit the agent's input schema: ${shown.join(', ')}${more}; each records contract_error, not sent`;
}

/** What `plan` needs to start an agent evalc serves, as apply does (folders from the loaded plan). */
export interface PlanTimeServing {
  planDir: string;
  commandDirs: Record<string, string>;
  logsDir: string;
}

/**
 * Plan-time discovery of RAIP agents. Each agent is asked its `/info` live as `apply` will (same
 * URL; its `headers` resolved from `env`, never printed; 2 s, no retry; If-None-Match with the
 * locked ETag), so that `plan` sees a new version or schema as `apply` will; its pin is in `live`.
 * An agent evalc starts (`serve:`) is started for the question and stopped after (`close`), when
 * `serving` is given. An agent with headers or `serve:` is asked only when evalc.lock knows it (a
 * new agent's steps are all new whatever it answers). One whose variables are not set, or a
 * served one without `serving`, is `unasked` (with why); for it, or when it does not answer, the
 * locked schema from the cache is used, and an agent checked neither way is `unchecked`.
 */
export async function planTimeRaipAdapters(
  compiled: CompiledPlan,
  lock: Lockfile | undefined,
  store: StepStore | undefined,
  signal: AbortSignal,
  env: NodeJS.ProcessEnv = {},
  serving?: PlanTimeServing,
): Promise<{
  adapters: Map<string, RaipAdapter>;
  live: Record<string, AgentPin>;
  unreachable: string[];
  /**
   * Of the unreachable agents, those that answered /info with something unusable (a schema that
   * does not compile, invalid JSON, an HTTP error): why, in one line (secrets masked).
   */
  refused: Record<string, string>;
  /** Of the unreachable agents, those evalc serves that did not start: why (secrets masked). */
  notStarted: Record<string, string>;
  unchecked: string[];
  unasked: { id: string; why: string }[];
  /** Discovery warnings, as apply prints them (`agent <id>: …`): unchecked formats or patterns. */
  warnings: string[];
  close: () => Promise<void>;
}> {
  const adapters = new Map<string, RaipAdapter>();
  const live = Object.create(null) as Record<string, AgentPin>;
  const unreachable: string[] = [];
  const refused: Record<string, string> = {};
  const notStarted: Record<string, string> = {};
  const unchecked: string[] = [];
  const unasked: { id: string; why: string }[] = [];
  const warnings: string[] = [];
  const transports: HttpTransport[] = [];
  const stops: (() => Promise<void>)[] = [];
  const plan = compiled.resolved.plan;
  // As compiled: a RAIP version the lock took from the plan is no pin a 304 /info echoes (QA118).
  const lockedPins = compiled.agentPins ?? pinsOf(lock);
  let answersCached: boolean | undefined;
  // Masked in every reply and served process's log, as in apply: a served agent inherits evalc's
  // environment and may print another agent's token.
  const secrets = planSecrets(plan, env);
  // Every agent is asked its /info at once (QA162: one after another, a plan of five remote
  // agents waited five round trips, and five that do not answer 10 s, as apply did before
  // 992f2b1); the answers are read in plan order, so the lists and warnings come out as before.
  interface Asked {
    agentId: string;
    adapter: RaipAdapter;
    cached: unknown;
    /** Resolves to undefined when the agent is served and did not start. */
    discovery?: Promise<Awaited<ReturnType<typeof discoverRaip>> | undefined>;
  }
  const asked: Asked[] = [];
  const ask = (entry: Asked) => {
    const discovery = discoverRaip(entry.adapter, lockedPins[entry.agentId], entry.cached, signal);
    // Read below, in plan order, once the agents after it are asked (or started) too.
    discovery.catch(() => {});
    return discovery;
  };
  const toServe = new Map<string, () => ReturnType<typeof serveAgent>>();
  const entries = new Map<string, Asked>();
  const unserved: Asked[] = [];
  for (const agentId of new Set(compiled.groups.map((g) => g.group.agentId))) {
    const config = plan.agents[agentId];
    if (config?.protocol !== 'raip') continue;
    const headers = resolveSecrets(config.headers, env);
    const transport = new HttpTransport({
      timeoutMs: 2000,
      retries: 0,
      ...(headers.ok ? { headers: headers.values, secrets } : {}),
    });
    transports.push(transport);
    const adapter = createRaipAdapter(config, { transport });
    const lockedPin = lock?.agents[agentId];
    const digest = lockedPin?.schemaDigest;
    const cached = digest && store ? store.get<unknown>(`schema:${digest}`) : undefined;
    const serveEnv = resolveSecrets(config.serve?.env, env);
    const entry: Asked = { agentId, adapter, cached };
    asked.push(entry);
    if (config.serve && !serving) unasked.push({ id: agentId, why: 'evalc starts it with serve:' });
    else if (!headers.ok || !serveEnv.ok)
      unasked.push({
        id: agentId,
        // Each variable once, the parts that need them named (QA345: 'its headers need … S, S' of
        // a variable the headers and serve.env both read, serve.env unsaid), as apply names them.
        why: `its ${headers.ok ? 'serve.env' : serveEnv.ok ? 'headers' : 'headers and serve.env'} need environment variable(s) that are not set: ${unsetNamesSaid(unsetVariables(headers, serveEnv))}`,
      });
    // An agent with headers (a secret token) or one evalc starts is asked only when evalc.lock
    // knows it or the cache holds agent answers (an interrupted first apply, a cache shared with
    // other plans): else a new agent's steps are all new whatever it answers.
    else if ((!config.headers && !config.serve) || lockedPin || (answersCached ??= holdsAnswers(store))) {
      if (config.serve && serving) {
        // Started side by side, as apply starts them (start-in-turn.ts), then asked.
        const serve = config.serve;
        toServe.set(agentId, () =>
          serveAgent(
            agentId,
            serve,
            path.resolve(serving.planDir, serving.commandDirs[agentId] ?? ''),
            serveEnv.values,
            { logsDir: serving.logsDir, signal, secrets },
            serveAddress(config),
          ),
        );
        entries.set(agentId, entry);
      } else unserved.push(entry);
    }
  }
  const served = [...toServe.keys()];
  const starts = startInTurn(
    served,
    (id) => plan.agents[id],
    (id) => toServe.get(id)!(),
  );
  for (const [i, id] of served.entries()) {
    const entry = entries.get(id)!;
    entry.discovery = starts[i]!.then((up) => {
      // QA167: plan said only "did not answer /info" of an agent whose serve command failed.
      if (!up.ok) {
        notStarted[id] = scrubSecrets(up.error.message, secrets);
        return undefined;
      }
      stops.push(up.stop);
      return ask(entry);
    });
    entry.discovery.catch(() => {});
  }
  // An agent at the address of one evalc serves (two ids for one served process) is asked once
  // that one has started, as apply asks it: asked at once, it read 'did not answer /info'.
  const startsAt = new Map<string, Promise<unknown>[]>();
  for (const [i, id] of served.entries())
    for (const place of servedPlaces(plan.agents[id]))
      startsAt.set(place, [...(startsAt.get(place) ?? []), starts[i]!]);
  // One plan does not start (evalc.lock does not know it yet): its address answers nothing before
  // apply starts it, so it is not asked (QA178: a first plan read 'agent a2 did not answer /info').
  const notStartedAt = new Map<string, string>();
  for (const [id, config] of Object.entries(plan.agents))
    if (config.serve && !toServe.has(id))
      for (const place of servedPlaces(config)) if (!notStartedAt.has(place)) notStartedAt.set(place, id);
  for (const entry of unserved) {
    const url = serveAddress(plan.agents[entry.agentId] ?? {});
    const before = url === undefined ? [] : (startsAt.get(placeOf(url)) ?? []);
    const host = url === undefined || before.length > 0 ? undefined : notStartedAt.get(placeOf(url));
    if (host !== undefined) {
      unasked.push({
        id: entry.agentId,
        why: `it is at the address of agent ${host}, which evalc starts with serve:`,
      });
      continue;
    }
    entry.discovery = before.length === 0 ? ask(entry) : Promise.allSettled(before).then(() => ask(entry));
    entry.discovery.catch(() => {});
  }
  for (const { agentId, adapter, cached, discovery } of asked) {
    const discovered = await discovery;
    // A served agent that did not start.
    if (discovery && !discovered) unreachable.push(agentId);
    else if (discovered) {
      if (discovered.ok) {
        for (const warning of discovered.discovery.warnings ?? [])
          warnings.push(`agent ${agentId}: ${warning}`);
        live[agentId] = discovered.pin;
        adapters.set(agentId, adapter);
        continue;
      }
      unreachable.push(agentId);
      const { kind, message } = discovered.error;
      if (kind !== 'transport_error' && kind !== 'timeout' && kind !== 'cancelled')
        refused[agentId] = `${kind}: ${scrubSecrets(message, secrets)}`;
    }
    const outcome = cached !== undefined ? adapter.useSchema(cached) : undefined;
    if (outcome?.ok) adapters.set(agentId, adapter);
    else unchecked.push(agentId);
  }
  return {
    adapters,
    live,
    unreachable,
    refused,
    notStarted,
    unchecked,
    unasked,
    warnings,
    close: async () => {
      await Promise.all(transports.map((t) => t.close()));
      await Promise.all(stops.map((stop) => stop()));
    },
  };
}

/** Whether the cache holds any agent's answer (its first one found ends the walk). */
function holdsAnswers(store: StepStore | undefined): boolean {
  if (!store?.kindOf) return false;
  for (const key of store.keys()) {
    const kind = store.kindOf(key);
    if (kind === 'invoke' || kind === FAILED_INVOKE_KIND) return true;
  }
  return false;
}
