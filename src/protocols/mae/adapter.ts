/**
 * `createMaeAdapter`: the MultiAgentEval (`mae`) adapter — picks the profile and transport,
 * resolves the task text and runs the action loop for each invocation. See
 * src/protocols/README-mae.md for the protocol choices.
 */

import type { MaeAgentConfig } from '../../plan/schema.js';
import { substituteEnvRefs } from '../../plan/secrets.js';
import { MAE_TURN_TIMEOUT_MS } from '../agent-timeouts.js';
import { HttpTransport } from '../http/transport.js';
import type { AgentAdapter, DiscoverOutcome, InvokeContext, InvokeOutcome, StepError } from '../types.js';
import { parseSocketAddress } from './address.js';
import { MaeHttpTransport } from './http-transport.js';
import type { LineChannel } from './line-channel.js';
import { PerTurnLocalTransport } from './local-per-turn.js';
import { PersistentLocalTransport } from './local-persistent.js';
import { runActionLoop } from './loop.js';
import { NameTracker } from './name-discovery.js';
import { type MaeProfile, selectProfile } from './profiles.js';
import { type MaeSettings, maeSettings } from './settings.js';
import { PerTurnSocketTransport } from './socket-per-turn.js';
import { PersistentSocketTransport } from './socket-persistent.js';
import { MaeSseTransport } from './sse-transport.js';
import { resolveTask } from './task-text.js';
import { traceIdFor } from './trace-context.js';
import type { MaeTransport } from './transport.js';
import { shareTransport, TransportPool, type TransportSource } from './transport-pool.js';
import { BEFORE_STREAM, type RetryCounter, withTurnRetries } from './turn-retry.js';

export interface MaeRuntime {
  /** Folder of the plan file that declares the agent (`command` runs here, unix paths resolve here). */
  cwd: string;
  /** Shared HTTP transport, already configured with the agent's headers; created here when absent. */
  transport?: HttpTransport;
  /** Extra environment for the local agent process; also resolves `${env.X}` left in headers. */
  env?: Record<string, string>;
  /** Per-turn timeout, ms; default `limits.timeout`, else 30 s. */
  timeoutMs?: number;
  /**
   * Resolved plan headers for the `sse` transport (which cannot use the JSON-only `transport`);
   * when absent, `headers` are resolved here against `process.env` + `env`.
   */
  headers?: Record<string, string>;
  /** The run's secrets: masked in a local agent's stderr before its lines are cut (QA100). */
  secrets?: readonly string[];
  /** The plan's id of the agent: part of its conversations' trace ids (`traceContext`, QA144). */
  agentId?: string;
  /** Counts the turns `limits.retries` sent again over local and socket (turn-retry.ts). */
  retryCounter?: RetryCounter;
}

export interface MaeAdapter extends AgentAdapter {
  readonly settings: MaeSettings;
  /** The first name the agent reported in a reply (seed profile), if any. */
  discoveredName(): string | undefined;
}

export { type MaeSettings, maeSettings };

export function createMaeAdapter(config: MaeAgentConfig, runtime: MaeRuntime): MaeAdapter {
  const profile = selectProfile(config.profile);
  const maxTurns = config.maxTurns ?? profile.defaultMaxTurns;
  const timeoutMs = runtime.timeoutMs ?? readDurationMs(config.limits?.timeout) ?? MAE_TURN_TIMEOUT_MS;
  const names = profile.discoversName ? new NameTracker() : undefined;
  const built = buildTransport(config, runtime, profile, timeoutMs);
  let closed = false;

  return {
    protocol: 'mae',
    settings: maeSettings(config),
    discoveredName: () => names?.discovered,
    // QA39: with more conversations let in than members, the rest queued inside the transport
    // (interleaving conversations on one process) and their wait counted in their duration.
    ...(built.ok && built.maxInFlight !== undefined ? { maxInFlight: built.maxInFlight } : {}),
    async discover(): Promise<DiscoverOutcome> {
      const name = config.name ?? names?.discovered;
      return { ok: true, discovery: name === undefined ? {} : { name } };
    },
    async invoke(input: unknown, ctx: InvokeContext): Promise<InvokeOutcome> {
      if (ctx.signal.aborted)
        return { ok: false, error: { kind: 'cancelled', message: 'mae: cancelled', retryable: false } };
      if (!built.ok) return { ok: false, error: built.error };
      if (closed) return { ok: false, error: { kind: 'transport_error', message: 'mae: adapter closed' } };
      const task = resolveTask(input, ctx.instructions);
      if (task === undefined) {
        return {
          ok: false,
          error: {
            kind: 'config_error',
            message:
              'mae: the binding input gives no task text (no task_description, no field) and the task has no instructions',
          },
        };
      }
      const transport = await built.source.acquire(ctx.signal);
      if (!transport)
        return { ok: false, error: { kind: 'cancelled', message: 'mae: cancelled', retryable: false } };
      try {
        return await runActionLoop({
          profile,
          transport,
          maxTurns,
          task,
          example: ctx.example,
          signal: ctx.signal,
          log: ctx.log,
          ...(names ? { names } : {}),
          ...(config.name !== undefined ? { agentName: config.name } : {}),
          ...(config.traceContext === true
            ? {
                traceId: traceIdFor({
                  runId: ctx.runId,
                  agentId: runtime.agentId ?? '',
                  taskId: ctx.taskId,
                  datasetId: ctx.datasetId,
                  exampleId: ctx.example.id,
                  repeat: ctx.repeat,
                }),
              }
            : {}),
        });
      } finally {
        built.source.release(transport);
      }
    },
    async close(): Promise<void> {
      if (closed) return;
      closed = true;
      if (built.ok) await built.source.close();
    },
  };
}

