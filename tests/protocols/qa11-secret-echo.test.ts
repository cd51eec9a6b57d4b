/**
 * QA11: a server that quotes back the secret headers it was sent never gets them into what an
 * adapter or a judge client returns — a RAIP identity (pinned in evalc.lock), a reply
 * (trajectories, reports), a judge's rationale, model or version — whatever the spelling: as
 * is, JSON-escaped inside a string, Python's `\u00fc`, PHP's `\/`, percent-encoded. Real
 * loopback server (tests/fixtures/qa11-echo-server.ts).
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { AgentConfig, JudgeConfig } from '../../src/plan/schema.js';
import { createAgentEvalJudge } from '../../src/protocols/agent-eval/agent-eval-judge.js';
import { HttpTransport } from '../../src/protocols/http/transport.js';
import { createHttpAgentAdapter, isHttpAgentProtocol } from '../../src/protocols/http-adapters.js';
import { createOpenaiJudge } from '../../src/protocols/openai-judge/openai-judge.js';
import type { AgentAdapter } from '../../src/protocols/types.js';
import { type EchoServer, startEchoServer } from '../fixtures/qa11-echo-server.js';
import { testContext } from './conformance.js';

/** Quote, backslash, slash, plus and a Latin-1 letter: each changes form in some encoder. */
const TOKEN = 'CANARY_qa11/tok+en"q\\b-ü';
const PROBE = 'CANARY_qa11';

let server: EchoServer;
const closers: Array<() => Promise<void>> = [];

afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
  await server.close();
});

function adapter(config: AgentConfig, headers: Record<string, string>): AgentAdapter {
  if (!isHttpAgentProtocol(config)) throw new Error('not an HTTP protocol');
  const made = createHttpAgentAdapter(config, { transport: new HttpTransport({ retries: 0, headers }) });
  closers.push(() => made.close());
  return made;
}

const signal = () => AbortSignal.timeout(5_000);

describe('secrets a server echoes back', () => {
  it('are not in a RAIP identity (name, version, ETag) that the lockfile pins', async () => {
    server = await startEchoServer();
    const raip = adapter(
      { protocol: 'raip', url: `${server.url}/raip` },
      { authorization: `Bearer ${TOKEN}` },
    );
    const found = await raip.discover?.(signal());
    expect(found).toMatchObject({
      ok: true,
      discovery: { name: 'echo for [redacted]', version: '1.0.0+[redacted]', etag: '"[redacted]"' },
    });
  });

  it('are not in the replies of raip, chat, openai and http agents, in any spelling', async () => {
    server = await startEchoServer();
    const headers = { authorization: `Bearer ${TOKEN}`, 'x-api-key': TOKEN };
    const outcomes = [
      await adapter({ protocol: 'raip', url: `${server.url}/raip` }, headers).invoke(
        { q: 1 },
        testContext(signal()),
      ),
      await adapter({ protocol: 'chat', url: `${server.url}/chat` }, headers).invoke(
        { messages: [{ role: 'user', content: 'hi' }] },
        testContext(signal()),
      ),
      await adapter({ protocol: 'openai', url: `${server.url}/v1`, model: 'm' }, headers).invoke(
        'hi',
        testContext(signal()),
      ),
      await adapter({ protocol: 'http', url: `${server.url}/http`, method: 'POST' }, headers).invoke(
        { q: 1 },
        testContext(signal()),
      ),
    ];
    for (const outcome of outcomes) {
      expect(outcome.ok).toBe(true);
      const text = JSON.stringify(outcome);
      expect(text).toContain('[redacted]');
      expect(text).not.toContain(PROBE);
    }
    // The reply is still read as the server sent it, the secret aside.
    expect(outcomes[0]?.ok && outcomes[0].trajectory.response).toMatchObject({
      output: { answer: 'you sent [redacted]' },
    });
  });

  it('are not in an error that quotes the decoded password of a Basic credential', async () => {
    server = await startEchoServer();
    const basic = Buffer.from('svc-user:CANARY_qa11_pw').toString('base64');
    const http = adapter(
      { protocol: 'http', url: `${server.url}/basic/x`, method: 'POST' },
      { authorization: `Basic ${basic}` },
    );
    const outcome = await http.invoke({ q: 1 }, testContext(signal()));
    expect(outcome.ok ? '' : outcome.error.message).toContain('with password [redacted] is not allowed');
    expect(JSON.stringify(outcome)).not.toContain(PROBE);
  });

  it('are not in an agent-eval judge version, rubric listing or verdict', async () => {
    server = await startEchoServer();
    const config: JudgeConfig = {
      protocol: 'agent-eval',
      url: server.url,
      rubric: 'reg',
      headers: { authorization: 'Bearer ${env.QA11_JUDGE_TOKEN}' },
    };
    const judge = createAgentEvalJudge(config, { cwd: '.', rubrics: {}, env: { QA11_JUDGE_TOKEN: TOKEN } });
    closers.push(() => judge.close());
    const described = await judge.describe(signal());
    const listed = await judge.listRubrics(signal());
    const verdict = await judge.judge({ content: 'an answer', rubric: { name: 'reg' } }, signal());
    expect(described).toMatchObject({ ok: true, info: { version: '0.167.0-[redacted]' } });
    expect(verdict).toMatchObject({ ok: true, verdict: { model: 'judge-model [redacted]' } });
    for (const result of [described, listed, verdict]) expect(JSON.stringify(result)).not.toContain(PROBE);
  });

  it('are not in an OpenAI-compatible judge verdict', async () => {
    server = await startEchoServer();
    const judge = createOpenaiJudge(
      {
        protocol: 'openai',
        url: `${server.url}/v1`,
        model: 'm',
        rubric: 'r',
        headers: { authorization: 'Bearer ${env.QA11_JUDGE_TOKEN}' },
      },
      {
        cwd: '.',
        rubrics: { r: { dimensions: [{ id: 'relevance', description: 'relevant', weight: 1 }] } },
        env: { QA11_JUDGE_TOKEN: TOKEN },
      },
    );
    closers.push(() => judge.close());
    const verdict = await judge.judge({ content: 'an answer', rubric: { name: 'r' } }, signal());
    expect(verdict).toMatchObject({ ok: true, verdict: { rationale: 'I saw [redacted]' } });
    expect(JSON.stringify(verdict)).not.toContain(PROBE);
  });
});

