/** Judge clients of a run, started lazily, with their `serve:` processes. */

import path from 'node:path';
import { type JudgePins, pinsListed } from '../compiler/judge-pins.js';
import { parseDuration } from '../plan/duration.js';
import type { Plan } from '../plan/schema.js';
import { unsetNamesSaid } from '../plan/secret-placement.js';
import {
  headerSecrets,
  referencedSecrets,
  resolveSecrets,
  scrubSecrets,
  unsetVariables,
} from '../plan/secrets.js';
import type { AgentEvalJudgeClient } from '../protocols/agent-eval/agent-eval-judge.js';
import { type Admission, RateLimiter } from '../protocols/http/rate-limiter.js';
import { HttpTransport } from '../protocols/http/transport.js';
import type { JudgeClient } from '../protocols/judge-types.js';
import { BUILTIN_RUBRICS } from '../protocols/rubrics/index.js';
import type { StepError } from '../protocols/types.js';
import { byText } from '../reports/format.js';
import { type RuntimeSetup, serve, serveAddress } from './agent-runtime.js';
import { InvokeGate } from './invoke-gate.js';
import { type JudgeCallOrder, notingFirstFailure } from './judge-first-failure.js';
import { DEFAULT_JUDGE_INPUT_BYTES, inputBoundJudge, overLimitFirst } from './judge-input-limit.js';
import { notingServedExit } from './judge-served-exit.js';

export interface JudgeRuntime {
  id: string;
  client: JudgeClient;
  info?: { version?: string; wireVersion?: string };
  /**
   * The `rubricVersion` tag of each rubric registered on the judge server, by name (agent-eval
   * `GET /v1/rubrics`); undefined for a judge that registers none or cannot list them.
   */
  registeredRubricVersions?: (signal: AbortSignal) => Promise<Map<string, string> | undefined>;
  /** Set when the judge could not be started or asked (`unusableJudge`): its calls fail with this. */
  unusable?: StepError;
  /** Its first failed call's words (masked), with 'is the judge running at …?' when nothing listened (QA295). */
  firstFailure?: () => string | undefined;
  /** Judge calls sent to it in this apply (a verdict from the cache, a retry, a cancelled call are none; QA352). */
  calls?: () => number;
  /** `client` for a score step at `order` in the lock: the first failure is the lock's first (QA302). */
  clientAt?: (order: () => JudgeCallOrder) => JudgeClient;
  stop: () => Promise<void>;
}

/**
 * Stands in for a judge that did not start or answer its version check: the run goes on, and
 * each of its metric calls records the failure (`judge_error`, never cached: the next apply asks
 * the judge again), as an agent whose discovery failed leaves its examples with an error.
 */
export function unusableJudge(id: string, protocol: JudgeClient['protocol'], error: StepError): JudgeRuntime {
  const failure: StepError = {
    kind: unusableKind(error),
    message: `judge ${id} is not usable: ${error.message}`,
  };
  return {
    id,
    unusable: failure,
    client: {
      protocol,
      describe: async () => ({ ok: false, error: failure }),
      judge: async () => ({ ok: false, error: failure }),
      close: async () => {},
    },
    stop: async () => {},
  };
}

/**
 * The kind an unusable judge's metrics record: `judge_error`, except a judge URL that answers 404
 * (a wrong URL, or not an agent-eval server: agent-eval A13), which keeps `endpoint_not_found` as
 * the error table says (QA97: it was `judge_error`, the table's "a judge down at the start").
 */
export function unusableKind(error: StepError): StepError['kind'] {
  return error.kind === 'endpoint_not_found' ? 'endpoint_not_found' : 'judge_error';
}

