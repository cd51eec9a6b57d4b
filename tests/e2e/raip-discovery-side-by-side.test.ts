/**
 * apply and plan ask every RAIP agent's /info at once: they asked them one after another, so a
 * plan of five remote agents waited five round trips before its first example (apply) or before it
 * printed anything (plan, 2 s each at most: five agents that never answer, 10 s; QA162). Their
 * answers are still read in plan order (warnings, failures, the drift that stops a run). Real CLI,
 * two loopback RAIP agents whose /info answers after 600 ms, recording when each /info arrived.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Loopback, sendJson, startLoopback } from '../fixtures/loopback.js';
import { runCli, tempWorkspace } from './apply-harness.js';

const INFO_MS = 600;
let infoAt: Record<string, number> = {};
const agents: Loopback[] = [];
const cleanups: (() => void)[] = [];

beforeAll(async () => {
  for (const name of ['slow-a', 'slow-b'])
    agents.push(
      await startLoopback(async (req, res) => {
        if (req.method === 'GET') {
          infoAt[name] = Date.now();
          await new Promise((r) => setTimeout(r, INFO_MS));
          return sendJson(res, 200, { name, version: '1.0.0', inputSchema: { type: 'object' } });
        }
        sendJson(res, 200, { output: { answer: 'x' } });
      }),
    );
});
beforeEach(() => {
  infoAt = {};
});
afterAll(async () => {
  for (const c of cleanups) c();
  for (const a of agents) await a.close();
});

function workspace(prefix: string): string {
  const ws = tempWorkspace(prefix);
  cleanups.push(ws.cleanup);
  writeFileSync(
    path.join(ws.dir, 'evalc.yaml'),
    `evalc: 1
benchmark: { id: two, version: 1.0.0 }
agents:
  a1: { protocol: raip, url: "${agents[0]!.url}" }
  a2: { protocol: raip, url: "${agents[1]!.url}" }
run: { preflight: 0 }
tasks:
  t:
    bindings: { default: { input: { q: "{{q}}" }, output: { answer: "output.answer" } } }
    datasets:
      d: { examples: [ { id: e1, vars: { q: a }, expected: { answer: x } } ] }
    metrics: [ { type: exact_match, candidate: answer, expected: answer } ]
`,
  );
  return ws.dir;
}

/** One after the other, the second /info came a whole answer (600 ms) after the first. */
function expectSideBySide(): void {
  expect(Object.keys(infoAt).sort()).toEqual(['slow-a', 'slow-b']);
  expect(Math.abs(infoAt['slow-a']! - infoAt['slow-b']!)).toBeLessThan(INFO_MS / 2);
}

describe('two RAIP agents', () => {
  it("apply asks both agents' /info at once, not one after the other", async () => {
    const run = await runCli(['apply', '--quiet'], {
      cwd: workspace('raip-discovery-apply'),
      timeoutMs: 30_000,
    });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expectSideBySide();
  });

  it("plan asks both agents' /info at once (QA162)", async () => {
    const run = await runCli(['plan', '--json'], {
      cwd: workspace('raip-discovery-plan'),
      timeoutMs: 30_000,
    });
    expect(run.stderr).toBe('');
    expect(run.stdout).toContain('two/t[a2]');
    expectSideBySide();
  });
});
