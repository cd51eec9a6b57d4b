/**
 * Regressions (QA13): what evalc says when a local or socket agent misbehaves — each message
 * names the cause and what to do:
 * - a slow-loading seed agent timed out on every request (each on a fresh process) with only the
 *   "flush your output" hint; the log now says its start-up counted toward the timeout;
 * - a banner or `print` on stdout: `invalid_json` now says stdout is for the JSON replies only;
 * - an agent that exits 0 without answering: what a seed-profile agent must do;
 * - `tool_params` sent as JSON text (an LLM's function-call `arguments`): says it was a string;
 * - a reply over 16 MiB: names the limit ("reply line too long" before);
 * - a socket agent that never answers: a socket hint, not `sys.stdout.flush()`.
 * Real subprocesses (tests/fixtures/qa13-mae-agent.mjs) and a loopback socket.
 */
import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { maeContext, makeMaeAdapter } from '../fixtures/mae-harness.js';

const AGENT = 'node qa13-mae-agent.mjs';

describe('seed local agent that loads slower than the timeout', () => {
  it('logs that the start-up of the process counted toward the timeout', async () => {
    const adapter = makeMaeAdapter(
      { transport: 'local', command: AGENT, profile: 'seed' },
      { timeoutMs: 500, env: { QA13_MODE: 'slowstart' } },
    );
    try {
      const lines: string[] = [];
      const outcome = await adapter.invoke('s1', maeContext({ logs: lines }));
      expect(outcome.ok ? 'ok' : outcome.error.kind).toBe('timeout');
      expect(lines).toContain(
        'local agent: the process was started for this request and wrote no reply within 500 ms; its start-up counts toward limits.timeout (raise it for an agent that loads slowly); an agent that reads stdin to its end (json.load(sys.stdin)) and answers once needs profile: agentv',
      );
    } finally {
      await adapter.close();
    }
  });
});

describe('local agent printing a banner on stdout', () => {
  for (const profile of ['seed', 'agentv'] as const) {
    it(`fails invalid_json saying stdout is for JSON replies only (${profile})`, async () => {
      const adapter = makeMaeAdapter(
        { transport: 'local', command: AGENT, profile },
        { timeoutMs: 5_000, env: { QA13_MODE: 'banner' } },
      );
      try {
        const outcome = await adapter.invoke('b1', maeContext());
        const stdout =
          profile === 'seed'
            ? 'Agent v1 ready'
            : 'Agent v1 ready\n{"action":"final_answer","summary":"ok b1"}';
        expect(outcome.ok ? 'ok' : `${outcome.error.kind}: ${outcome.error.message}`).toBe(
          `invalid_json: local agent: reply is not JSON: ${JSON.stringify(stdout)} (stdout carries only the JSON replies: write banners and logs to stderr)`,
        );
      } finally {
        await adapter.close();
      }
    });
  }
});

describe('seed local agent that exits 0 without answering', () => {
  it('fails process_crashed saying what a seed-profile agent must do', async () => {
    const adapter = makeMaeAdapter(
      { transport: 'local', command: AGENT, profile: 'seed' },
      { timeoutMs: 5_000, env: { QA13_MODE: 'exit0' } },
    );
    try {
      const outcome = await adapter.invoke('e1', maeContext());
      expect(outcome.ok ? 'ok' : `${outcome.error.kind}: ${outcome.error.message}`).toBe(
        'process_crashed: local agent exited with code 0 before replying (a seed-profile agent keeps running and answers each request line; one that reads stdin to its end and answers once needs profile: agentv)',
      );
    } finally {
      await adapter.close();
    }
  });
});

describe('agent passing tool_params as JSON text', () => {
  it('fails contract_violation saying the parameters came as a string', async () => {
    const adapter = makeMaeAdapter(
      { transport: 'local', command: AGENT, profile: 'seed' },
      { timeoutMs: 5_000, env: { QA13_MODE: 'strparams' } },
    );
    try {
      const outcome = await adapter.invoke('p1', maeContext());
      expect(outcome.ok ? 'ok' : `${outcome.error.kind}: ${outcome.error.message}`).toBe(
        'contract_violation: call_tool: tool_params is not an object (got a string: send the parameters as a JSON object, not as JSON text)',
      );
    } finally {
      await adapter.close();
    }
  });
});

describe('seed local agent answering with a line over the reply limit', () => {
  it('fails response_too_large naming the limit', async () => {
    const adapter = makeMaeAdapter(
      { transport: 'local', command: AGENT, profile: 'seed' },
      { timeoutMs: 10_000, env: { QA13_MODE: 'huge' } },
    );
    try {
      const outcome = await adapter.invoke('h1', maeContext());
      expect(outcome.ok ? 'ok' : `${outcome.error.kind}: ${outcome.error.message}`).toBe(
        "response_too_large: local agent: reply line longer than 16 MiB (evalc's limit for one reply)",
      );
    } finally {
      await adapter.close();
    }
  });
});

describe('persistent socket agent that never answers', () => {
  it('times out with a hint about sockets, not about stdout', async () => {
    const server = net.createServer((socket) => socket.on('error', () => undefined));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as net.AddressInfo;
    const adapter = makeMaeAdapter(
      { transport: 'socket', address: `127.0.0.1:${port}`, profile: 'seed' },
      { timeoutMs: 300 },
    );
    try {
      const outcome = await adapter.invoke('q', maeContext());
      expect(outcome.ok ? 'ok' : `${outcome.error.kind}: ${outcome.error.message}`).toBe(
        `timeout: socket agent tcp:127.0.0.1:${port}: no reply within 300 ms (the agent must answer each request line with one JSON line ending in a newline, on the same connection, and flush it: Python's sock.makefile('w') holds print() until flush())`,
      );
    } finally {
      await adapter.close();
      server.close();
    }
  });
});
