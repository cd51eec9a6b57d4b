/**
 * A 2xx reply with no body (a 204, or a 201/202 with nothing in it) where the protocol needs a
 * JSON document: `chat` (Connexity's `response.json()` on an empty body fails "Agent response is
 * not valid JSON", C11), `mae` over HTTP (AgentV's aiohttp `response.json()` refuses it too), and
 * `raip` and `openai` (QA185: "reply has no output", "chat completion has no choices[0].message"; QA190:
 * a raip agent's `GET /info`, "reply has no inputSchema").
 * The transport reads such a reply as `body: null` (a generic `http` agent may answer 204 on
 * purpose); these adapters make it the `invalid_json` an empty 200 already is, naming the status
 * (QA182: it read "reply is not a JSON object" / "reply has no action", as if the agent had sent
 * something other than JSON).
 */
import type { StepError } from '../types.js';
import { describeTarget } from './failure-words.js';

export function emptyReplyError(
  url: string,
  reply: { status: number; body: unknown; text: string },
  method: 'GET' | 'POST' = 'POST',
): StepError | undefined {
  if (reply.body !== null || reply.text.trim() !== '') return undefined;
  return {
    kind: 'invalid_json',
    message: `${describeTarget(method, url)}: reply is empty (HTTP ${reply.status}), not JSON`,
    retryable: false,
  };
}
