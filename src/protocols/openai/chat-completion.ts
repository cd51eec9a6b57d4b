/**
 * One OpenAI-compatible `POST {baseUrl}/chat/completions` call, shared by the `openai` agent
 * adapter and the LLM judge client. The reply must carry a choice with a `message`; anything
 * else is a `contract_violation`. Transport failures keep the transport's kinds. Where servers
 * differ (QA19):
 * - a `url` that already ends in `/chat/completions` is the endpoint itself (nothing appended);
 * - a reply streamed as SSE although no stream was asked for is merged (streamed-completion.ts);
 * - the choice read is the one with `index: 0` (servers are not bound to list choices in order);
 * - an error answered with 200 and `{"error": {"message", "code": 502}}` (gateways such as
 *   OpenRouter) is `http_<code>` when the code is an HTTP status, so a transient upstream
 *   failure is not recorded as a definitive answer, and is retried as that status is
 *   (`failureInCompletion`);
 * - a 404 names its likely cause: an OpenAI error body about the model (`model_not_found`, vLLM's
 *   "The model `x` does not exist") says the server does not serve that model and is not final
 *   (the next apply asks again, e.g. after `ollama pull`); a plain 404 asks whether `url` is the
 *   API base (`…/v1`).
 */

import { emptyReplyError } from '../http/empty-reply.js';
import { askedWaitMs } from '../http/interpret-reply.js';
import { RETRY_AFTER_CAP_MS, waitPastCapNote } from '../http/retry-policy.js';
import { errorWithServerSaid, serverSaid } from '../http/server-said.js';
import { isJsonObject } from '../http/trajectory.js';
import {
  describeTarget,
  type HttpTransport,
  type JsonResponse,
  type Reply2xx,
  type RetryFilter,
} from '../http/transport.js';
import { joinUrlPath } from '../http/url-path.js';
import { twiceEncodedSuffix } from '../twice-encoded.js';
import type { StepError } from '../types.js';
import { messageText } from './message-text.js';
import {
  refusesMaxTokens,
  SENT_AS_COMPLETION_TOKENS,
  temperatureHint,
  withCompletionTokens,
} from './reasoning-model-refusals.js';
import { recoverStreamedReply } from './streamed-completion.js';

/** The request body; extra keys (e.g. `response_format`, `tools`, `seed`) are sent as given. */
export interface ChatCompletionRequest {
  model: string;
  messages: unknown[];
  temperature?: number;
  max_tokens?: number;
  response_format?: unknown;
  [key: string]: unknown;
}

export type ChatCompletionOutcome =
  | {
      ok: true;
      /** The parsed reply as the server sent it (a streamed reply: its chunks merged). */
      completion: Record<string, unknown>;
      /** The choice with `index: 0` (else the first). */
      choice: Record<string, unknown>;
      /** That choice's `message`. */
      message: Record<string, unknown>;
      /** That message's content when it is text (a string or text parts), else null. */
      content: string | null;
    }
  | { ok: false; error: StepError };

export interface ChatCompletionOptions {
  retry?: false | RetryFilter;
  timeoutMs?: number;
  /**
   * Shared by one agent's calls: set once a server refused `max_tokens` for `max_completion_tokens`
   * (OpenAI's reasoning models), after which `max_tokens` is sent under that name (QA116).
   */
  tokenLimit?: { completionTokens: boolean };
}

const ENDPOINT_SUFFIX = '/chat/completions';

/**
 * The endpoint for a configured `url`: the API base (`http://127.0.0.1:11434/v1`) with
 * `/chat/completions` appended before any query string (Azure's `?api-version=`), or the `url`
 * as given when its path already ends in `/chat/completions`.
 */
