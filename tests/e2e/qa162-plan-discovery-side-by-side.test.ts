/**
 * `evalc plan` asks every RAIP agent's /info at once, as apply does since 992f2b1: it asked them
 * one after another (2 s each at most), so a plan of five remote agents waited five round trips,
 * and five that never answer 10 s, before it printed anything (QA162). Real CLI, two loopback RAIP
 * agents whose /info answers after 600 ms, recording when each /info arrived.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Loopback, sendJson, startLoopback } from '../fixtures/loopback.js';
import { runCli, tempWorkspace } from './apply-harness.js';

const INFO_MS = 600;
const infoAt: Record<string, number> = {};
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
afterAll(async () => {
  for (const c of cleanups) c();
  for (const a of agents) await a.close();
});

describe('evalc plan with two RAIP agents', () => {
  it('asks their /info at once, not one after the other', async () => {
    const ws = tempWorkspace('qa162-plan-discovery');
    cleanups.push(ws.cleanup);
    writeFileSync(
      path.join(ws.dir, 'evalc.yaml'),
      `evalc: 1
benchmark: { id: qa162, version: 1.0.0 }
agents:
  a1: { protocol: raip, url: "${agents[0]!.url}" }
  a2: { protocol: raip, url: "${agents[1]!.url}" }
tasks:
  t:
    bindings: { default: { input: { q: "{{q}}" }, output: { answer: "output.answer" } } }
    datasets:
      d: { examples: [ { id: e1, vars: { q: a }, expected: { answer: x } } ] }
    metrics: [ { type: exact_match, candidate: answer, expected: answer } ]
`,
    );
    const run = await runCli(['plan', '--json'], { cwd: ws.dir, timeoutMs: 30_000 });
    expect(Object.keys(infoAt).sort()).toEqual(['slow-a', 'slow-b']);
    // One after the other, the second /info came a whole answer (600 ms) after the first.
    expect(Math.abs(infoAt['slow-a']! - infoAt['slow-b']!)).toBeLessThan(INFO_MS / 2);
    expect(run.stderr).toBe('');
    expect(run.stdout).toContain('qa162/t[a2]');
  });
});
