/**
 * The agent-eval judge client (DESIGN.md §3): compatibility check (A1–A3), rubric listing
 * (A4), judge calls with the A5–A14 error mapping and the A10/A11 result checks, over HTTP
 * (`url`) or stdio RPC (`command`, A15–A17). Failures are values, never exceptions.
 */
import type { JudgeConfig } from '../../plan/schema.js';
import type { JudgeClient, JudgeOutcome, JudgeRequest, JudgeServerInfo } from '../judge-types.js';
import { twiceEncodedSuffix } from '../twice-encoded.js';
import type { StepError } from '../types.js';
import { createAgentEvalHttpWire } from './http-wire.js';
import { buildJudgeBody } from './judge-body.js';
import { type JudgeRuntime, judgeErrorRetriesOf } from './judge-runtime.js';
import { type AgentEvalRpcWire, createAgentEvalRpcWire } from './rpc-wire.js';
import {
  localRubric,
  type RubricSelection,
  selectInline,
  selectRegistered,
  withDefaultRubric,
} from './rubric-selection.js';
import { verifyJudgeResult } from './verify-result.js';
import { checkAgentEvalVersion, type VersionCheck } from './version-check.js';
import type { AgentEvalWire, JudgeWireBody } from './wire-client.js';
import { describeIssues, listRubricsReplySchema, type RubricInfo } from './wire-replies.js';

/** Retries of a transient failure when the plan's `limits.retries` says nothing (as the HTTP transport). */
const DEFAULT_TRANSIENT_RETRIES = 3;

export type RubricListing = { ok: true; rubrics: RubricInfo[] } | { ok: false; error: StepError };

export interface AgentEvalJudgeClient extends JudgeClient {
  readonly protocol: 'agent-eval';
  readonly transport: 'http' | 'rpc';
  /** `GET /v1/rubrics` (cached after the first success); every tag must start with `<name>@` (A4). */
  listRubrics(signal: AbortSignal): Promise<RubricListing>;
  /** `GET /healthz` (HTTP) or `rpc version` (stdio). */
  health(signal: AbortSignal): Promise<{ ok: true } | { ok: false; error: StepError }>;
  /** stdio only: one `rpc-batch judge` process for many requests (A17); no judge_error retry. */
  judgeBatch?(requests: JudgeRequest[], signal: AbortSignal): Promise<JudgeOutcome[]>;
}

type Selected = { ok: true; selection: RubricSelection } | { ok: false; error: StepError };