export function chatCompletionsUrl(baseUrl: string): string {
  let path: string;
  try {
    path = new URL(baseUrl).pathname;
  } catch {
    path = baseUrl.split(/[?#]/)[0] ?? baseUrl;
  }
  if (path.replace(/\/+$/, '').endsWith(ENDPOINT_SUFFIX)) return baseUrl;
  return joinUrlPath(baseUrl, ENDPOINT_SUFFIX);
}

export async function chatCompletion(
  transport: HttpTransport,
  baseUrl: string,
  body: ChatCompletionRequest,
  signal: AbortSignal,
  options: ChatCompletionOptions = {},
): Promise<ChatCompletionOutcome> {
  const post = async (sent: ChatCompletionRequest) =>
    recoverStreamedReply(
      await transport.requestJson({
        method: 'POST',
        url: chatCompletionsUrl(baseUrl),
        body: sent,
        signal,
        failureIn2xx: failureInCompletion(describeTarget('POST', chatCompletionsUrl(baseUrl))),
        ...(options.retry === undefined ? {} : { retry: options.retry }),
        ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
      }),
      describeTarget('POST', chatCompletionsUrl(baseUrl)),
    );
  let sent = options.tokenLimit?.completionTokens ? withCompletionTokens(body) : body;
  let reply = await post(sent);
  if (sent.max_tokens !== undefined && !signal.aborted && refusesMaxTokens(reply)) {
    if (options.tokenLimit) options.tokenLimit.completionTokens = true;
    sent = withCompletionTokens(sent);
    reply = await post(sent);
  }
  if (!reply.ok) {
    const error = describeFailedReply(reply, body.model);
    // Refused so though sent as max_completion_tokens (a proxy that maps it back): this evalc's
    // answer, which the cache keeps, not an older evalc's stale one (QA132).
    if (sent.max_tokens === undefined && sent.max_completion_tokens !== undefined && refusesMaxTokens(reply))
      error.message += SENT_AS_COMPLETION_TOKENS;
    return { ok: false, error };
  }
  // a 204 or an empty 202 is no completion the OpenAI SDK can parse, not one without choices (QA185)
  const empty = emptyReplyError(chatCompletionsUrl(baseUrl), reply);
  if (empty) return { ok: false, error: empty };
  return readCompletionOf(reply);
}

/**
 * The transport's `failureIn2xx` for a chat completion: the transient failure a 2xx reply carries
 * inside (an error event mid-stream, a gateway's 200 with `{"error": …}`, a cut stream) — retried
 * within the apply as a 500 is (QA214), where only the next apply asked again. The reply the
 * transport returns is read again by the caller, so its message and kind are unchanged.
 */
export function failureInCompletion(where: string): (reply: Reply2xx) => StepError | undefined {
  return (reply) => {
    const read = recoverStreamedReply({ ...reply, attempts: 0 }, where);
    if (!read.ok) return read.error;
    const completion = readCompletion(read.body);
    if (completion.ok) return undefined;
    // a 429 or 503 named inside the 200 waits what the reply's headers ask, as the status's would
    const asked = askedWaitInside(completion.error, read.headers);
    return asked === undefined ? completion.error : { ...completion.error, retryAfterMs: asked };
  };
}

/** The wait a 429 or 503 named inside a 2xx asks by the reply's headers (QA214), else undefined. */
function askedWaitInside(error: StepError, headers: Record<string, string>): number | undefined {
  return askedWaitMs(Number(/^http_(\d{3})$/.exec(error.kind)?.[1]), headers);
}

/**
 * A completion's reading, its error saying a wait past the cap that a 429 or 503 named inside a
 * 2xx asked, which evalc did not wait, as that status's reply says it (QA215: it read only the
 * server's words, as if asked and failed).
 */
export function readCompletionOf(reply: {
  body?: unknown;
  headers: Record<string, string>;
}): ChatCompletionOutcome {
  const completion = readCompletion(reply.body);
  if (completion.ok) return completion;
  const asked = askedWaitInside(completion.error, reply.headers);
  if (asked === undefined || asked <= RETRY_AFTER_CAP_MS) return completion;
  return {
    ok: false,
    error: { ...completion.error, message: `${completion.error.message}${waitPastCapNote(asked)}` },
  };
}

/** The first choice of a parsed completion, or why there is none. */
export function readCompletion(completion: unknown): ChatCompletionOutcome {
  const choice = isJsonObject(completion) ? firstChoice(completion.choices) : undefined;
  if (!isJsonObject(completion) || choice === undefined || !isJsonObject(choice.message))
    return { ok: false, error: errorInBody(completion) };
  // an error beside a choice finished with 'error' (OpenRouter's, when generation failed after
  // the 200) is that error, not the answer so far, as in a stream (QA210)
  if (isJsonObject(completion.error) && choice.finish_reason === 'error')
    return { ok: false, error: errorInBody(completion) };
  const message = choice.message;
  return { ok: true, completion, choice, message, content: messageText(message.content) };
}

/** The choice with `index: 0`, else the first one listed. */
export function firstChoice(choices: unknown): Record<string, unknown> | undefined {
  if (!Array.isArray(choices)) return undefined;
  const listed = choices.filter(isJsonObject);
  return listed.find((c) => c.index === 0) ?? listed[0];
}

/** A 2xx reply without a choice: the error some servers and gateways answer with status 200. */
function errorInBody(completion: unknown): StepError {
  const said = serverSaid(completion, undefined);
  const error = isJsonObject(completion) && isJsonObject(completion.error) ? completion.error : {};
  const code = error.code;
  const status = typeof code === 'string' && /^\d{3}$/.test(code) ? Number(code) : code;
  if (typeof status === 'number' && Number.isInteger(status) && status >= 400 && status <= 599)
    return {
      kind: `http_${status}`,
      message: `the server answered 200 with an error (code ${status})${said === '' ? '' : `: ${said}`}`,
      retryable: status === 408 || status === 429 || status >= 500,
    };
  const typed = typedStatus(error);
  if (typed !== undefined)
    return {
      kind: `http_${typed.status}`,
      message: `the server answered 200 with an error (${typed.named}, OpenAI's ${typed.status})${said === '' ? '' : `: ${said}`}`,
      retryable: true,
    };
  return {
    kind: 'contract_violation',
    message: `chat completion has no choices[0].message${said === '' ? '' : `: ${said}`}${shapeHint(completion)}${twiceEncodedSuffix(completion)}`,
    retryable: false,
  };
}

/**
 * What a 2xx without a choice's message holds instead, when it is a known shape (QA347: both read
 * only "no choices[0].message"): a legacy completions choice (`{"text": …}`, POST /v1/completions'
 * answer), or usage alone (a stream whose only chunk was the usage one include_usage asks for).
 */
function shapeHint(completion: unknown): string {
  if (!isJsonObject(completion)) return '';
  const choice = firstChoice(completion.choices);
  if (choice !== undefined && !Object.hasOwn(choice, 'message') && typeof choice.text === 'string')
    return " (its choices[0] has `text`, the legacy completions API's answer: evalc posts to {url}/chat/completions, whose choices carry a `message`; the server answered as POST /v1/completions does)";
  if (Array.isArray(completion.choices) && completion.choices.length === 0 && isJsonObject(completion.usage))
    return ' (its choices are empty and only usage came: the server generated no choice, a stream sending its usage chunk alone)';
  return '';
}

/**
 * The status OpenAI gives the error an error object names without a numeric `code`: what it sends
 * mid-stream, where the 200 was already sent (`data: {"error": {"type": "server_error", "code":
 * null, …}}`; its SDK raises APIError). Such a failure of the server was a definitive
 * `contract_violation`, cached, so no later apply asked again (QA204).
 */
function typedStatus(error: Record<string, unknown>): { status: number; named: string } | undefined {
  if (error.type === 'server_error') return { status: 500, named: 'type server_error' };
  // OpenRouter names it in `code` (`{"code": "server_error", "message": "Provider disconnected…"}`, QA210)
  if (error.code === 'server_error') return { status: 500, named: 'code server_error' };
  if (error.code === 'rate_limit_exceeded') return { status: 429, named: 'code rate_limit_exceeded' };
  return undefined;
}

/** An HTTP failure with what the server said, and for a 404 its likely cause. */
export function describeFailedReply(reply: Extract<JsonResponse, { ok: false }>, model: string): StepError {
  const error = errorWithServerSaid(reply);
  const hint = temperatureHint(reply, 'agent');
  if (hint !== '') return { ...error, message: `${error.message}${hint}` };
  if (reply.status !== 404) return error;
  if (isModelNotFound(reply.body))
    return {
      ...error,
      message: `${error.message} (the server does not serve model "${model.slice(0, 120)}": check \`model\` against GET /v1/models)`,
      // not a final answer about this input: the model may be pulled or loaded before the next apply
      retryable: true,
    };
  if (isJsonObject(reply.body) && isJsonObject(reply.body.error)) return error;
  return {
    ...error,
    message: `${error.message} (is \`url\` the API base, e.g. http://host:port/v1? evalc posts to {url}/chat/completions)`,
  };
}

export function isModelNotFound(body: unknown): boolean {
  if (!isJsonObject(body)) return false;
  const error = isJsonObject(body.error) ? body.error : body;
  if (error.code === 'model_not_found' || error.type === 'NotFoundError') return true;
  const message = typeof error.message === 'string' ? error.message : '';
  return (
    /\bmodel\b/i.test(message) &&
    /not (?:be )?found|does not exist|not exist|unknown|not available/i.test(message)
  );
}
