/**
 * Regression (QA168): `apply --baseline DIR` — a folder naming its evalc.lock, as `report --baseline`
 * and `evalc diff` read one since QA51 — passed the up-front check (which reads DIR/evalc.lock) and
 * then failed after the run with `evalc: cannot read: EISDIR: illegal operation on a directory`,
 * as the run read the folder itself. Real CLI, loopback agent.
 */
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Loopback, startLoopback } from '../fixtures/loopback.js';
import { runCli, tempWorkspace } from './apply-harness.js';

let agent: Loopback;
beforeAll(async () => {
  agent = await startLoopback((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ messages: [{ role: 'assistant', content: 'hello' }] }));
  });
});
afterAll(() => agent.close());

describe('apply --baseline naming a folder', () => {
  it('reads the folder evalc.lock, as report --baseline does', async () => {
    const ws = tempWorkspace('qa168-baseline-dir');
    try {
      writeFileSync(
        path.join(ws.dir, 'evalc.yaml'),
        `evalc: 1
benchmark: { id: qa168, version: 1.0.0 }
agents:
  a: { protocol: chat, url: "${agent.url}/respond" }
tasks:
  t:
    bindings:
      default:
        input: { messages: [{ role: user, content: "{{q}}" }] }
        output: { answer: "messages[-1].content" }
    datasets:
      d: { examples: [{ id: e1, vars: { q: hi }, expected: { answer: hello } }] }
    metrics:
      - { type: contains, candidate: answer, expected: answer }
`,
      );
      expect((await runCli(['apply'], { cwd: ws.dir })).code).toBe(0);
      mkdirSync(path.join(ws.dir, 'main'));
      copyFileSync(path.join(ws.dir, 'evalc.lock'), path.join(ws.dir, 'main', 'evalc.lock'));
      for (const args of [
        ['apply', '--baseline', 'main'],
        ['apply', '--refresh', '--baseline', 'main'],
      ]) {
        const applied = await runCli(args, { cwd: ws.dir });
        expect(applied.stderr).not.toContain('EISDIR');
        expect(applied.code).toBe(0);
        const report = readFileSync(path.join(ws.dir, '.evalc', 'reports', 'report.md'), 'utf8');
        expect(report).toContain('Changes vs baseline');
      }
    } finally {
      ws.cleanup();
    }
  });
});