export async function startJudge(
  id: string,
  setup: RuntimeSetup & { judgeDirs: Record<string, string> },
): Promise<{ ok: true; judge: JudgeRuntime } | { ok: false; error: StepError }> {
  const config = setup.plan.judges[id]!;
  const cwd = path.resolve(setup.planDir, setup.judgeDirs[id] ?? '');
  const serveEnv = resolveSecrets(config.serve?.env, setup.env);
  const headers = resolveSecrets(config.headers, setup.env);
  // As for an agent: a header that needs an unset variable stops the run before any call, naming
  // the variable (every judge call would otherwise fail with config_error), with serve.env's.
  if (!serveEnv.ok || !headers.ok)
    return {
      ok: false,
      error: {
        kind: 'judge_unconfigured',
        message: `judge ${id}: environment variable(s) not set: ${unsetNamesSaid(unsetVariables(serveEnv, headers))}`,
      },
    };
  setup.secrets.push(...headerSecrets(config.headers, headers.values, setup.env));
  setup.secrets.push(...referencedSecrets(config.serve?.env, setup.env));
  let stopServe = async () => {};
  let servedExit: ((waitMs: number) => Promise<string | undefined>) | undefined;
  if (config.serve) {
    const served = await serve(
      `judge-${id}`,
      config.serve,
      cwd,
      serveEnv.values,
      setup,
      serveAddress(config),
      'judge',
    );
    if (!served.ok) return served;
    stopServe = served.stop;
    servedExit = served.exited;
  }
  const timeout = config.limits?.timeout ? parseDuration(config.limits.timeout) : undefined;
  // One rps bucket for the gate (a call's first request) and the transport (its other requests).
  const limiter = config.limits?.rps ? new RateLimiter(config.limits.rps) : undefined;
  const concurrency = config.limits?.concurrency ?? setup.plan.run.concurrency;
  const runtime = {
    cwd,
    // As many connections as calls in flight, as an agent's transport has (agent-runtime.ts).
    connections: Math.max(16, concurrency),
    rubrics: setup.plan.rubrics,
    env: setup.env,
    stopRetries: setup.signal,
    ...(limiter ? { limiter } : {}),
    secrets: setup.secrets,
    ...(timeout ? { timeoutMs: timeout } : {}),
  };
  // Judge clients load only when a plan has a judge.
  const { createJudgeClient } = await import('../protocols/agent-eval/create-judge-client.js');
  const raw = createJudgeClient(config, runtime);
  const gate = new InvokeGate(concurrency);
  const sent = { count: 0 };
  const noted = notingFirstFailure(
    gatedJudge(servedExit ? notingServedExit(raw, servedExit) : raw, gate, setup.signal, limiter, sent),
    config,
    (text) => scrubSecrets(text, setup.secrets),
  );
  // Outside the first-failure note: an input over the limit is the example's, not the judge's.
  const maxInput = config.limits?.maxInputBytes ?? DEFAULT_JUDGE_INPUT_BYTES;
  const refused = { count: 0 };
  const bounded = (inner: JudgeClient) => inputBoundJudge(inner, id, maxInput, refused);
  const client = bounded(noted.client);
  const described = await client.describe(setup.signal);
  if (!described.ok) {
    await client.close();
    await stopServe();
    return { ok: false, error: described.error };
  }
  // Kept in evalc.lock and the reports: a `command:` judge's reply passed no transport that masks
  // the run's secrets (it inherits evalc's environment), nor does one server quoting another's.
  const scrub = (text: string) => scrubSecrets(text, setup.secrets);
  const info: { version?: string; wireVersion?: string } = {};
  if (described.info.version) info.version = scrub(described.info.version);
  if (described.info.wireVersion) info.wireVersion = scrub(described.info.wireVersion);
  return {
    ok: true,
    judge: {
      id,
      client,
      info,
      // The judge's own failure first; else why its calls were not sent (QA324).
      firstFailure: () => noted.first() ?? overLimitFirst(id, maxInput, refused.count),
      calls: () => sent.count,
      clientAt: (order) => bounded(noted.at(order)),
      ...(isListing(raw) ? { registeredRubricVersions: (signal) => rubricTags(raw, signal, scrub) } : {}),
      stop: async () => {
        await client.close();
        await stopServe();
      },
    },
  };
}

type ListingClient = JudgeClient & Pick<AgentEvalJudgeClient, 'listRubrics'>;

function isListing(client: JudgeClient): client is ListingClient {
  return typeof (client as Partial<ListingClient>).listRubrics === 'function';
}

