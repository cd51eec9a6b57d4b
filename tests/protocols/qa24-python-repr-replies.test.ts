/**
 * QA24: the commonest Python slip — sending a dict's repr instead of JSON (`print(reply)`,
 * `str(reply)`, Flask's `return str(reply)`): `{'action': 'final_answer', 'done': True}`. Every
 * protocol refuses it as not JSON, as it should; but a stdio mae agent was told to move its
 * banners and logs to stderr, and the others got no hint at all. The message now says it looks
 * like a Python dict's repr and to send json.dumps(reply). Real Python agents
 * (tests/fixtures/qa24-python-agent.py).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAgentEvalJudge } from '../../src/protocols/agent-eval/agent-eval-judge.js';
import { createChatAdapter } from '../../src/protocols/chat/adapter.js';
import { createHttpAdapter } from '../../src/protocols/generic-http/adapter.js';
import { HttpTransport } from '../../src/protocols/http/transport.js';
import { pythonReprHint } from '../../src/protocols/python-repr.js';
import { createRaipAdapter } from '../../src/protocols/raip/adapter.js';
import type { InvokeOutcome } from '../../src/protocols/types.js';
import { FIXTURES_DIR, maeContext, makeMaeAdapter } from '../fixtures/mae-harness.js';
import { type PythonAgent, startPythonAgent } from '../fixtures/qa24-python-process.js';
import { testContext } from './conformance.js';

const HINT = 'this looks like a Python dict printed with print(reply) or str(reply): send json.dumps(reply)';

let http: PythonAgent;
beforeAll(async () => {
  http = await startPythonAgent('http');
});
afterAll(async () => {
  await http?.stop();
});

function errorOf(outcome: InvokeOutcome): { kind: string; message: string } {
  if (outcome.ok) throw new Error('expected a failure');
  return outcome.error;
}

describe('a Python dict repr instead of JSON', () => {
  it('mae local (seed): names the repr, not banners on stdout', async () => {
    const adapter = makeMaeAdapter({ transport: 'local', command: 'python3 qa24-python-agent.py stdio' });
    try {
      const error = errorOf(await adapter.invoke('repr', maeContext()));
      expect(error.kind).toBe('invalid_json');
      expect(error.message).toBe(
        `local agent: reply is not JSON: "{'action': 'final_answer', 'summary': 'A:repr'}" (${HINT})`,
      );
    } finally {
      await adapter.close();
    }
  });

  it('mae http: Flask return str(reply)', async () => {
    const adapter = makeMaeAdapter({
      transport: 'http',
      url: `http://127.0.0.1:${http.port}`,
      profile: 'agentv',
    });
    try {
      const error = errorOf(await adapter.invoke('repr', maeContext()));
      expect(error.kind).toBe('invalid_json');
      expect(error.message).toContain(
        `reply is not JSON: {'action': 'final_answer', 'summary': 'A:repr'} (${HINT})`,
      );
    } finally {
      await adapter.close();
    }
  });

  it('chat: the agent returned str(reply)', async () => {
    const transport = new HttpTransport({ retries: 0 });
    const adapter = createChatAdapter(
      { protocol: 'chat', url: `http://127.0.0.1:${http.port}/agent/respond` },
      { transport },
    );
    try {
      const error = errorOf(
        await adapter.invoke('repr', testContext(new AbortController().signal, { id: 'ex-1' })),
      );
      expect(error.kind).toBe('invalid_json');
      expect(error.message).toContain(`(${HINT})`);
      const ok = await adapter.invoke('hello', testContext(new AbortController().signal, { id: 'ex-2' }));
      expect(ok.ok).toBe(true);
    } finally {
      await adapter.close();
    }
  });

  it('raip and generic http: the agent returned str(reply) as text/html', async () => {
    const transport = new HttpTransport({ retries: 0 });
    const url = `http://127.0.0.1:${http.port}`;
    try {
      const raip = createRaipAdapter({ protocol: 'raip', url }, { transport });
      const raipError = errorOf(
        await raip.invoke({ q: 'repr' }, testContext(new AbortController().signal, { id: 'e' })),
      );
      expect(raipError.kind).toBe('invalid_json');
      expect(raipError.message).toContain(`(${HINT})`);
      const generic = createHttpAdapter(
        { protocol: 'http', method: 'POST', url: `${url}/ask` },
        { transport },
      );
      const httpError = errorOf(
        await generic.invoke({ q: 'repr' }, testContext(new AbortController().signal, { id: 'e' })),
      );
      expect(httpError.kind).toBe('invalid_json');
      expect(httpError.message).toContain(`(${HINT})`);
      const fine = await generic.invoke({ q: 'ok' }, testContext(new AbortController().signal, { id: 'e' }));
      expect(fine.ok).toBe(true);
    } finally {
      await transport.close();
    }
  });

  it('agent-eval stdio judge: print({"result": …})', async () => {
    const judge = createAgentEvalJudge(
      { protocol: 'agent-eval', command: 'python3 qa24-python-agent.py rpc-repr' },
      {
        cwd: FIXTURES_DIR,
        rubrics: { r: { dimensions: [{ id: 'relevance', description: 'd', weight: 1 }] } },
      },
    );
    try {
      const judged = await judge.judge({ content: 'x', rubric: { name: 'r' } }, AbortSignal.timeout(20_000));
      expect(judged.ok).toBe(false);
      if (judged.ok) return;
      expect(judged.error.message).toContain(`last output line is not JSON (exit 0) (${HINT})`);
    } finally {
      await judge.close();
    }
  });

  it('gives no hint for other text or for JSON-looking text with double quotes', () => {
    expect(pythonReprHint('Loading model weights... done')).toBe('');
    expect(pythonReprHint('{"action": "final_answer"')).toBe('');
    expect(pythonReprHint("['a', 'b']")).not.toBe('');
    expect(pythonReprHint('{"done": True, "x": 1}')).not.toBe('');
    expect(pythonReprHint('[{"x": None}]')).not.toBe('');
  });
});
