/**
 * A re-apply takes an invoke's duration and token total from the extract record when it carries
 * them (no trajectory is read or parsed when every score is cached), and still works with
 * extract records written before those fields existed. Real CLI, real counting agent.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  assertBuilt,
  countingExamples,
  readLock,
  runCli,
  tempWorkspace,
  writeDataset,
  writePlan,
} from '../e2e/apply-harness.js';
import { type CountingAgent, startCountingAgent } from '../fixtures/apply-counting-agent.mjs';

let agent: CountingAgent;
const cleanups: (() => void)[] = [];

beforeAll(async () => {
  assertBuilt();
  agent = await startCountingAgent();
});
afterAll(async () => {
  await agent.close();
  for (const c of cleanups) c();
});

async function coldWorkspace(n: number) {
  const ws = tempWorkspace('cached-extract');
  cleanups.push(ws.cleanup);
  writeDataset(ws.dir, 'd1.jsonl', countingExamples(n));
  writePlan(ws.dir, { agentUrl: agent.url, run: { repeats: 2 } });
  agent.reset();
  const cold = await runCli(['apply', 'evalc.yaml'], { cwd: ws.dir });
  expect(cold.code).toBe(0);
  expect(agent.stats().invokes).toBe(2 * n);
  agent.reset();
  return ws.dir;
}

/** Rewrites every cache entry of `kind` through `edit`, keeping the log format (byte lengths). */
function rewriteCache(dir: string, kind: string, edit: (value: Record<string, unknown>) => void): number {
  const file = path.join(dir, '.evalc/cache/steps.log');
  let edited = 0;
  const lines = readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l !== '')
    .map((line) => {
      const [key, k, , json] = line.split('\t');
      if (k !== kind || json === undefined) return line;
      const value = JSON.parse(json) as Record<string, unknown>;
      edit(value);
      edited++;
      const text = JSON.stringify(value);
      return `${key}\t${k}\t${Buffer.byteLength(text)}\t${text}`;
    });
  writeFileSync(file, `${lines.join('\n')}\n`);
  return edited;
}

function reports(dir: string): Record<string, string> {
  const folder = path.join(dir, '.evalc/reports');
  return Object.fromEntries(readdirSync(folder).map((f) => [f, readFileSync(path.join(folder, f), 'utf8')]));
}

describe('cached re-apply and the extract record', () => {
  it('writes the duration and token total of the invoke next to the candidates', async () => {
    const dir = await coldWorkspace(3);
    const extracts: Record<string, unknown>[] = [];
    rewriteCache(dir, 'extract', (v) => extracts.push({ ...v }));
    expect(extracts).toHaveLength(6);
    for (const e of extracts) {
      expect(e.ok).toBe(true);
      expect(typeof e.durationMs).toBe('number');
      // The counting agent reports 3 input + 5 output tokens per reply.
      expect(e.tokens).toBe(8);
    }
  });

  it('takes durations and tokens from the extract record, not from the invoke record', async () => {
    const dir = await coldWorkspace(4);
    const coldLock = readLock(dir);
    // If the re-apply read the invoke records, the lockfile's volatile figures would change.
    const edited = rewriteCache(dir, 'invoke', (v) => {
      v.durationMs = 987654;
      const t = v.trajectory as { usage: { totalTokens: number } };
      t.usage.totalTokens = 1_000_000;
    });
    expect(edited).toBe(8);
    const again = await runCli(['apply', 'evalc.yaml'], { cwd: dir });
    expect(again.code).toBe(0);
    expect(agent.stats().invokes).toBe(0);
    expect(readLock(dir)).toBe(coldLock);
  });

  it('re-applies a cache whose extract records predate those fields: no agent call, same lockfile and reports', async () => {
    const dir = await coldWorkspace(5);
    const coldLock = readLock(dir);
    const coldReports = reports(dir);
    const edited = rewriteCache(dir, 'extract', (v) => {
      delete v.durationMs;
      delete v.tokens;
    });
    expect(edited).toBe(10);
    const again = await runCli(['apply', 'evalc.yaml'], { cwd: dir });
    expect(again.code).toBe(0);
    expect(agent.stats().invokes).toBe(0);
    expect(readLock(dir)).toBe(coldLock);
    expect(reports(dir)).toEqual(coldReports);
  });
});
