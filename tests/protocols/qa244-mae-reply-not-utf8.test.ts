/**
 * QA244: a `mae` agent over `local` or `socket` that writes its reply in Latin-1 had each `é` read
 * as U+FFFD and the answer kept so ('A caf\uFFFD'), cached, without a word — where the same reply
 * over HTTP is `invalid_json` since QA237. It is `invalid_json` naming the byte, on every line
 * reader: a persistent process or connection (profile seed) and one per turn (profile agentv).
 * So is a `sse` event stream in Latin-1 (an event stream is UTF-8). A U+FFFD the agent wrote as
 * UTF-8 is its own, kept. Real subprocesses, a real TCP server and a real HTTP server.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MaeAgentConfig } from '../../src/plan/schema.js';
import type { MaeRuntime } from '../../src/protocols/mae/adapter.js';
import { maeContext, makeMaeAdapter } from '../fixtures/mae-harness.js';
import { type MaeLineServer, startMaeLineServer } from '../fixtures/mae-line-server.js';

const REPLY = '{"action": "final_answer", "summary": "A café"}';
const OWN = '{"action": "final_answer", "summary": "A caf\uFFFD"}';
let latin1: MaeLineServer;
/** An SSE agent: task 'latin1' writes its event in Latin-1, 'own' writes U+FFFD as UTF-8. */
let sse: http.Server;
let sseUrl = '';
let dir = '';

beforeAll(async () => {
  latin1 = await startMaeLineServer((_request, socket) => {
    socket.write(Buffer.from(`${REPLY}\n`, 'latin1'));
  });
  sse = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      const own = (JSON.parse(body) as { task_description?: string }).task_description === 'own';
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.end(Buffer.from(`data: ${own ? OWN : REPLY}\n\ndata: [DONE]\n\n`, own ? 'utf8' : 'latin1'));
    });
  });
  await new Promise<void>((resolve) => sse.listen(0, '127.0.0.1', resolve));
  sseUrl = `http://127.0.0.1:${(sse.address() as AddressInfo).port}/stream`;
  dir = mkdtempSync(join(tmpdir(), 'qa244-mae-'));
  // answers each line (a persistent agent) and ends with its stdin (a process per turn)
  for (const [file, reply] of [
    ['latin1.mjs', `Buffer.from(${JSON.stringify(`${REPLY}\n`)}, 'latin1')`],
    ['own.mjs', JSON.stringify(`${OWN}\n`)],
  ] as const)
    writeFileSync(
      join(dir, file),
      `import readline from 'node:readline';
readline.createInterface({ input: process.stdin }).on('line', () => process.stdout.write(${reply}));
`,
    );
});
afterAll(async () => {
  await latin1.close();
  await new Promise((resolve) => sse.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

async function invoke(config: Partial<MaeAgentConfig>, runtime: Partial<MaeRuntime> = {}, task = 't1') {
  const adapter = makeMaeAdapter(config, { timeoutMs: 5_000, ...runtime });
  try {
    return await adapter.invoke(task, maeContext());
  } finally {
    await adapter.close();
  }
}

describe('a mae reply whose bytes are not UTF-8 (QA244)', () => {
  it.each([
    ['local, a persistent process', { transport: 'local', command: 'node latin1.mjs', profile: 'seed' }],
    ['local, a process per turn', { transport: 'local', command: 'node latin1.mjs', profile: 'agentv' }],
    ['socket, one connection', { transport: 'socket', profile: 'seed' }],
    ['socket, a connection per turn', { transport: 'socket', profile: 'agentv' }],
  ] as const)('%s: invalid_json naming the byte', async (_what, config) => {
    const outcome = await invoke(
      { ...config, ...(config.transport === 'socket' ? { address: latin1.address } : {}) },
      { cwd: dir },
    );
    expect(outcome.ok ? outcome : outcome.error).toMatchObject({
      kind: 'invalid_json',
      message: expect.stringMatching(/: reply is not UTF-8 \(byte 0xe9\): write the reply in UTF-8$/),
    });
  });

  it.each(['seed', 'agentv'] as const)(
    'local, profile %s: a U+FFFD written as UTF-8 is kept',
    async (profile) => {
      const outcome = await invoke({ transport: 'local', command: 'node own.mjs', profile }, { cwd: dir });
      expect(outcome.ok ? 'answered' : outcome.error).toBe('answered');
      expect(JSON.stringify(outcome)).toContain('A caf\uFFFD');
    },
  );

  it('sse: an event stream in Latin-1 is invalid_json naming the byte; a U+FFFD sent as UTF-8 is kept', async () => {
    const config = { transport: 'sse', url: sseUrl, profile: 'agentv' } as const;
    const latin = await invoke(config, {}, 'latin1');
    expect(latin.ok ? latin : latin.error).toMatchObject({
      kind: 'invalid_json',
      // worded as a JSON reply's since QA260 (offset, why UTF-8, the charset to name)
      message: expect.stringMatching(
        /: reply is not UTF-8 \(byte 0xe9 at offset 50; its Content-Type names no charset\): send UTF-8, or name the charset the agent writes, e\.g\. Content-Type: text\/event-stream; charset=iso-8859-1$/,
      ),
    });
    const own = await invoke(config, {}, 'own');
    expect(own.ok ? 'answered' : own.error).toBe('answered');
    expect(JSON.stringify(own)).toContain('A caf\uFFFD');
  });
});
