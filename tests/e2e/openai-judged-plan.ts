/**
 * The set-up of the tests of what apply says of an openai judge whose scores failed (QA295, QA302,
 * QA305): loopback servers and a temp folder that go when the test finishes, an `http` agent
 * answering each example, and the plan of that agent's answers judged by `oj`.
 */
import { onTestFinished } from 'vitest';
import { type LoopbackHandler, sendJson, startLoopback } from '../fixtures/loopback.js';
import { tempFolder } from '../fixtures/temp-folder.js';

/** `d.jsonl` of q1 (q = x) and q2 (q = y), both expecting the answer 4. */
export const TWO_EXAMPLES =
  '{"id":"q1","vars":{"q":"x"},"expected":{"answer":"4"}}\n{"id":"q2","vars":{"q":"y"},"expected":{"answer":"4"}}\n';

/** A loopback server, closed when the current test finishes. */
export async function startTestLoopback(handler: LoopbackHandler) {
  const server = await startLoopback(handler);
  onTestFinished(() => server.close());
  return server;
}

/**
 * A temp folder `evalc-<prefix>-…` and an http agent answering `{ answer: answerOf(q) }` to each
 * request `{ q }`, both gone when the current test finishes.
 */
export async function answeringAgentFolder(
  prefix: string,
  answerOf: (q: string) => string,
): Promise<{ dir: string; agentUrl: string }> {
  const dir = tempFolder(`evalc-${prefix}-`);
  const agent = await startTestLoopback((_req, res, body) => {
    sendJson(res, 200, { answer: answerOf((JSON.parse(body) as { q: string }).q) });
  });
  return { dir, agentUrl: agent.url };
}

/** A task's body (after `name:`) over dataset `d` from `source`, its answer judged by `oj` as metric `j`. */
export const judgedTask = (source: string) => `
    bindings: { default: { input: { q: "{{q}}" }, output: { answer: answer } } }
    datasets: { d: { source: ${source} } }
    metrics: [{ type: judge, id: j, judge: oj, content: "{{candidate.answer}}" }]`;

/**
 * The plan: agent a1 (http, `<agentUrl>/x`), judge `oj: <oj>`, and `tasks` (its lines; task `t`
 * over d.jsonl unless told), with `run: <run>` when given.
 */
export function openaiJudgedPlan(
  agentUrl: string,
  oj: string,
  options: { run?: string; tasks?: string } = {},
): string {
  return `evalc: 1
benchmark: { id: b, version: 0.1.0 }
${options.run === undefined ? '' : `run: ${options.run}\n`}agents:
  a1: { protocol: http, url: "${agentUrl}/x" }
judges:
  oj: ${oj}
tasks:
${options.tasks ?? `  t:${judgedTask('d.jsonl')}`}
`;
}
