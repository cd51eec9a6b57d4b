/**
 * QA183: a Ctrl-C while apply waited for a served agent to be ready (or for an agent's /info)
 * said "evalc: interrupted — finishing steps in flight", though no step had started; it now says
 * "stopping before the run" (exit 130, the served process stopped, as before). Once the run has
 * started, the words are as they were (qa140-mixed-stop-signals).
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startCli, tempWorkspace, waitCli } from '../e2e/apply-harness.js';
import { freePort } from '../fixtures/loopback.js';

const cleanups: (() => void)[] = [];
afterAll(() => {
  for (const c of cleanups) c();
});

describe('a stop signal before the run', () => {
  it.each([[['apply']], [['apply', '--quiet']]])('%j: says it stops before the run', async (args) => {
    const ws = tempWorkspace('qa183-stop-before-run');
    cleanups.push(ws.cleanup);
    const port = await freePort();
    writeFileSync(path.join(ws.dir, 'd.jsonl'), '{"id":"e1","vars":{"q":"x"},"expected":"x"}\n');
    writeFileSync(
      path.join(ws.dir, 'evalc.yaml'),
      [
        'evalc: 1',
        'benchmark: { id: b, version: 1.0.0 }',
        'agents:',
        `  a1: { protocol: raip, url: "http://127.0.0.1:${port}", serve: { command: "node -e \\"setTimeout(() => {}, 60000)\\"", ready: { url: "http://127.0.0.1:${port}/info", timeout: 30s } } }`,
        'tasks:',
        '  t:',
        '    bindings: { default: { input: { q: "{{q}}" }, output: { answer: "output.answer" } } }',
        '    datasets: { d: { source: d.jsonl } }',
        '    metrics: [{ type: exact_match }]',
        '',
      ].join('\n'),
    );
    const child = startCli(args, { cwd: ws.dir });
    const done = waitCli(child, 30_000);
    // The served process is started: give apply a moment in its readiness wait.
    await new Promise((r) => setTimeout(r, 1500));
    child.kill('SIGINT');
    const r = await done;
    expect(r.code).toBe(130);
    expect(r.stderr).toContain('evalc: interrupted — stopping before the run (Ctrl-C again to exit now)');
    expect(r.stderr).not.toContain('finishing steps in flight');
    expect(r.stderr).toContain('interrupted before the run');
  });
});