/** `maxInFlight`: a persistent transport's members (processes or connections), one conversation each. */
type BuiltTransport =
  | { ok: true; source: TransportSource; maxInFlight?: number }
  | { ok: false; error: StepError };

/** Persistent transports get a pool when the plan allows several invocations at once. */
const MAX_POOL = 16;

function buildTransport(
  config: MaeAgentConfig,
  runtime: MaeRuntime,
  profile: MaeProfile,
  timeoutMs: number,
): BuiltTransport {
  const configError = (message: string): BuiltTransport => ({
    ok: false,
    error: { kind: 'config_error', message },
  });
  const poolSize = Math.min(MAX_POOL, config.limits?.concurrency ?? 1);
  // QA163: limits.retries for the transports with no HTTP client to retry (turn-retry.ts)
  const retrying = (transport: MaeTransport) =>
    withTurnRetries(transport, config.limits?.retries ?? 0, runtime.retryCounter ?? { sent: 0 });
  const persistent = (create: () => MaeTransport): BuiltTransport => ({
    ok: true,
    source:
      poolSize > 1
        ? new TransportPool(poolSize, () => retrying(create()))
        : shareTransport(retrying(create())),
    maxInFlight: poolSize,
  });
  // limits.maxResponseBytes (QA324); a local or socket reply line is counted in characters.
  const maxReply = config.limits?.maxResponseBytes;
  switch (config.transport) {
    case 'http': {
      if (!config.url) return configError('mae http transport needs url');
      const client =
        runtime.transport ??
        new HttpTransport({
          timeoutMs,
          retries: config.limits?.retries ?? 0,
          ...(maxReply !== undefined ? { maxResponseBytes: maxReply } : {}),
          headers: resolveHeaders(config.headers, runtime.env),
        });
      const transport = new MaeHttpTransport({
        url: config.url,
        client,
        timeoutMs,
        retry: config.limits?.retries !== undefined && config.limits.retries > 0,
        ownsClient: runtime.transport === undefined,
        profile: profile.id,
      });
      return { ok: true, source: shareTransport(transport) };
    }
    case 'sse': {
      if (!config.url) return configError('mae sse transport needs url');
      const transport = new MaeSseTransport({
        url: config.url,
        timeoutMs,
        ...(maxReply !== undefined ? { maxResponseBytes: maxReply } : {}),
        profile: profile.id,
        headers: runtime.headers ?? resolveHeaders(config.headers, runtime.env),
      });
      // QA260: a 429/503 status is retried (it comes before any stream), QA273: a connection that reached no server;
      // a stream begun never is: it may have made the agent act
      const retried = withTurnRetries(
        transport,
        config.limits?.retries ?? 0,
        runtime.retryCounter ?? { sent: 0 },
        Math.random,
        BEFORE_STREAM,
      );
      return { ok: true, source: shareTransport(retried) };
    }
    case 'local': {
      if (!config.command) return configError('mae local transport needs command');
      const options = {
        command: config.command,
        cwd: runtime.cwd,
        env: runtime.env,
        timeoutMs,
        ...(runtime.secrets ? { secrets: runtime.secrets } : {}),
        ...(maxReply !== undefined ? { maxReplyChars: maxReply } : {}),
      };
      // One witness for all the agent's processes: a fresh one's timeout can tell an agent that answers (QA157).
      const witnessed = { ...options, witness: { replies: 0 } };
      return profile.persistentTransport
        ? persistent(() => new PersistentLocalTransport(witnessed))
        : { ok: true, source: shareTransport(retrying(new PerTurnLocalTransport(options))) };
    }
    case 'socket': {
      const text = config.address ?? config.url;
      if (!text) return configError('mae socket transport needs address');
      const parsed = parseSocketAddress(text, runtime.cwd);
      if (!parsed.ok) return configError(parsed.message);
      const options = {
        address: parsed.address,
        timeoutMs,
        ...(maxReply !== undefined ? { maxReplyChars: maxReply } : {}),
      };
      // One witness per pool: a member's timeout can tell an agent that serves one connection (QA144),
      // and a lone connection's one that answered on an earlier connection (QA157).
      const pool = { replies: 0, answering: new Set<LineChannel>(), size: poolSize };
      return profile.persistentTransport
        ? persistent(() => new PersistentSocketTransport({ ...options, pool }))
        : { ok: true, source: shareTransport(retrying(new PerTurnSocketTransport(options))) };
    }
  }
}

function resolveHeaders(
  headers: Record<string, string> | undefined,
  env: Record<string, string> | undefined,
): Record<string, string> {
  const source = { ...process.env, ...(env ?? {}) };
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(headers ?? {})) {
    out[key] = substituteEnvRefs(value, source);
  }
  return out;
}

/** `30s`, `1500ms`, `2m`, `1h` or a number of seconds → ms. */
function readDurationMs(value: string | number | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value === 'number') return value >= 0 ? value * 1000 : undefined;
  const match = /^(\d+(?:\.\d+)?)\s*(ms|s|m|h)$/.exec(value.trim());
  if (!match) return undefined;
  const unit = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 }[match[2] as 'ms' | 's' | 'm' | 'h'];
  return Number(match[1]) * unit;
}
