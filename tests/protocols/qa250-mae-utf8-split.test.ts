/**
 * QA250: a mae reply cut across two writes in the middle of a multi-byte character (a 3-byte '€'
 * and a 4-byte '😀', cut at every offset) is read whole, on every reader QA244 made check UTF-8:
 * local (a persistent process, one per turn), socket (one connection, one per turn) and sse.
 * A Latin-1 byte after such a cut is named itself: the rest of the '€' was named, 'byte 0x82'.
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

const SUMMARY = 'costs 5€ 😀!';
const LINE = `${JSON.stringify({ action: 'final_answer', summary: SUMMARY })}\n`;
const BYTES = Buffer.from(LINE, 'utf8');
const FIRST = BYTES.indexOf(Buffer.from('€'));
/** every cut from just before the '€' to just after the '😀' */
const CUTS = Array.from({ length: 3 + 1 + 4 + 1 }, (_, i) => FIRST + i);
let cut = 0;
/** what the socket agent writes, cut at `cut` */
let reply = BYTES;
let lines: MaeLineServer;
let sse: http.Server;
let sseUrl = '';
let dir = '';

const pause = () => new Promise((resolve) => setTimeout(resolve, 30));

beforeAll(async () => {
  lines = await startMaeLineServer((_request, socket) => {
    const at = cut;
    const bytes = reply;
    socket.write(bytes.subarray(0, at));
    setTimeout(() => socket.write(bytes.subarray(at)), 30);
  });
  sse = http.createServer((req, res) => {
    req.resume();
    req.on('end', async () => {
      const at = Number(new URL(req.url ?? '/', 'http://x').searchParams.get('cut'));
      const event = Buffer.from(`data: ${LINE.trim()}\n\ndata: [DONE]\n\n`, 'utf8');
      const start = Buffer.byteLength('data: ') + at;
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(event.subarray(0, start));
      await pause();
      res.end(event.subarray(start));
    });
  });
  await new Promise<void>((resolve) => sse.listen(0, '127.0.0.1', resolve));
  sseUrl = `http://127.0.0.1:${(sse.address() as AddressInfo).port}/stream`;
  dir = mkdtempSync(join(tmpdir(), 'qa250-mae-'));
  writeFileSync(
    join(dir, 'split.mjs'),
    `import readline from 'node:readline';
const bytes = Buffer.from(${JSON.stringify(LINE)}, 'utf8');
const at = Number(process.argv[2]);
readline.createInterface({ input: process.stdin }).on('line', () => {
  process.stdout.write(bytes.subarray(0, at));
  setTimeout(() => process.stdout.write(bytes.subarray(at)), 30);
});
`,
  );
});
afterAll(async () => {
  await lines.close();
  await new Promise((resolve) => sse.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

async function summaryOf(config: Partial<MaeAgentConfig>, runtime: Partial<MaeRuntime> = {}) {
  const adapter = makeMaeAdapter(config, { timeoutMs: 5_000, ...runtime });
  try {
    const outcome = await adapter.invoke('t1', maeContext());
    return outcome.ok
      ? JSON.stringify(outcome).includes(JSON.stringify(SUMMARY).slice(1, -1))
      : outcome.error;
  } finally {
    await adapter.close();
  }
}

describe('a mae reply cut inside a multi-byte character (QA250)', () => {
  it.each([
    ['local, a persistent process', 'local', 'seed'],
    ['local, a process per turn', 'local', 'agentv'],
    ['socket, one connection', 'socket', 'seed'],
    ['socket, a connection per turn', 'socket', 'agentv'],
  ] as const)('%s: read whole at every cut', async (_what, transport, profile) => {
    for (const at of CUTS) {
      cut = at;
      const config =
        transport === 'local'
          ? { transport, profile, command: `node split.mjs ${at}` }
          : { transport, profile, address: lines.address };
      expect([at, await summaryOf(config, { cwd: dir })]).toEqual([at, true]);
    }
  });

  it('sse: read whole at every cut', async () => {
    for (const at of CUTS) {
      const outcome = await summaryOf({ transport: 'sse', url: `${sseUrl}?cut=${at}`, profile: 'agentv' });
      expect([at, outcome]).toEqual([at, true]);
    }
  });

  it.each(['seed', 'agentv'] as const)(
    'socket, profile %s: a Latin-1 é after a € cut across two writes is named, byte 0xe9',
    async (profile) => {
      const text = '{"action": "final_answer", "summary": "5€ caf';
      reply = Buffer.concat([Buffer.from(text), Buffer.from([0xe9]), Buffer.from('"}\n')]);
      cut = Buffer.from(text).indexOf(Buffer.from('€')) + 1;
      try {
        const adapter = makeMaeAdapter(
          { transport: 'socket', profile, address: lines.address },
          { timeoutMs: 5_000 },
        );
        try {
          const outcome = await adapter.invoke('t1', maeContext());
          expect(outcome.ok ? outcome : outcome.error).toMatchObject({
            kind: 'invalid_json',
            message: expect.stringMatching(/: reply is not UTF-8 \(byte 0xe9\): write the reply in UTF-8$/),
          });
        } finally {
          await adapter.close();
        }
      } finally {
        reply = BYTES;
      }
    },
  );
});
