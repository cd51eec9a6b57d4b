/**
 * What every judge client needs from its caller, and the runtime settings derived from a
 * judge's config: timeout, retries, secret headers, the HTTP transport. None of these enter a
 * content key (DESIGN.md §2, "Keys vs runtime").
 */
import type { JudgeConfig, RubricConfig } from '../../plan/schema.js';
import { referencedSecrets, substituteEnvRefs } from '../../plan/secrets.js';
import type { RateLimiter } from '../http/rate-limiter.js';
import { HttpTransport } from '../http/transport.js';

export interface JudgeRuntime {
  /** Folder of the plan file that declares the judge; `command:` runs there. */
  cwd: string;
  /** A shared transport. When given it must already carry the judge's headers. */
  transport?: HttpTransport;
  /** The plan's `rubrics:` (built-ins are added by `resolveRubric`). */
  rubrics: Record<string, RubricConfig>;
  /** Per judge call timeout, ms (default: `limits.timeout`, else 200 s — agent-eval A20). */
  timeoutMs?: number;
  /**
   * Retries after a `judge_error` reply (agent-eval 500) or a malformed LLM reply. Default: the
   * judge's `limits.retries` when the plan sets it, else 1 (`judgeErrorRetriesOf`).
   */
  judgeErrorRetries?: number;
  /** Environment for `${env.NAME}` in header values (default: process.env). */
  env?: Record<string, string | undefined>;
  /** Once aborted (a run's first Ctrl-C), HTTP retries stop (`HttpTransportOptions.stopRetries`). */
  stopRetries?: AbortSignal;
  /** The judge's `limits.rps` bucket, shared with its call gate (executor/judges.ts); else one of its own. */
  limiter?: RateLimiter;
  /**
   * Connections per origin (executor/judges.ts: at least the judge's call concurrency). Unset, the
   * transport's 16 capped a judge of `run.concurrency` 64 at 16 calls in flight (QA140).
   */
  connections?: number;
  /**
   * The run's secrets, this judge's included, masked in its replies (`HttpTransportOptions.secrets`);
   * default: the `${env.X}` values of its own headers and `serve.env`.
   */
  secrets?: readonly string[];
}

/** agent-eval's Python client waits 200 s for a judge call; so does evalc (A20). */
export const DEFAULT_JUDGE_TIMEOUT_MS = 200_000;
/** Version, rubric listing and health probes. */
export const METADATA_TIMEOUT_MS = 30_000;
const DEFAULT_JUDGE_ERROR_RETRIES = 1;

const UNIT_MS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

/** Milliseconds of a plan duration (`30s`, `1500ms`, `2m`, or seconds as a number). */
export function durationToMs(value: string | number | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value === 'number') return value >= 0 ? value * 1000 : undefined;
  const match = /^(\d+(?:\.\d+)?)\s*(ms|s|m|h)$/.exec(value.trim());
  if (!match?.[1] || !match[2]) return undefined;
  return Number(match[1]) * (UNIT_MS[match[2]] ?? 1000);
}

export function judgeTimeoutMs(config: JudgeConfig, runtime: JudgeRuntime): number {
  return runtime.timeoutMs ?? durationToMs(config.limits?.timeout) ?? DEFAULT_JUDGE_TIMEOUT_MS;
}

/**
 * How often a `judge_error` (agent-eval A9: "retry policy configurable, default 1 retry") or a
 * malformed LLM verdict is asked again: the runtime's count, else the plan's `limits.retries` for
 * this judge (the one retry setting a plan has), else 1.
 */
export function judgeErrorRetriesOf(config: JudgeConfig, runtime: JudgeRuntime): number {
  return runtime.judgeErrorRetries ?? config.limits?.retries ?? DEFAULT_JUDGE_ERROR_RETRIES;
}

export type HeaderResolution = { ok: true; headers: Record<string, string> } | { ok: false; message: string };

/** Header values with `${env.NAME}` substituted. Messages name the header and variable, never a value. */
export function resolveSecretHeaders(
  headers: Record<string, string> | undefined,
  env: Record<string, string | undefined>,
): HeaderResolution {
  const out: Record<string, string> = {};
  for (const [name, template] of Object.entries(headers ?? {})) {
    let missing: string | undefined;
    const value = substituteEnvRefs(template, env, (variable) => {
      missing ??= variable;
    });
    if (missing !== undefined) {
      return {
        ok: false,
        message: `header "${name}" needs environment variable ${missing}, which is not set`,
      };
    }
    out[name] = value;
  }
  return { ok: true, headers: out };
}

export interface OwnedTransport {
  transport: HttpTransport;
  /** True when this client created the transport and must close it. */
  owned: boolean;
  /** Set when a header could not be resolved; every request then fails with this message. */
  headerError?: string;
}

/** The runtime's transport, or a new one carrying the judge's resolved headers. */
export function openJudgeTransport(config: JudgeConfig, runtime: JudgeRuntime): OwnedTransport {
  if (runtime.transport) return { transport: runtime.transport, owned: false };
  const env = runtime.env ?? process.env;
  const resolved = resolveSecretHeaders(config.headers, env);
  const options: ConstructorParameters<typeof HttpTransport>[0] = {
    timeoutMs: judgeTimeoutMs(config, runtime),
    retries: config.limits?.retries ?? 3,
    headers: resolved.ok ? resolved.headers : {},
    // A `${env.X}` inside a longer header value is masked on its own too (QA60).
    secrets: runtime.secrets ?? [
      ...referencedSecrets(config.headers, env),
      ...referencedSecrets(config.serve?.env, env),
    ],
  };
  if (runtime.limiter) options.limiter = runtime.limiter;
  else if (config.limits?.rps !== undefined) options.rps = config.limits.rps;
  if (runtime.stopRetries) options.stopRetries = runtime.stopRetries;
  if (runtime.connections !== undefined) options.connections = runtime.connections;
  const transport = new HttpTransport(options);
  return resolved.ok ? { transport, owned: true } : { transport, owned: true, headerError: resolved.message };
}
