/**
 * QA338: a `local` mae agent under `profile: agentv` (one process per turn) that timed out while
 * still writing its reply (a slow writer: `{"action": "fin` when the turn's limit came) was told
 * `it wrote its reply but did not exit: the agentv profile reads stdout until the process exits;
 * use profile: seed …`, advice for an agent that finished its reply and kept running. A reply
 * begun and unfinished now says so, quoting it; a whole reply keeps the old words. Real subprocess.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PerTurnLocalTransport } from '../../src/protocols/mae/local-per-turn.js';

let dir: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'qa338-'));
  // writes the first bytes of its reply at once, and the rest long after the turn's limit
  writeFileSync(
    join(dir, 'slow.js'),
    `process.stdin.resume(); process.stdin.on('end', () => {
      process.stdout.write('{"action": "fin');
      setTimeout(() => process.stdout.write('al_answer", "summary": "late"}'), 30000);
    });`,
  );
  // writes its whole reply at once and keeps running
  writeFileSync(
    join(dir, 'stays.js'),
    `process.stdin.resume(); process.stdin.on('end', () => {
      process.stdout.write('{"action": "final_answer", "summary": "ok"}\\n');
      setTimeout(() => {}, 30000);
    });`,
  );
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function timedOut(script: string): Promise<string> {
  const transport = new PerTurnLocalTransport({
    command: `"${process.execPath}" ${script}`,
    cwd: dir,
    env: process.env as Record<string, string>,
    timeoutMs: 2500,
  });
  try {
    const reply = await transport.send(
      { task_description: 'x' },
      { signal: new AbortController().signal, log: () => undefined },
    );
    return reply.ok ? 'answered' : `${reply.error.kind}: ${reply.error.message}`;
  } finally {
    await transport.close();
  }
}

describe('mae agentv local agent timed out after writing part of its reply', () => {
  it('says the reply was begun and not finished, quoting it', async () => {
    const said = await timedOut('slow.js');
    expect(said).toMatch(/^timeout: local agent: no reply within 2500 ms/);
    expect(said).toContain('it began a reply and did not finish it: it wrote "{\\"action\\": \\"fin…"');
    expect(said).not.toContain('it wrote its reply but did not exit');
  }, 20_000);

  it('keeps "wrote its reply but did not exit" for a whole reply', async () => {
    expect(await timedOut('stays.js')).toContain('it wrote its reply but did not exit');
  }, 20_000);
});
