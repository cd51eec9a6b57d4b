/**
 * Agents at run time: one adapter per agent (with its HTTP transport: one undici pool per
 * origin, the agent's limits and resolved secret headers), its served process if `serve:`
 * is set, and its discovery pins. Secrets are resolved here and nowhere else.
 */

import path from 'node:path';
import type { AgentConfig, Plan, ServeConfig } from '../plan/schema.js';
import { unsetNamesSaid } from '../plan/secret-placement.js';
import { headerSecrets, referencedSecrets, resolveSecrets, unsetVariables } from '../plan/secrets.js';
import { agentTimeoutMs } from '../protocols/agent-timeouts.js';
import { RateLimiter } from '../protocols/http/rate-limiter.js';
import { HttpTransport } from '../protocols/http/transport.js';
import type { MaeAdapter } from '../protocols/mae/adapter.js';
import type { RaipAdapter } from '../protocols/raip/adapter.js';
import type { AgentAdapter, StepError } from '../protocols/types.js';
import { startServedProcess } from './agent-process.js';

export interface AgentRuntime {
  id: string;
  config: AgentConfig;
  adapter: AgentAdapter;
  /**
   * For a `serve:` agent: how its process ended if it exited mid-run (run-example.ts adds it to
   * failures), waiting up to `waitMs` for an exit not seen yet.
   */
  servedExit?: (waitMs: number) => Promise<string | undefined>;
  /** `limits.rps`: invocations start at most this many per second (run-example.ts takes the token). */
  rate?: RateLimiter;
  concurrency: number;
  /**
   * Its examples in flight at once — being invoked, waiting for the invoke gate or being scored:
   * twice the plan's concurrency, even where the adapter's `maxInFlight` narrows the gate (a
   * persistent `mae` process), and at least `run.concurrency`, so a slow judge does not leave an
   * agent of `limits.concurrency: 1` idle (QA39: two examples in flight, one being judged, one
   * waiting for it).
   */
  examplesInFlight: number;
  /** Retries its HTTP transport has sent for agent calls (an `mae` agent over stdio or a socket has none). */
  retriesSent: () => number;
  /**
   * Runs `work` (a RAIP `/info` discovery) with the retries it sends left out of `retriesSent`:
   * apply's summary counts them as agent calls' (`3 agent calls (+1 retry)` for an `/info` that
   * answered 500 once, QA127).
   */
  uncountedRetries: <T>(work: () => Promise<T>) => Promise<T>;
  stop: () => Promise<void>;
}

export interface RuntimeSetup {
  plan: Plan;
  planDir: string;
  commandDirs: Record<string, string>;
  logsDir: string;
  env: NodeJS.ProcessEnv;
  concurrencyOverride?: number | undefined;
  signal: AbortSignal;
  /** Collects secret values so every log and output can be scrubbed. */
  secrets: string[];
  /** A warning for the user (stderr and run.log), e.g. a served process that exited mid-run. */
  warn?: (text: string) => void;
}

export type StartResult =
  | { ok: true; runtime: AgentRuntime }
  /** `missingEnv`: the only obstacle is an unset `${env.X}` of its headers or `serve.env`. */
  | { ok: false; error: StepError; missingEnv?: true };

