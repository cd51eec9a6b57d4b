/**
 * QA296 (the case beside QA288's mae http hint): a mae agent that answers with an event stream
 * (`data: {"action": …}`, what AgentV's `sse` adapter reads) under `transport: http`, the default, was
 * told 'reply is not JSON: data: {…}' and no more, and in Latin-1 to 'send one JSON reply', though
 * the plan's `transport: sse` reads it. Both name it now, and that `sse` posts to the url as written
 * (no `/execute_task` added); a reply that is no stream is not told so. A real loopback server.
 */
import { expect, it } from 'vitest';
import { invokeMaeAgent } from '../fixtures/fixed-reply-agent.js';
import { finalAnswer } from '../fixtures/mae-harness.js';

const invoke = (
  text: string,
  encoding: BufferEncoding,
  transport: 'http' | 'sse',
  path = '',
  type = 'text/event-stream',
) => invokeMaeAgent(Buffer.from(text, encoding), { 'content-type': type }, transport, path);

const reply = '{"action":"final_answer","content":"café"}';
const messageOf = async (...args: Parameters<typeof invoke>) => {
  const outcome = await invoke(...args);
  return outcome.ok ? 'answered' : outcome.error.message;
};
const hint =
  '; a stream of `data:` events is read with `transport: sse` (it posts to the url as written: end it in /execute_task)';

it('a UTF-8 stream under transport: http names transport: sse', async () => {
  const message = await messageOf(`data: ${reply}\n\n`, 'utf8', 'http');
  expect(message).toContain('reply is not JSON: data: {');
  expect(message.endsWith(hint)).toBe(true);
});

it('so does a Latin-1 one, after its charset hint', async () => {
  expect(await messageOf(`data: ${reply}\n\n`, 'latin1', 'http')).toContain(
    `(a mae http agent reads no event stream: send one JSON reply)${hint}`,
  );
});

it('a url already ending in /execute_task is not told to end so', async () => {
  const message = await messageOf(`data: ${reply}\n\n`, 'utf8', 'http', '/execute_task');
  expect(message.endsWith('; a stream of `data:` events is read with `transport: sse`')).toBe(true);
});

it('a reply that is no stream is not told of sse', async () => {
  expect(await messageOf('Task done.', 'utf8', 'http', '', 'text/plain')).toContain('reply is not JSON');
  expect(await messageOf('Task done.', 'utf8', 'http', '', 'text/plain')).not.toContain('transport: sse');
  const latin1 = await messageOf(reply, 'latin1', 'http', '', 'application/json');
  expect(latin1).toContain('reply is not UTF-8');
  expect(latin1).not.toContain('transport: sse');
});

it('the hint, followed, reads the stream', async () => {
  expect(finalAnswer(await invoke(`data: ${reply}\n\n`, 'utf8', 'sse', '/execute_task'))).toBe('café');
});
