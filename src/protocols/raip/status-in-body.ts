/**
 * A RAIP reply with a 2xx status and no `output` whose `error` names, in its `code`, a status evalc
 * retries (408, 429, 5xx): a gateway or proxy before the agent (`{"error": {"code": 503, "message":
 * "upstream overloaded"}}`, as OpenRouter and LiteLLM answer) or an agent that returns its
 * upstream's failure with 200. It was a definitive `contract_violation`, cached, so no later apply
 * asked again (QA340). It is now that status's failure, `http_<code>`, transient: retried within
 * the apply as that status is (the transport's `failureIn2xx`, a 429 or 503 waiting what the
 * reply's headers ask, QA347), then not cached, the next apply asks again, as an `openai` agent's
 * is (protocols/openai/chat-completion.ts). Any other body without `output` is still a
 * `contract_violation`. A body with `"output": null` beside such an error is that status's failure
 * too: no answer (QA347: it was a cached `extraction_failed`).
 */
import { askedWaitMs } from '../http/interpret-reply.js';
import { RETRY_AFTER_CAP_MS, waitPastCapNote } from '../http/retry-policy.js';
import { isJsonObject } from '../http/trajectory.js';
import type { Reply2xx } from '../http/transport-types.js';
import { replyErrorText } from '../reply-error-field.js';
import type { StepError } from '../types.js';

export function transientStatusInBody(
  where: string,
  body: unknown,
  headers: Record<string, string> = {},
): StepError | undefined {
  // `"output": null` beside it is no answer either (QA347: it was a cached extraction_failed)
  if (!isJsonObject(body) || (body.output !== undefined && body.output !== null) || !isJsonObject(body.error))
    return undefined;
  const code = body.error.code;
  const status = typeof code === 'string' && /^\d{3}$/.test(code) ? Number(code) : code;
  if (typeof status !== 'number' || !Number.isInteger(status)) return undefined;
  if (status !== 408 && status !== 429 && (status < 500 || status > 599)) return undefined;
  const said = replyErrorText(body);
  const asked = askedWaitMs(status, headers);
  // a wait past the cap is not waited (the transport returns the reply as it came): said, as the status's is
  const past = asked !== undefined && asked > RETRY_AFTER_CAP_MS ? waitPastCapNote(asked) : '';
  return {
    kind: `http_${status}`,
    message: `${where}: the agent answered 200 with an error (code ${status})${said === undefined ? '' : `: ${said}`}${past}`,
    retryable: true,
    ...(asked === undefined ? {} : { retryAfterMs: asked }),
  };
}

/** The transport's `failureIn2xx` for a RAIP invoke: the failure above, retried as its status is. */
export function failureInInvoke(where: string): (reply: Reply2xx) => StepError | undefined {
  return (reply) => (reply.ok ? transientStatusInBody(where, reply.body, reply.headers) : undefined);
}