export async function startAgent(id: string, setup: RuntimeSetup): Promise<StartResult> {
  const config = setup.plan.agents[id]!;
  const headers = resolveSecrets(config.headers, setup.env);
  const serveEnv = resolveSecrets(config.serve?.env, setup.env);
  if (!headers.ok || !serveEnv.ok)
    return {
      ok: false,
      error: {
        kind: 'contract_violation',
        message: `agent ${id}: environment variable(s) not set: ${unsetNamesSaid(unsetVariables(headers, serveEnv))}`,
      },
      missingEnv: true,
    };
  // Before the process starts: its log, its early-exit message and the run log are scrubbed.
  setup.secrets.push(
    ...headerSecrets(config.headers, headers.values, setup.env),
    ...referencedSecrets(config.serve?.env, setup.env),
  );
  const cwd = path.resolve(setup.planDir, setup.commandDirs[id] ?? '');
  let stopServe = async () => {};
  let servedExit: ((waitMs: number) => Promise<string | undefined>) | undefined;
  if (config.serve) {
    const served = await serve(id, config.serve, cwd, serveEnv.values, setup, serveAddress(config));
    if (!served.ok) return served;
    stopServe = served.stop;
    servedExit = served.exited;
  }
  // mae's 30 s when limits.timeout says nothing, as its adapter's turns (QA364)
  const timeoutMs = agentTimeoutMs(config);
  const limiter = config.limits?.rps ? new RateLimiter(config.limits.rps) : undefined;
  const transport = new HttpTransport({
    timeoutMs,
    retries: config.limits?.retries ?? 3,
    ...(config.limits?.maxResponseBytes ? { maxResponseBytes: config.limits.maxResponseBytes } : {}),
    // One bucket for the scheduler and the transport (rate-limiter.ts): an invocation is admitted
    // with a token outside its clock (run-example.ts), the next request's first attempt uses an
    // admission instead of a token of its own, and retries take tokens of their own, so every
    // request sent is paid by exactly one token.
    ...(limiter ? { limiter } : {}),
    headers: headers.values,
    // The run's secrets (this agent's are in): one server may quote another agent's (QA60).
    secrets: setup.secrets,
    connections: Math.max(16, config.limits?.concurrency ?? setup.plan.run.concurrency),
    // The first Ctrl-C stops dispatch: no retry is sent after it, nor waited for.
    stopRetries: setup.signal,
  });
  let notCallRetries = 0;
  // Turns a mae agent over local or socket sent again (limits.retries, QA163); none after the
  // first Ctrl-C, as stopRetries above (QA168)
  const turnRetries = { sent: 0, stop: setup.signal };
  const adapter = await createAdapter(config, {
    id,
    transport,
    turnRetries,
    cwd,
    env: serveEnv.values,
    timeoutMs,
    secrets: setup.secrets,
  });
  const planned = Math.max(
    1,
    Math.min(
      setup.concurrencyOverride ?? Number.POSITIVE_INFINITY,
      config.limits?.concurrency ?? setup.plan.run.concurrency,
    ),
  );
  const concurrency = Math.max(1, Math.min(planned, adapter.maxInFlight ?? Number.POSITIVE_INFINITY));
  return {
    ok: true,
    runtime: {
      id,
      config,
      adapter,
      ...(servedExit ? { servedExit } : {}),
      ...(limiter ? { rate: limiter } : {}),
      concurrency,
      examplesInFlight: Math.max(2 * planned, setup.plan.run.concurrency),
      retriesSent: () => transport.retriesSent + turnRetries.sent - notCallRetries,
      uncountedRetries: async (work) => {
        const before = transport.retriesSent;
        try {
          return await work();
        } finally {
          notCallRetries += transport.retriesSent - before;
        }
      },
      stop: async () => {
        await adapter.close();
        await transport.close();
        await stopServe();
      },
    },
  };
}

/**
 * The adapter of the agent's protocol. Each protocol's module is loaded only when a plan uses it
 * (a RAIP-only plan never loads the MultiAgentEval sandbox, its transports and so on).
 */
async function createAdapter(
  config: AgentConfig,
  rt: {
    id: string;
    transport: HttpTransport;
    turnRetries: { sent: number; stop?: AbortSignal };
    cwd: string;
    env: Record<string, string>;
    timeoutMs: number;
    secrets: readonly string[];
  },
): Promise<AgentAdapter> {
  switch (config.protocol) {
    case 'raip': {
      const { createRaipAdapter } = await import('../protocols/raip/adapter.js');
      return createRaipAdapter(config, { transport: rt.transport });
    }
    case 'chat': {
      const { createChatAdapter } = await import('../protocols/chat/adapter.js');
      const { chatBudget } = await import('../protocols/chat/profile.js');
      return createChatAdapter(config, { transport: rt.transport, ...chatBudget(config) });
    }
    case 'mae': {
      const { createMaeAdapter } = await import('../protocols/mae/adapter.js');
      return createMaeAdapter(config, {
        cwd: rt.cwd,
        transport: rt.transport,
        env: rt.env,
        secrets: rt.secrets,
        agentId: rt.id,
        retryCounter: rt.turnRetries,
        ...(config.limits?.timeout ? { timeoutMs: rt.timeoutMs } : {}),
      });
    }
    case 'openai': {
      const { createOpenaiAdapter } = await import('../protocols/openai/adapter.js');
      return createOpenaiAdapter(config, { transport: rt.transport });
    }
    case 'http': {
      const { createHttpAdapter } = await import('../protocols/generic-http/adapter.js');
      return createHttpAdapter(config, { transport: rt.transport });
    }
  }
}