describe('a header HTTP cannot carry', () => {
  it('fails without sending anything, naming the header and not the value, and is not retryable', async () => {
    server = await startEchoServer();
    const http = adapter(
      { protocol: 'http', url: `${server.url}/http`, method: 'POST' },
      { 'x-api-key': `${PROBE}-from-a-file\n` },
    );
    const outcome = await http.invoke({ q: 1 }, testContext(signal()));
    expect(outcome.ok ? undefined : outcome.error).toEqual({
      kind: 'transport_error',
      message: `POST ${server.url}/http: header "x-api-key" cannot be sent: its value has a line break (check the environment variable it comes from); nothing was sent`,
      retryable: false,
    });
    const unicode = adapter(
      { protocol: 'chat', url: `${server.url}/chat` },
      { authorization: 'Bearer tok€n' },
    );
    const second = await unicode.invoke(
      { messages: [{ role: 'user', content: 'hi' }] },
      testContext(signal()),
    );
    expect(second.ok ? '' : second.error.message).toContain('its value has a character outside Latin-1');
    const badName = adapter(
      { protocol: 'raip', url: `${server.url}/raip` },
      { 'x bad name': `${PROBE}-1234` },
    );
    const third = await badName.discover?.(signal());
    expect(third?.ok ? '' : third?.error.message).toBe(
      `GET ${server.url}/raip/info: header name "x bad name" is not a valid HTTP header name (letters, digits and !#$%&'*+.^_\`|~- only); nothing was sent`,
    );
    const framing = adapter(
      { protocol: 'http', url: `${server.url}/http`, method: 'POST' },
      { 'Content-Length': '12' },
    );
    const fourth = await framing.invoke({ q: 1 }, testContext(signal()));
    expect(fourth.ok ? '' : fourth.error.message).toBe(
      `POST ${server.url}/http: header "content-length" is written by evalc's HTTP client and cannot be configured; nothing was sent`,
    );
    expect(server.requests()).toEqual([]);
  });
});
