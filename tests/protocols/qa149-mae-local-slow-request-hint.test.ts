/**
 * QA149: a seed `local` agent (one persistent process, JSON lines over stdio) that had answered
 * — so it writes and flushes its replies — and was then slow on one request timed out with the
 * hint to flush stdout (sys.stdout.flush()), wrong for it. A timeout on a process that has
 * answered before now names a request slower than limits.timeout; a fresh process keeps its
 * start-up hint (qa-mae-timeout-hint). A real agent subprocess.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMaeAdapter } from '../../src/protocols/mae/adapter.js';
import type { InvokeContext } from '../../src/protocols/types.js';

let dir = '';

/**
 * Answers each line at once, a task with "slow" in it after 5 s. The timeout is 2 s: a fresh
 * process starts within it on a loaded machine (with 700 ms the first request failed once, QA157).
 */
const AGENT = `
const rl = require('node:readline').createInterface({ input: process.stdin });
rl.on('line', (line) => {
  const request = JSON.parse(line);
  const reply = JSON.stringify({ action: 'final_answer', summary: 'ok ' + request.task_description }) + '\\n';
  setTimeout(() => process.stdout.write(reply), request.task_description.includes('slow') ? 5000 : 0);
});
`;

beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'evalc-qa149-local-slow-'));
  writeFileSync(path.join(dir, 'agent.cjs'), AGENT);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function context(id: string): InvokeContext {
  return {
    runId: 'run-1',
    taskId: 'task-1',
    datasetId: 'd1',
    example: { id },
    repeat: 0,
    trace: false,
    signal: new AbortController().signal,
    log: () => {},
  };
}

describe('seed local agent that answered, then slow on one request', () => {
  it('names a slow request, not the flush hint', async () => {
    const adapter = createMaeAdapter(
      {
        protocol: 'mae',
        transport: 'local',
        profile: 'seed',
        command: `"${process.execPath}" agent.cjs`,
        limits: { concurrency: 1, timeout: '2s' },
      },
      { cwd: dir },
    );
    try {
      expect((await adapter.invoke('fast', context('e1'))).ok).toBe(true);
      const slow = await adapter.invoke('slow', context('e2'));
      const message = slow.ok ? '' : slow.error.message;
      expect(slow.ok ? undefined : slow.error.kind).toBe('timeout');
      expect(message).toContain('the agent has answered on this process before');
      expect(message).toContain('took longer than limits.timeout');
      expect(message).not.toContain('flush');
    } finally {
      await adapter.close();
    }
  });

  it('a slow request on the fresh process after that one was discarded names a slow request too (QA157)', async () => {
    // e2's timeout discards the process that answered e1; e3 runs on a fresh one, which read the
    // flush hint and "needs profile: agentv", though this agent's first process had answered
    const adapter = createMaeAdapter(
      {
        protocol: 'mae',
        transport: 'local',
        profile: 'seed',
        command: `"${process.execPath}" agent.cjs`,
        limits: { concurrency: 1, timeout: '2s' },
      },
      { cwd: dir },
    );
    try {
      expect((await adapter.invoke('fast', context('e1'))).ok).toBe(true);
      expect((await adapter.invoke('slow', context('e2'))).ok).toBe(false);
      const slow = await adapter.invoke('slow again', context('e3'));
      const message = slow.ok ? '' : slow.error.message;
      expect(slow.ok ? undefined : slow.error.kind).toBe('timeout');
      expect(message).toContain('the process was started for this request');
      expect(message).toContain('another process of this agent has answered');
      expect(message).toContain('took longer than limits.timeout');
      expect(message).not.toContain('sys.stdout.flush()');
      expect(message).not.toContain('profile: agentv');
    } finally {
      await adapter.close();
    }
  });
});
