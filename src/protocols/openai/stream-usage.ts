/**
 * A streamed chat completion carries `usage` only when asked: OpenAI sends it in a last chunk
 * (`choices: []`) with `stream_options: {include_usage: true}` and never otherwise; vLLM, SGLang,
 * LiteLLM, Ollama (≥ 0.5) and llama.cpp's server honour the same field (QA150). So a request with
 * `stream: true` and no `stream_options` of the input's own is sent `{include_usage: true}`, and
 * the tokens and cost of a streamed reply are counted. An input's own `stream_options` is sent
 * as given (`{include_usage: false}` turns it off). A server that refuses the field (a 400 or 422
 * naming `stream_options`: a strict gateway, an old server) is asked once more without it, and
 * that agent's later requests go without it.
 */
import type { StepError } from '../types.js';
import type { ChatCompletionRequest } from './chat-completion.js';

/** Shared by one agent's calls: set once its server refused `stream_options`. */
export interface StreamUsageState {
  refused: boolean;
}

export const INCLUDE_USAGE = { include_usage: true } as const;

/** The body with `stream_options: {include_usage: true}` when it streams without stream_options. */
export function withStreamUsage(body: ChatCompletionRequest, state: StreamUsageState): ChatCompletionRequest {
  if (state.refused || body.stream !== true || body.stream_options !== undefined) return body;
  return { ...body, stream_options: INCLUDE_USAGE };
}

/** Whether a failed call refused the `stream_options` evalc added (400/422 naming the field). */
export function refusesStreamOptions(error: StepError): boolean {
  return (error.kind === 'http_400' || error.kind === 'http_422') && /stream_options/i.test(error.message);
}

/** The body as the input gave it: without the `stream_options` evalc added. */
export function withoutStreamUsage(body: ChatCompletionRequest): ChatCompletionRequest {
  const { stream_options: _added, ...rest } = body;
  return rest as ChatCompletionRequest;
}