async function rubricTags(
  client: ListingClient,
  signal: AbortSignal,
  scrub: (text: string) => string,
): Promise<Map<string, string> | undefined> {
  const listed = await client.listRubrics(signal);
  if (!listed.ok) return undefined;
  return new Map(listed.rubrics.map((r) => [scrub(r.name), scrub(r.rubricVersion)]));
}

/**
 * At most `limits.concurrency` judge calls in flight (default `run.concurrency`): examples are
 * scored outside their agent's invoke slots, so the agents' limits do not bound the judge's load.
 * Once `dispatch` aborts (the first Ctrl-C), a call that gets its slot sends nothing: the calls in
 * flight finish, the queued ones end `cancelled` (never cached; QA61: they were sent one after
 * another, keeping an interrupted apply running for a slow judge's whole queue). With `limits.rps`
 * a call takes its token here, under `dispatch` (as an agent's invocation does, run-example.ts):
 * one still waiting for it at the first Ctrl-C is not sent either.
 */
export function gatedJudge(
  client: JudgeClient,
  gate: InvokeGate,
  dispatch?: AbortSignal,
  limiter?: RateLimiter,
  /** Counts the calls it sends on (apply's summary: `12 judge calls`). */
  sent?: { count: number },
): JudgeClient {
  return {
    protocol: client.protocol,
    describe: (signal) => client.describe(signal),
    close: () => client.close(),
    async judge(request, signal) {
      const wait = gate.acquire();
      if (wait) await wait;
      let admission: Admission | undefined;
      try {
        if (limiter && !dispatch?.aborted) admission = await limiter.admit(dispatch);
        if (dispatch?.aborted || (limiter && !admission))
          return {
            ok: false,
            error: { kind: 'cancelled', message: 'apply interrupted before this judge call' },
          };
        if (sent) sent.count++;
        return await client.judge(request, signal);
      } finally {
        if (admission) limiter?.settle(admission);
        gate.release();
      }
    },
  };
}

/**
 * Plan-time tags of registered rubrics, asked of each agent-eval judge that `plan` can reach
 * without starting anything: an HTTP judge evalc does not serve, with its `headers` resolved from
 * `env` (never printed; 2 s, no retry), as apply asks it. The others are `unasked`: plan reads
 * their tags from evalc.lock.
 */
export async function planTimeJudgePins(
  plan: Plan,
  registered: Map<string, Set<string>>,
  signal: AbortSignal,
  env: NodeJS.ProcessEnv = {},
): Promise<{ pins: JudgePins; unreachable: string[]; unasked: string[]; unlisted: string[] }> {
  const pins: JudgePins = {};
  const unreachable: string[] = [];
  const unasked: string[] = [];
  const unlisted: string[] = [];
  for (const [id, names] of [...registered].sort(([a], [b]) => byText(a, b))) {
    const config = plan.judges[id];
    const headers = resolveSecrets(config?.headers, env);
    if (config?.protocol !== 'agent-eval' || !config.url || config.serve || !headers.ok) {
      unasked.push(id);
      continue;
    }
    const transport = new HttpTransport({
      timeoutMs: 2000,
      retries: 0,
      headers: headers.values,
      secrets: headerSecrets(config.headers, headers.values, env),
    });
    try {
      const { createAgentEvalJudge } = await import('../protocols/agent-eval/agent-eval-judge.js');
      const client = createAgentEvalJudge(config, { cwd: '.', rubrics: plan.rubrics, transport });
      const listed = await client.listRubrics(signal);
      if (!listed.ok) {
        unreachable.push(id);
        continue;
      }
      const tags = new Map(listed.rubrics.map((r) => [r.name, r.rubricVersion]));
      pins[id] = pinsListed(names, tags);
      // As apply warns before the run (QA97), plan says it of what it asked (QA315: only apply did).
      for (const name of [...names].filter((n) => !tags.has(n) && BUILTIN_RUBRICS[n] === undefined).sort())
        unlisted.push(
          `judge ${id}: rubric ${JSON.stringify(name)} is not defined under rubrics:, not an evalc built-in, and the server does not list it (it lists: ${[...tags.keys()].sort(byText).join(', ') || 'none'}): apply would fail every score judged against it rubric_not_found (config_error)`,
        );
    } finally {
      await transport.close();
    }
  }
  return { pins, unreachable, unasked, unlisted };
}
