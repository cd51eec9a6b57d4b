/**
 * QA225 (review of QA218's 5eae9e1): a RAIP agent whose /info names it otherwise than evalc.lock
 * pins, with the same version and schema (another agent deployed behind the same URL), is the same
 * identity: a re-apply beside the lock is up to date and answers from the cache. `evalc diff` names
 * the change between two fresh runs (5eae9e1), but that re-apply said nothing. It now warns on
 * stderr, naming both names and `--refresh`. Real loopback agent, in-process apply.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { applyRun, createProgress } from '../../src/index.js';
import { type Loopback, sendJson, startLoopback } from '../fixtures/loopback.js';

const dir = mkdtempSync(path.join(os.tmpdir(), 'evalc-qa225-name-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function apply(refresh = false): Promise<{ status: string; messages: string[] }> {
  const lines: string[] = [];
  const outcome = await applyRun({
    planFile: 'evalc.yaml',
    cwd: dir,
    env: {},
    signal: new AbortController().signal,
    ...(refresh ? { refresh } : {}),
    progress: createProgress('json', (text) => lines.push(text)),
  });
  const messages = lines
    .join('')
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as { event: string; text?: string })
    .filter((event) => event.event === 'message')
    .map((event) => event.text ?? '');
  return { status: outcome.status, messages };
}

/**
 * Starts a RAIP agent whose /info gives `info` as it is at each request (with an object schema) and
 * whose invoke answers 'x' after `onInvoke()`, and points the first test's evalc.yaml at it; returns
 * the server and that plan text.
 */
async function pointPlanAtAgent(
  info: object,
  onInvoke: () => void,
): Promise<{ server: Loopback; plan: string }> {
  const server = await startLoopback((req, res) => {
    if (req.url === '/info') return sendJson(res, 200, { ...info, inputSchema: { type: 'object' } });
    onInvoke();
    return sendJson(res, 200, { output: { answer: 'x' } });
  });
  try {
    const plan = readFileSync(path.join(dir, 'evalc.yaml'), 'utf8').replace(
      /url: "[^"]*"/,
      `url: "${server.url}"`,
    );
    writeFileSync(path.join(dir, 'evalc.yaml'), plan);
    return { server, plan };
  } catch (error) {
    await server.close();
    throw error;
  }
}

describe('an agent whose discovered name changed, beside an up-to-date lock (QA225)', () => {
  it('warns, naming both names and --refresh; the lock keeps the name it pinned', async () => {
    const agent = { name: 'advisor-v1', version: '1.0.0' };
    const server = await startLoopback((req, res) => {
      if (req.url === '/info')
        return sendJson(res, 200, {
          name: agent.name,
          version: agent.version,
          inputSchema: { type: 'object' },
        });
      return sendJson(res, 200, { output: { answer: 'x' } });
    });
    try {
      writeFileSync(
        path.join(dir, 'evalc.yaml'),
        `evalc: 1
benchmark: { id: qa225-name }
agents: { a1: { protocol: raip, url: "${server.url}", limits: { retries: 0 } } }
tasks:
  t:
    bindings: { default: { input: { q: "{{q}}" }, output: { answer: output.answer } } }
    datasets: { d: { examples: [ { id: e1, vars: { q: x }, expected: { answer: x } } ] } }
    metrics: [ { type: exact_match, candidate: answer, expected: answer } ]
run: { preflight: 0, bootstrap: 100 }
`,
      );
      const first = await apply();
      expect(first.status).toBe('done');
      expect(first.messages.join('\n')).not.toContain('discovery names it');
      agent.name = 'advisor-next';
      const again = await apply();
      expect(again.messages).toContain(
        'evalc: warning: agent a1: its discovery names it "advisor-next", where evalc.lock pins "advisor-v1" (same version and schema, so its cached answers are used): if another agent answers at that address now, `evalc apply --refresh` asks it again',
      );
      const lock = JSON.parse(readFileSync(path.join(dir, 'evalc.lock'), 'utf8')) as {
        agents: Record<string, { name?: string }>;
      };
      expect(lock.agents.a1?.name).toBe('advisor-v1');
      // QA230: a name changed with the version is a new identity, run again: no 'same version'.
      agent.name = 'advisor-v3';
      agent.version = '3.0.0';
      const newer = await apply();
      expect(newer.status).toBe('done');
      expect(newer.messages.join('\n')).not.toContain('same version and schema');
    } finally {
      await server.close();
    }
  });

  // QA233: a version /info names now where it named none (none → 2) re-keys the agent's steps too.
  it('says nothing of "same version" when a version appears with the new name', async () => {
    const info: { name: string; version?: string } = { name: 'solo' };
    let invokes = 0;
    const { server } = await pointPlanAtAgent(info, () => {
      invokes++;
    });
    try {
      expect((await apply()).status).toBe('done');
      info.name = 'solo-2';
      info.version = '2';
      const newer = await apply();
      expect(newer.status).toBe('done');
      expect(invokes).toBe(2);
      expect(newer.messages.join('\n')).not.toContain('same version and schema');
    } finally {
      await server.close();
    }
  });

  // QA247: under --refresh the agent is asked again: no 'its cached answers are used' beside it.
  it('says nothing of cached answers under --refresh, which asks the agent again', async () => {
    const info = { name: 'first' };
    let invokes = 0;
    const { server } = await pointPlanAtAgent(info, () => {
      invokes++;
    });
    try {
      expect((await apply()).status).toBe('done');
      info.name = 'second';
      const refreshed = await apply(true);
      expect(refreshed.status).toBe('done');
      expect(invokes).toBe(2);
      expect(refreshed.messages.join('\n')).not.toContain('discovery names it');
      info.name = 'third';
      expect((await apply()).messages.join('\n')).toContain('pins "second" (same version and schema');
      expect(invokes).toBe(2);
    } finally {
      await server.close();
    }
  });

  // QA247: every step of it re-run (its binding edited beside the name): no 'cached answers are used'.
  it('says nothing of cached answers when every step of the agent runs again', async () => {
    const info = { name: 'one' };
    let invokes = 0;
    const { server, plan } = await pointPlanAtAgent(info, () => {
      invokes++;
    });
    try {
      expect((await apply()).status).toBe('done');
      info.name = 'two';
      writeFileSync(
        path.join(dir, 'evalc.yaml'),
        plan.replace('input: { q: "{{q}}" }', 'input: { q: "{{q}}!" }'),
      );
      const rerun = await apply();
      expect(rerun.status).toBe('done');
      expect(invokes).toBe(2);
      expect(rerun.messages.join('\n')).not.toContain('discovery names it');
    } finally {
      await server.close();
    }
  });
});
