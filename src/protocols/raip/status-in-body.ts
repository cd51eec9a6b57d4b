/**
 * A RAIP reply with a 2xx status and no `output` whose `error` names, in its `code`, a status evalc
 * retries (408, 429, 5xx): a gateway or proxy before the agent (`{"error": {"code": 503, "message":
 * "upstream overloaded"}}`, as OpenRouter and LiteLLM answer) or an agent that returns its
 * upstream's failure with 200. It was a definitive `contract_violation`, cached, so no later apply
 * asked again (QA340). It is now that status's failure, `http_<code>`, transient: not cached, the
 * next apply asks again, as an `openai` agent's is (protocols/openai/chat-completion.ts). Any other
 * body without `output` is still a `contract_violation`.
 */
import { isJsonObject } from '../http/trajectory.js';
import { replyErrorText } from '../reply-error-field.js';
import type { StepError } from '../types.js';

export function transientStatusInBody(where: string, body: unknown): StepError | undefined {
  if (!isJsonObject(body) || Object.hasOwn(body, 'output') || !isJsonObject(body.error)) return undefined;
  const code = body.error.code;
  const status = typeof code === 'string' && /^\d{3}$/.test(code) ? Number(code) : code;
  if (typeof status !== 'number' || !Number.isInteger(status)) return undefined;
  if (status !== 408 && status !== 429 && (status < 500 || status > 599)) return undefined;
  const said = replyErrorText(body);
  return {
    kind: `http_${status}`,
    message: `${where}: the agent answered 200 with an error (code ${status})${said === undefined ? '' : `: ${said}`}`,
    retryable: true,
  };
}
