/**
 * QA150: an agent that runs no dataset of a task (the task's `agents:` leaves it out) had an empty
 * entry in evalc.lock's task-scope aggregates, `"task/ops": {"c": {}}`, while the dataset scope
 * had none for it and report.json's scores listed none. It has no entry now; the agent's
 * benchmark and other tasks' entries stay. Real apply against a loopback RAIP agent.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type Loopback, startLoopback } from '../fixtures/loopback.js';
import { applyInProcess } from '../protocols/apply-in-process.js';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe('lock aggregates of an agent a task does not run (QA150)', () => {
  it('have no entry for it at task scope', async () => {
    const agent: Loopback = await startLoopback((req, res, body) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      if (req.method === 'GET')
        res.end(JSON.stringify({ name: 'a', version: '1', inputSchema: { type: 'object' } }));
      else
        res.end(
          JSON.stringify({ output: { answer: (JSON.parse(body) as { input: { q: string } }).input.q } }),
        );
    });
    cleanups.push(() => agent.close());
    const dir = mkdtempSync(path.join(os.tmpdir(), 'evalc-qa150-lock-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const task = (agents: string) => `
    ${agents}bindings: { default: { input: { q: "{{q}}" }, output: { answer: output.answer } } }
    datasets: { d: { examples: [ { id: e1, vars: { q: y }, expected: { answer: y } } ] } }
    metrics: [ { type: exact_match, candidate: answer, expected: answer } ]`;
    writeFileSync(
      path.join(dir, 'evalc.yaml'),
      `evalc: 1
benchmark: { id: qa150-lock }
agents:
  a: { protocol: raip, url: "${agent.url}" }
  c: { protocol: raip, url: "${agent.url}" }
tasks:
  search:${task('')}
  ops:${task('agents: [a]\n    ')}
run: { preflight: 0, bootstrap: 100 }
`,
    );
    expect((await applyInProcess(dir)).status).toBe('done');
    const lock = JSON.parse(readFileSync(path.join(dir, 'evalc.lock'), 'utf8')) as {
      aggregates: Record<string, Record<string, Record<string, unknown>>>;
    };
    const agentsAt = (scope: string) => Object.keys(lock.aggregates[scope] ?? {});
    expect(agentsAt('task/ops')).toEqual(['a']);
    expect(agentsAt('dataset/ops/d')).toEqual(['a']);
    expect(agentsAt('task/search')).toEqual(['a', 'c']);
    expect(agentsAt('benchmark')).toEqual(['a', 'c']);
  });
});
