/**
 * QA244: an apply whose every agent failed discovery refuses, as before, but named the first
 * agent's failure alone: with two agents down (a1 and a2, nothing listening), it read 'agent a1:
 * discovery failed … is the agent running at …?' and said nothing of a2 until a1 was fixed. It
 * names each, in the plan's order, each with its hint.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { applyOneExamplePlan } from '../fixtures/discovery-apply.js';
import { freePort as closedPort } from '../fixtures/loopback.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('every agent failing discovery (QA244)', () => {
  it('refuses naming each agent that failed, each with its hint', async () => {
    const url1 = `http://127.0.0.1:${await closedPort()}`;
    const url2 = `http://127.0.0.1:${await closedPort()}`;
    const dir = mkdtempSync(path.join(os.tmpdir(), 'qa244-discovery-'));
    dirs.push(dir);
    const outcome = await applyOneExamplePlan(
      dir,
      `
  a1: { protocol: raip, url: "${url1}", limits: { retries: 0 } }
  a2: { protocol: raip, url: "${url2}", limits: { retries: 0 } }`,
    );
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
