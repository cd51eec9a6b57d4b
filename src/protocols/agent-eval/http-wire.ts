/**
 * agent-eval over HTTP: `GET /v1/version`, `GET /v1/rubrics`, `POST /v1/judge`, `GET /healthz`
 * through the shared HttpTransport. The transport retries (up to the judge's `limits.retries`,
 * `Retry-After` honoured) the transient failures that carry no agent-eval error code: resets,
 * timeouts, and a 408, 429 or 5xx without the `{error: {code}}` envelope (a proxy's 503, a
 * restarting server). Coded errors are mapped here and retried, if at all, by the judge client's
 * own policy (500 `judge_error` A9; never 503 `llm_not_configured` A8). QA34: only resets, 429,
 * 502 and 504 were retried, so a timed-out judge call or a proxy's 503 failed the score at once.
 */
import type { JudgeConfig } from '../../plan/schema.js';
import { errorWithServerSaid, serverSaid } from '../http/server-said.js';
import { describeTarget, type HttpMethod, type JsonResponse, type RetryFilter } from '../http/transport.js';
import { joinUrlPath } from '../http/url-path.js';
import {
  type JudgeRuntime,
  judgeTimeoutMs,
  METADATA_TIMEOUT_MS,
  openJudgeTransport,
} from './judge-runtime.js';
import type { AgentEvalWire, JudgeWireBody, WireCall } from './wire-client.js';
import { mapBareStatus, mapWireError, parseWireError } from './wire-errors.js';

/**
 * HTTP's own "try again later" (QA39): a rate limiter or gateway in front of the judge answers
 * 429/408 with a JSON error envelope of its own (`{"error":{"code":"rate_limited",…}}`), which is
 * no verdict on the request. It was read as a 4xx agent-eval error: `config_error`, never retried,
 * its `Retry-After` ignored. It is retried like an uncoded one and, when retries run out, keeps
 * its HTTP kind (`http_429`).
 */
const TRY_LATER = new Set([408, 429]);

/** The transport's own test (`retryable`: resets, timeouts, 408, 429, 5xx) applies first. */
const retryUncodedTransient: RetryFilter = (_error, reply) =>
  (reply?.status !== undefined && TRY_LATER.has(reply.status)) || parseWireError(reply?.body) === undefined;

export function createAgentEvalHttpWire(
  url: string,
  config: JudgeConfig,
  runtime: JudgeRuntime,
): AgentEvalWire {
  const base = url.replace(/\/+$/, '');
  const urlHint = baseUrlHint(base);
  const { transport, owned, headerError } = openJudgeTransport(config, runtime);
  const judgeTimeout = judgeTimeoutMs(config, runtime);
  const metadataTimeout = Math.min(judgeTimeout, METADATA_TIMEOUT_MS);

  async function call(
    method: HttpMethod,
    path: string,
    body: unknown,
    timeoutMs: number,
    signal: AbortSignal,
  ): Promise<WireCall> {
    const target = joinUrlPath(base, path);
    const where = describeTarget(method, target);
    if (headerError !== undefined) {
      return {
        ok: false,
        error: { kind: 'config_error', message: `${where}: ${headerError}`, retryable: false },
      };
    }
    const request: Parameters<typeof transport.requestJson>[0] = {
      // one JSON reply (agent-eval has no streaming): a Latin-1 `data: {…}` stream is hinted
      // application/json, not the stream's own type, which it then read as 'not JSON' (QA288)
      noStream: 'an agent-eval judge',
      method,
      url: target,
      signal,
      timeoutMs,
      retry: retryUncodedTransient,
    };
    if (body !== undefined) request.body = body;
    const reply = await transport.requestJson(request);
    // `/healthz` asks for a 2xx only: a 204 there is a healthy server
    const result = interpret(where, reply, path !== '/healthz');
    if (!result.ok && result.error.kind === 'endpoint_not_found' && urlHint !== undefined)
      result.error.message += urlHint;
    return result;
  }

  return {
    transport: 'http',
    version: (signal) => call('GET', '/v1/version', undefined, metadataTimeout, signal),
    listRubrics: (signal) => call('GET', '/v1/rubrics', undefined, metadataTimeout, signal),
    judge: (body: JudgeWireBody, signal) => call('POST', '/v1/judge', body, judgeTimeout, signal),
    health: (signal) => call('GET', '/healthz', undefined, metadataTimeout, signal),
    async close() {
      if (owned) await transport.close();
    },
  };
}

/**
 * QA144: a `url` written as the API root an `openai` judge takes (`…/v1`) or as an endpoint
 * (`…/v1/judge`, `…/v1/version`, `…/healthz`) asked `/v1/v1/version`, and the server's 404 read
 * "is this an agent-eval server?": its 404 names the base url to write.
 */
function baseUrlHint(base: string): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(base);
  } catch {
    return undefined;
  }
  const suffix = /(?:\/v1(?:\/(?:judge|version|rubrics))?|\/healthz)\/*$/.exec(parsed.pathname);
  if (!suffix) return undefined;
  const path = parsed.pathname.slice(0, suffix.index);
  return `; write url: ${parsed.origin}${path}${parsed.search} (evalc appends /v1/version, /v1/rubrics and /v1/judge)`;
}

function interpret(where: string, reply: JsonResponse, needsJson: boolean): WireCall {
  if (reply.ok) {
    // a 204 or an empty 202 is no JSON, as an empty 200 is (QA190: the case next to cdc6945's raip
    // and openai, it read judge_error 'malformed judge result ((root): … received null)')
    if (needsJson && reply.body === null && reply.text.trim() === '')
      return {
        ok: false,
        error: {
          kind: 'invalid_json',
          message: `${where}: reply is empty (HTTP ${reply.status}), not JSON`,
          retryable: false,
        },
      };
    const envelope = parseWireError(reply.body);
    if (envelope) return { ok: false, error: mapWireError(where, envelope, reply.status) };
    return { ok: true, result: reply.body };
  }
  if (reply.status !== undefined && TRY_LATER.has(reply.status))
    return { ok: false, error: errorWithServerSaid(reply) };
  const envelope = parseWireError(reply.body);
  if (envelope) return { ok: false, error: mapWireError(where, envelope, reply.status) };
  if (reply.status !== undefined && reply.error.kind.startsWith('http_')) {
    const said = serverSaid(reply.body, reply.text);
    return { ok: false, error: mapBareStatus(where, reply.status, errorWithServerSaid(reply), said) };
  }
  // a 2xx that is not JSON quotes what came, as an agent's or an openai judge's does (QA237: it read
  // 'reply is not JSON' alone, a proxy's HTML page or a truncated verdict unsaid)
  return { ok: false, error: errorWithServerSaid(reply) };
}
