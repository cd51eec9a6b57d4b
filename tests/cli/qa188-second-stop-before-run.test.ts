/**
 * QA188: a second Ctrl-C while apply was still stopping before the run (a served agent that
 * ignores SIGTERM is given up to 3 s) said 'evalc: exited at once (Ctrl-C again): steps in flight
 * were dropped, completed steps are cached', and --json's result the same, though no step had
 * started (the case next to ad0b427's first notice). Both now say it exited before the run.
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

describe('a second stop signal before the run', () => {
  it.each([[['apply']], [['apply', '--json']]])('%j: says it exited before the run', async (args) => {
    const ws = tempWorkspace('qa188-second-stop-before-run');
    cleanups.push(ws.cleanup);
    const port = await freePort();
    writeFileSync(path.join(ws.dir, 'd.jsonl'), '{"id":"e1","vars":{"q":"x"},"expected":"x"}\n');
    // Never ready, and deaf to SIGTERM: stopping it takes up to 3 s, where the second Ctrl-C lands.
    writeFileSync(
      path.join(ws.dir, 'agent.cjs'),
      "process.on('SIGTERM', () => {});\nsetTimeout(() => {}, 60000);\n",
    );
    writeFileSync(
      path.join(ws.dir, 'evalc.yaml'),
      [
        'evalc: 1',
        'benchmark: { id: b, version: 1.0.0 }',
        'agents:',
        `  a1: { protocol: raip, url: "http://127.0.0.1:${port}", serve: { command: "node agent.cjs", ready: { url: "http://127.0.0.1:${port}/info", timeout: 30s } } }`,
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
    await new Promise((r) => setTimeout(r, 1500));
    child.kill('SIGINT');
    await new Promise((r) => setTimeout(r, 500));
    child.kill('SIGINT');
    const r = await done;
    expect(r.code).toBe(130);
    expect(r.stderr).toContain('evalc: interrupted — stopping before the run (Ctrl-C again to exit now)');
    expect(r.stderr).toContain('evalc: exited at once (Ctrl-C again), before the run: no step had started\n');
    expect(r.stderr).not.toContain('steps in flight were dropped');
    if (args.includes('--json')) {
      const result = JSON.parse(r.stdout.trim().split('\n').at(-1)!) as Record<string, unknown>;
      expect(result.message).toBe('interrupted: exited at once, before the run: no step had started');
    }
  });
});