export function isRaip(adapter: AgentAdapter): adapter is RaipAdapter {
  return adapter.protocol === 'raip';
}

export function isMae(adapter: AgentAdapter): adapter is MaeAdapter {
  return adapter.protocol === 'mae';
}

/** Starts a `serve:` process; shared by agents and judges. */
export async function serve(
  name: string,
  config: ServeConfig,
  cwd: string,
  env: Record<string, string>,
  setup: Pick<RuntimeSetup, 'logsDir' | 'signal' | 'secrets' | 'warn'>,
  /** The agent's `url` or socket `address`: its loopback port is awaited when `ready:` says nothing. */
  address?: string,
  role: 'agent' | 'judge' = 'agent',
): Promise<
  | { ok: true; stop: () => Promise<void>; exited: (waitMs: number) => Promise<string | undefined> }
  | { ok: false; error: StepError }
> {
  const logFile = path.join(setup.logsDir, `${name}.log`);
  const started = await startServedProcess(config, {
    cwd,
    name,
    logFile,
    env,
    signal: setup.signal,
    secrets: setup.secrets,
    ...(setup.warn ? { warn: setup.warn } : {}),
    ...(address !== undefined ? { address } : {}),
    role,
  });
  if (!started.ok) return started;
  // A served process that dies mid-run (out of memory, a crash) is said at once, and every later
  // failure of its agent says so too: "connection refused" alone does not point at the process.
  let exited: string | undefined;
  const waiting = new Set<(description: string) => void>();
  started.handle.onUnexpectedExit((description) => {
    // The failures it leaves (reports, cache) name the log from the plan folder, as every path
    // there is (the logs folder is `.evalc/logs` beside the plan): the current folder is the
    // host's, and `apply /abs/evalc.yaml` from `/` put `abs/.evalc/…` in the reports (QA146).
    // The warning names it from where the user stands.
    const said = `the process serve started for ${name} ${description}`;
    const fromPlan = path
      .relative(path.dirname(path.dirname(setup.logsDir)), logFile)
      .split(path.sep)
      .join('/');
    exited = `${said} (log: ${fromPlan})`;
    setup.warn?.(`${said} (log: ${path.relative(process.cwd(), logFile) || logFile})`);
    for (const tell of waiting) tell(exited);
    waiting.clear();
  });
  // The connection a dying process held is refused a moment before its exit is seen (its output
  // closed, reaped): a failure may wait for it, so it says why (and the warning comes first).
  const exitedWithin = (waitMs: number): Promise<string | undefined> => {
    if (exited !== undefined || waitMs <= 0) return Promise.resolve(exited);
    return new Promise((resolve) => {
      const tell = (description: string | undefined) => {
        clearTimeout(timer);
        waiting.delete(tell);
        resolve(description);
      };
      const timer = setTimeout(() => tell(undefined), waitMs);
      waiting.add(tell);
    });
  };
  return { ok: true, stop: () => started.handle.stop(), exited: exitedWithin };
}

/** Where a served agent or judge listens, by its plan: `url`, or a mae socket's `address`. */
export function serveAddress(config: object): string | undefined {
  if ('url' in config && typeof config.url === 'string') return config.url;
  if ('address' in config && typeof config.address === 'string') return config.address;
  return undefined;
}