export function createAgentEvalJudge(config: JudgeConfig, runtime: JudgeRuntime): AgentEvalJudgeClient {
  const wire = openWire(config, runtime);
  const retries = judgeErrorRetriesOf(config, runtime);
  // Over HTTP the transport retries timeouts; a stdio call that timed out (its process killed) is
  // run again here, as often as the judge's `limits.retries` allows (default 3, as HTTP). QA34.
  const rpcTimeoutRetries =
    wire?.transport === 'rpc' ? (config.limits?.retries ?? DEFAULT_TRANSIENT_RETRIES) : 0;
  const where = wire ? `agent-eval judge (${wire.transport})` : 'agent-eval judge';
  let compatibility: Promise<VersionCheck> | undefined;
  let listing: Promise<RubricListing> | undefined;

  function unconfigured(): { ok: false; error: StepError } {
    return {
      ok: false,
      error: {
        kind: 'config_error',
        message: 'agent-eval judge needs `url` (HTTP) or `command` (stdio rpc)',
        retryable: false,
      },
    };
  }

  async function describe(signal: AbortSignal): Promise<VersionCheck> {
    if (!wire) return unconfigured();
    compatibility ??= wire
      .version(signal)
      .then((call) => (call.ok ? checkAgentEvalVersion(`${where} version`, call.result) : call));
    const checked = await compatibility;
    if (!checked.ok && checked.error.retryable !== false) compatibility = undefined;
    return checked;
  }

  async function listRubrics(signal: AbortSignal): Promise<RubricListing> {
    if (!wire) return unconfigured();
    listing ??= wire
      .listRubrics(signal)
      .then((call) => (call.ok ? parseListing(`${where} rubrics`, call.result) : call));
    const listed = await listing;
    if (!listed.ok) listing = undefined;
    return listed;
  }

  async function select(request: JudgeRequest, signal: AbortSignal): Promise<Selected> {
    const local = localRubric(request, runtime.rubrics);
    if (local && local.source !== 'builtin') return { ok: true, selection: selectInline(local.wire) };
    const listed = await listRubrics(signal);
    const registered = listed.ok ? listed.rubrics.find((r) => r.name === request.rubric.name) : undefined;
    if (registered) return { ok: true, selection: selectRegistered(registered.name, registered) };
    if (local) return { ok: true, selection: selectInline(local.wire) };
    if (!listed.ok) return listed;
    return { ok: true, selection: selectRegistered(request.rubric.name, undefined) };
  }

  async function prepare(original: JudgeRequest, signal: AbortSignal) {
    const request = withDefaultRubric(original, config.rubric);
    const compatible = await describe(signal);
    if (!compatible.ok) return compatible;
    const selected = await select(request, signal);
    if (!selected.ok) return selected;
    const built = buildJudgeBody(selected.selection.selector, request, config.model);
    if (!built.ok) return built;
    return { ok: true as const, body: built.body, expectation: selected.selection.expectation };
  }

  async function judge(request: JudgeRequest, signal: AbortSignal): Promise<JudgeOutcome> {
    if (!wire) return unconfigured();
    const prepared = await prepare(request, signal);
    if (!prepared.ok) return prepared;
    for (let judgeErrors = 0, timeouts = 0; ; ) {
      const call = await wire.judge(prepared.body, signal);
      // A malformed 200 verdict is a judge_error as a 500 one is, and retried the same (QA171);
      // none after the run's first Ctrl-C, as over HTTP (QA173: a stdio judge's timeouts were
      // retried up to limits.retries, apply sitting till the 30 s cap).
      const outcome = call.ok ? verifyJudgeResult(`${where} judge`, call.result, prepared.expectation) : call;
      // A judge process that crashed (a traceback and exit 1, killed by the OOM killer) is transient
      // as a timed-out one is, and run again the same (QA237: it was asked once).
      const crashed = !outcome.ok && outcome.error.kind === 'process_crashed' && rpcTimeoutRetries > 0;
      if (
        outcome.ok ||
        signal.aborted ||
        runtime.stopRetries?.aborted ||
        (outcome.error.retryable !== true && !crashed)
      )
        return outcome;
      if (outcome.error.kind === 'judge_error' && judgeErrors < retries) judgeErrors++;
      else if ((outcome.error.kind === 'timeout' || crashed) && timeouts < rpcTimeoutRetries) timeouts++;
      else return outcome;
    }
  }

  const client: AgentEvalJudgeClient = {
    protocol: 'agent-eval',
    transport: wire?.transport ?? 'http',
    async describe(signal) {
      const checked = await describe(signal);
      return checked.ok ? { ok: true, info: { ...checked.info } satisfies JudgeServerInfo } : checked;
    },
    judge,
    listRubrics,
    async health(signal) {
      if (!wire) return unconfigured();
      const call = await wire.health(signal);
      return call.ok ? { ok: true } : call;
    },
    async close() {
      await wire?.close();
    },
  };
  if (wire && isRpcWire(wire)) {
    client.judgeBatch = async (requests, signal) => {
      const prepared = await Promise.all(requests.map((request) => prepare(request, signal)));
      const bodies: JudgeWireBody[] = [];
      for (const entry of prepared) if (entry.ok) bodies.push(entry.body);
      const calls = bodies.length > 0 ? await wire.judgeBatch(bodies, signal) : [];
      let next = 0;
      return prepared.map((entry): JudgeOutcome => {
        if (!entry.ok) return entry;
        const call = calls[next++];
        if (!call)
          return {
            ok: false,
            error: { kind: 'contract_violation', message: `${where}: missing batch answer` },
          };
        return call.ok ? verifyJudgeResult(`${where} judge`, call.result, entry.expectation) : call;
      });
    };
  }
  return client;
}

function openWire(config: JudgeConfig, runtime: JudgeRuntime): AgentEvalWire | AgentEvalRpcWire | undefined {
  if (config.command !== undefined) return createAgentEvalRpcWire(config.command, config, runtime);
  if (config.url !== undefined) return createAgentEvalHttpWire(config.url, config, runtime);
  return undefined;
}

function isRpcWire(wire: AgentEvalWire): wire is AgentEvalRpcWire {
  return wire.transport === 'rpc' && 'judgeBatch' in wire;
}

function parseListing(where: string, result: unknown): RubricListing {
  const parsed = listRubricsReplySchema.safeParse(result);
  if (!parsed.success) {
    return {
      ok: false,
      error: {
        kind: 'contract_violation',
        message: `${where}: malformed listing (${describeIssues(parsed.error)})${twiceEncodedSuffix(result)}`,
      },
    };
  }
  const stray = parsed.data.rubrics.find((r) => !r.rubricVersion.startsWith(`${r.name}@`));
  if (stray) {
    return {
      ok: false,
      error: {
        kind: 'contract_violation',
        message: `${where}: rubric "${stray.name}" has rubricVersion "${stray.rubricVersion}" of another rubric`,
        retryable: false,
      },
    };
  }
  return { ok: true, rubrics: parsed.data.rubrics };
}
