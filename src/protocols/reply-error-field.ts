/**
 * What a 2xx reply that is not an answer says about itself (QA24). Python agents commonly catch
 * an exception and return it with status 200 — `return {"error": str(e)}` — so the reply fails
 * the protocol's shape ("messages is required", "reply has no action") and the agent's own
 * explanation (`openai.RateLimitError: Rate limit reached …`) was dropped from the message.
 * Read: `error` (a string, or `{message}` as OpenAI nests it), else `detail` (a string, FastAPI's
 * HTTPException), one line, at most 200 characters; cut with a `…`, so a secret cut there has its head
 * masked too (plan/secret-cut.ts; QA123).
 */
import { quoteCut } from './quote-cut.js';

const MAX_SAID = 200;

/** The reply's own error text, or undefined when it carries none. */
export function replyErrorText(reply: unknown): string | undefined {
  if (typeof reply !== 'object' || reply === null || Array.isArray(reply)) return undefined;
  const { error, detail } = reply as { error?: unknown; detail?: unknown };
  const nested =
    typeof error === 'object' && error !== null ? (error as { message?: unknown }).message : error;
  const said = typeof nested === 'string' ? nested : typeof detail === 'string' ? detail : undefined;
  if (said === undefined) return undefined;
  const line = quoteCut(said.replace(/\s+/g, ' ').trim(), MAX_SAID);
  return line === '' ? undefined : line;
}

/** `; the agent said: <text>` for a reply that carries its own error text, else ''. */
export function agentSaidSuffix(reply: unknown): string {
  const said = replyErrorText(reply);
  return said === undefined ? '' : `; the agent said: ${said}`;
}
