/**
 * QA144: the two mae profiles send different bodies — `seed` (the default, the Agent API
 * document) `{task_description, turn, conversation_history}`, `agentv` (today's harness)
 * `{task_description}` alone. A FastAPI agent written for one and strict about its body refuses
 * the other with a 422 that names the field: `extra_forbidden` for `turn` (a model with
 * `extra='forbid'` written for AgentV, under the seed profile), `missing` for `turn` (a model
 * written for the seed document, under `profile: agentv`). Every example failed `http_422` with
 * no word of the profile; the error now names the profile that sends what the agent expects, as
 * a chat agent's does (QA122). Real loopback agents answering as FastAPI does.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMaeAdapter } from '../../src/protocols/mae/adapter.js';
import type { InvokeContext } from '../../src/protocols/types.js';

type Detail = { type: string; loc: (string | number)[]; msg: string };
let server: Server;
let url = '';

/** `/strict`: only task_description (pydantic v2 extra='forbid'); `/seed`: requires turn (v1 words); `/other`: another 422. */
beforeAll(async () => {
  server = createServer((req, res) => {
    let text = '';
    req.on('data', (chunk) => {
      text += chunk;
    });
    req.on('end', () => {
      const body = JSON.parse(text) as Record<string, unknown>;
      const detail: Detail[] = [];
      if (req.url?.startsWith('/strict'))
        for (const key of Object.keys(body))
          if (key !== 'task_description')
            detail.push({
              type: 'extra_forbidden',
              loc: ['body', key],
              msg: 'Extra inputs are not permitted',
            });
      if (req.url?.startsWith('/seed') && !('turn' in body))
        detail.push({ type: 'value_error.missing', loc: ['body', 'turn'], msg: 'field required' });
      if (req.url?.startsWith('/other'))
        detail.push({ type: 'string_too_short', loc: ['body', 'task_description'], msg: 'too short' });
      res.writeHead(detail.length > 0 ? 422 : 200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(detail.length > 0 ? { detail } : { action: 'final_answer', summary: 'done' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

async function errorAt(path: string, profile: 'seed' | 'agentv') {
  const adapter = createMaeAdapter(
    { protocol: 'mae', transport: 'http', url: `${url}${path}`, profile },
    { cwd: process.cwd() },
  );
  const ctx: InvokeContext = {
    runId: 'r',
    taskId: 't',
    datasetId: 'd',
    example: { id: 'e' },
    repeat: 0,
    trace: false,
    signal: AbortSignal.timeout(10_000),
    log: () => {},
  };
  try {
    const outcome = await adapter.invoke('hello', ctx);
    return outcome.ok ? undefined : outcome.error;
  } finally {
    await adapter.close();
  }
}

describe('mae http: a 422 about the other profile body names that profile', () => {
  it('an agent that forbids turn and conversation_history, under the seed profile: profile: agentv?', async () => {
    const error = await errorAt('/strict', 'seed');
    expect(error?.kind).toBe('http_422');
    expect(error?.message).toContain('body.turn: Extra inputs are not permitted');
    expect(error?.message).toContain(
      "(the agent refuses turn, conversation_history, which the seed profile (the default) sends: an agent written for today's AgentV harness, which sends {task_description} alone, needs profile: agentv)",
    );
  });

  it('an agent that requires turn, under profile: agentv: profile: seed?', async () => {
    const error = await errorAt('/seed', 'agentv');
    expect(error?.kind).toBe('http_422');
    expect(error?.message).toContain(
      '(the agent requires turn, which profile: agentv does not send: an agent written for the Agent API document needs profile: seed, the default)',
    );
  });

  it('no hint for the profile that sends what the agent wants, nor for another 422', async () => {
    expect(await errorAt('/strict', 'agentv')).toBeUndefined();
    expect(await errorAt('/seed', 'seed')).toBeUndefined();
    const other = await errorAt('/other', 'seed');
    expect(other?.kind).toBe('http_422');
    expect(other?.message).not.toContain('profile');
  });
});
