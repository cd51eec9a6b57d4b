/**
 * Regression (QA127, review of 9070825): the `profile: platform?` hint names only the fields the
 * platform sends as null, where it sends them: a message's `tool_calls`, `tool_call_id`, `name`
 * and a tool call's `tool_result`. A 422 `missing` of a field of the agent's own deeper in a
 * message (`messages.0.metadata.name`, a tool call's `function.name`), which no profile sends, was
 * hinted 'profile: platform?' too. Real loopback agent answering like FastAPI.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createChatAdapter } from '../../src/protocols/chat/adapter.js';
import { HttpTransport } from '../../src/protocols/http/transport.js';
import { startLoopback } from '../fixtures/loopback.js';
import { testContext } from './conformance.js';

const opened: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((item) => item.close()));
});

async function refusedWith(loc: unknown[]): Promise<string> {
  const agent = await startLoopback((_req, res) => {
    res.writeHead(422, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ detail: [{ type: 'missing', loc, msg: 'Field required' }] }));
  });
  const adapter = createChatAdapter(
    { protocol: 'chat', url: `${agent.url}/agent/respond` },
    { transport: new HttpTransport({ retries: 0 }) },
  );
  opened.push(adapter, agent);
  const outcome = await adapter.invoke('Hi', testContext(new AbortController().signal, { id: 'ex-1' }));
  return outcome.ok ? 'ok' : outcome.error.message;
}

describe('the profile: platform hint names the platform null fields only (QA127)', () => {
  it("a message's metadata.name or a tool call's function.name gets no hint", async () => {
    for (const loc of [
      ['body', 'messages', 0, 'metadata', 'name'],
      ['body', 'messages', 1, 'tool_calls', 0, 'function', 'name'],
      ['body', 'name'],
    ]) {
      const message = await refusedWith(loc);
      expect(message).toContain('Field required');
      expect(message).not.toContain('profile: platform');
    }
  });

  it("a message's name or a tool call's tool_result is hinted", async () => {
    expect(await refusedWith(['body', 'messages', 0, 'name'])).toMatch(
      /requires name on every message.*profile: platform\?\)$/,
    );
    expect(await refusedWith(['body', 'messages', 1, 'tool_calls', 0, 'tool_result'])).toMatch(
      /requires tool_result on every tool call, which .*profile: platform\?\)$/,
    );
  });

  it('a pydantic v2 union of message models (its loc names the member) is hinted too (QA134)', async () => {
    // FastAPI over `list[UserMessage | AssistantMessage]` names the union member in each loc
    // (`messages.0.UserMessage.tool_calls`), and over a union discriminated by role, the role
    // (`messages.0.user.name`); 87c6f07 read only `messages.<i>.<field>` and hinted neither.
    expect(await refusedWith(['body', 'messages', 0, 'UserMessage', 'tool_calls'])).toMatch(
      /requires tool_calls on every message.*profile: platform\?\)$/,
    );
    expect(await refusedWith(['body', 'messages', 0, 'user', 'name'])).toMatch(
      /requires name on every message.*profile: platform\?\)$/,
    );
    expect(
      await refusedWith(['body', 'messages', 1, 'AssistantMessage', 'tool_calls', 0, 'tool_result']),
    ).toMatch(/requires tool_result on every tool call, which .*profile: platform\?\)$/);
    // An agent's own field of the same depth still gets none.
    expect(await refusedWith(['body', 'messages', 0, 'metadata', 'name'])).not.toContain('profile: platform');
  });

  it("a union member pydantic names by a callable discriminator's Tag or a generic model's name is hinted too (QA148)", async () => {
    // pydantic 2.13: `Annotated[Union[Annotated[UserMessage, Tag('user-msg')], …], Discriminator(f)]`
    // reports `messages.0.user-msg.tool_calls`, and a generic `Msg[str]` member `messages.0.Msg[str].name`;
    // neither tag can be a field's name (not an identifier), where `metadata` can.
    expect(await refusedWith(['body', 'messages', 0, 'user-msg', 'tool_calls'])).toMatch(
      /requires tool_calls on every message.*profile: platform\?\)$/,
    );
    expect(await refusedWith(['body', 'messages', 0, 'Msg[str]', 'name'])).toMatch(
      /requires name on every message.*profile: platform\?\)$/,
    );
  });
});
