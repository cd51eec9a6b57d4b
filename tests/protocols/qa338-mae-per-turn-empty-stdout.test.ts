/**
 * QA338: a `local` mae agent under `profile: agentv` (one process per turn) that exits 0 having
 * written nothing to stdout (a script that logs its trouble on stderr and returns) failed
 * `invalid_json: local agent: reply is not JSON: "" (stdout carries only the JSON replies: write
 * banners and logs to stderr)`: an empty text quoted, and advice about banners it never wrote.
 * It now says the process exited without writing a reply, with its stderr. Still `invalid_json`,
 * as AgentV's `json.loads("")` fails. Real subprocess.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PerTurnLocalTransport } from '../../src/protocols/mae/local-per-turn.js';

let dir: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'qa338-'));
  writeFileSync(
    join(dir, 'silent.js'),
    `process.stdin.resume(); process.stdin.on('end', () => { console.error('no model configured'); });`,
  );
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('says an agentv local agent exited without writing a reply, with its stderr', async () => {
  const transport = new PerTurnLocalTransport({
    command: `"${process.execPath}" silent.js`,
    cwd: dir,
    env: process.env as Record<string, string>,
    timeoutMs: 10_000,
  });
  try {
    const reply = await transport.send(
      { task_description: 'x' },
      { signal: new AbortController().signal, log: () => undefined },
    );
    expect(reply.ok ? 'answered' : `${reply.error.kind}: ${reply.error.message}`).toBe(
      'invalid_json: local agent exited with code 0 without writing a reply (its stdout was empty); stderr: no model configured',
    );
  } finally {
    await transport.close();
  }
}, 20_000);
