/**
 * QA347: a RAIP agent (or a cache before it) that answers If-None-Match "A" with 304 Not Modified
 * carrying ETag "B" contradicts itself (RFC 9110: a 304 repeats the ETag a 200 would send). evalc
 * reused the locked schema, pinned "B" and warned "ETag changed … with the same input schema",
 * which nothing had shown: a changed schema behind it was never seen (no drift stop, R3). /info
 * is now asked again without If-None-Match, and what it answers decides. Real loopback agent.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type ApplyOutcome, applyRun, createProgress } from '../../src/index.js';
import { sendJson, startLoopback } from '../fixtures/loopback.js';
import { writeOneExampleRaipPlan } from '../fixtures/raip-one-example-plan.js';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

interface AgentState {
  schema: unknown;
  etag: string;
  /** Answers any If-None-Match with 304 and its current ETag, whatever was sent. */
  blind304: boolean;
  gets: string[];
}

async function workspace(state: AgentState): Promise<string> {
  const server = await startLoopback((req, res) => {
    if ((req.url ?? '').startsWith('/info')) {
      const sent = req.headers['if-none-match'];
      state.gets.push(sent ?? '-');
      if (sent !== undefined && state.blind304) {
        res.writeHead(304, { etag: state.etag });
        res.end();
        return;
      }
      res.setHeader('etag', state.etag);
      return sendJson(res, 200, { name: 'n', version: '1', inputSchema: state.schema });
    }
    return sendJson(res, 200, { output: { answer: 'A' }, usage: {} });
  });
  const dir = mkdtempSync(path.join(os.tmpdir(), 'evalc-qa347-304-etag-'));
  cleanups.push(
    () => rmSync(dir, { recursive: true, force: true }),
    () => server.close(),
  );
  writeOneExampleRaipPlan(dir, server.url);
  return dir;
}

async function apply(dir: string): Promise<{ outcome: ApplyOutcome; said: string }> {
  const lines: string[] = [];
  const outcome = await applyRun({
    planFile: 'evalc.yaml',
    cwd: dir,
    env: {},
    signal: new AbortController().signal,
    progress: createProgress('plain', (line) => lines.push(line)),
  });
  return { outcome, said: lines.join('') };
}

describe('a 304 carrying another ETag than evalc sent (QA347)', () => {
  it('a changed schema behind it is drift, seen by asking /info again without If-None-Match', async () => {
    const state: AgentState = { schema: { type: 'object' }, etag: '"A"', blind304: true, gets: [] };
    const dir = await workspace(state);
    expect((await apply(dir)).outcome.status).toBe('done');
    state.schema = { type: 'object', required: ['query', 'lang'] };
    state.etag = '"B"';
    const { outcome } = await apply(dir);
    expect(state.gets).toEqual(['-', '"A"', '-']);
    expect(outcome.status).toBe('refused');
    if (outcome.status === 'refused')
      expect(outcome.message).toMatch(/input schema drifted since evalc\.lock/);
  });

  it('the same schema: the new ETag is warned as seen, and said how it was learnt', async () => {
    const state: AgentState = { schema: { type: 'object' }, etag: '"A"', blind304: true, gets: [] };
    const dir = await workspace(state);
    await apply(dir);
    state.etag = '"B"';
    const { outcome, said } = await apply(dir);
    expect(outcome.status).toBe('done');
    expect(state.gets).toEqual(['-', '"A"', '-']);
    expect(said).toContain('answered 304 Not Modified with ETag "B" to If-None-Match "A"');
    expect(said).toContain('ETag changed since evalc.lock ("A" → "B") with the same input schema');
  });

  it('a 304 repeating the ETag sent, weak or not, is reused as before (R2): one GET', async () => {
    const state: AgentState = { schema: { type: 'object' }, etag: '"A"', blind304: true, gets: [] };
    const dir = await workspace(state);
    await apply(dir);
    state.etag = 'W/"A"';
    const { outcome } = await apply(dir);
    expect(outcome.status).toBe('done');
    expect(state.gets).toEqual(['-', '"A"']);
  });
});
