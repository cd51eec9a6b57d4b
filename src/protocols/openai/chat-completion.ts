/**
 * One OpenAI-compatible `POST {baseUrl}/chat/completions` call, shared by the `openai` agent
 * adapter and the LLM judge client. The reply must carry `choices[0].message`; anything else
 * is a `contract_violation`. Transport failures keep the transport's kinds.
 */

import { errorWithServerSaid, serverSaid } from '../http/server-said.js';
import { isJsonObject } from '../http/trajectory.js';
import type { HttpTransport, RetryFilter } from '../http/transport.js';
import { joinUrlPath } from '../http/url-path.js';
import type { StepError } from '../types.js';
import { messageText } from './message-text.js';

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
      /** The parsed reply as the server sent it. */
      completion: Record<string, unknown>;
      /** `choices[0].message`. */
      message: Record<string, unknown>;
      /** `choices[0].message.content` when it is a string, else null. */
      content: string | null;
    }
  | { ok: false; error: StepError };

export interface ChatCompletionOptions {
  retry?: false | RetryFilter;
  timeoutMs?: number;
}

/** `baseUrl` is the API base (e.g. `http://127.0.0.1:11434/v1`); `/chat/completions` is appended. */
export async function chatCompletion(
  transport: HttpTransport,
  baseUrl: string,
  body: ChatCompletionRequest,
  signal: AbortSignal,
  options: ChatCompletionOptions = {},
): Promise<ChatCompletionOutcome> {
  const reply = await transport.requestJson({
    method: 'POST',
    url: joinUrlPath(baseUrl, '/chat/completions'),
    body,
    signal,
    ...(options.retry === undefined ? {} : { retry: options.retry }),
    ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
  });
  if (!reply.ok) return { ok: false, error: errorWithServerSaid(reply) };
  const completion = reply.body;
  if (
    !isJsonObject(completion) ||
    !Array.isArray(completion.choices) ||
    !isJsonObject(completion.choices[0]?.message)
  ) {
    // some servers and gateways answer an error with 200 and `{"error": {"message": …}}`
    const said = serverSaid(completion, undefined);
    return {
      ok: false,
      error: {
        kind: 'contract_violation',
        message: `chat completion has no choices[0].message${said === '' ? '' : `: ${said}`}`,
        retryable: false,
      },
    };
  }
  const message = completion.choices[0].message as Record<string, unknown>;
  const content = messageText(message.content);
  return { ok: true, completion, message, content };
}
