/**
 * A real apply of a generated plan against the RAIP counting agent on loopback, for report.md
 * budget tests of plans with hundreds of tasks (QA80, QA87): returns report.md, checked to be within
 * the 65,000-byte budget, and the outcome; the agent and the folder are removed by `cleanups`.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import { startCountingAgent } from '../fixtures/apply-counting-agent.mjs';
import { applyInProcess } from '../protocols/apply-in-process.js';

export async function reportMdOfPlan(
  plan: (agentUrl: string) => string,
  prefix: string,
  cleanups: (() => Promise<void> | void)[],
): Promise<{ md: string; outcome: Awaited<ReturnType<typeof applyInProcess>> }> {
  const agent = await startCountingAgent();
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  cleanups.push(
    () => rmSync(dir, { recursive: true, force: true }),
    () => agent.close(),
  );
  writeFileSync(path.join(dir, 'evalc.yaml'), plan(agent.url));
  const outcome = await applyInProcess(dir);
  expect(outcome.status).toBe('done');
  const md = readFileSync(path.join(dir, '.evalc', 'reports', 'report.md'), 'utf8');
  expect(Buffer.byteLength(md, 'utf8')).toBeLessThanOrEqual(65_000);
  return { md, outcome };
}
