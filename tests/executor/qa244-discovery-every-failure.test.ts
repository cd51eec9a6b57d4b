/**
 * QA244: an apply whose every agent failed discovery refuses, as before, but named the first
 * agent's failure alone: with two agents down (a1 and a2, nothing listening), it read 'agent a1:
 * discovery failed … is the agent running at …?' and said nothing of a2 until a1 was fixed. It
 * names each, in the plan's order, each with its hint.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { applyRun, createProgress } from '../../src/index.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** A loopback port that was just free: nothing listens on it. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('every agent failing discovery (QA244)', () => {
  it('refuses naming each agent that failed, each with its hint', async () => {
    const url1 = `http://127.0.0.1:${await closedPort()}`;
    const url2 = `http://127.0.0.1:${await closedPort()}`;
    const dir = mkdtempSync(path.join(os.tmpdir(), 'qa244-discovery-'));
    dirs.push(dir);
    writeFileSync(
      path.join(dir, 'evalc.yaml'),
      `evalc: 1
benchmark: { id: b }
agents:
  a1: { protocol: raip, url: "${url1}", limits: { retries: 0 } }
  a2: { protocol: raip, url: "${url2}", limits: { retries: 0 } }
tasks:
  t:
    bindings: { default: { input: { q: "{{q}}" }, output: { answer: output.answer } } }
    datasets: { d: { examples: [ { id: e1, vars: { q: x }, expected: { answer: x } } ] } }
    metrics: [ { type: exact_match, candidate: answer, expected: answer } ]
`,
    );
    const outcome = await applyRun({
      planFile: 'evalc.yaml',
      cwd: dir,
      env: {},
      signal: new AbortController().signal,
      progress: createProgress('quiet', () => {}),
    });
    expect(outcome.status).toBe('refused');
    const message = outcome.status === 'refused' ? outcome.message : '';
    const lines = message.split('\n');
    expect(lines.filter((line) => line.includes('discovery failed (transport_error)'))).toEqual([
      expect.stringMatching(/^agent a1: discovery failed/),
      expect.stringMatching(/^agent a2: discovery failed/),
    ]);
    expect(message).toContain(`is the agent running at ${url1}?`);
    expect(message).toContain(`is the agent running at ${url2}?`);
  });
});
