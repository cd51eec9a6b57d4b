/**
 * QA54: `plan` said only "because agent identity changed" when a setting the lock pins changed
 * (an mae agent's maxTurns, an openai agent's model or temperature), while `evalc diff` named it.
 * The reason now names the pinned settings that changed; a change the lock does not list stays
 * "agent identity changed". Real applies against an OpenAI-compatible model server on loopback.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { planCommand } from '../../src/cli/plan.js';
import { runCommand } from '../cli/run-cli.js';
import { openaiAgentPlan } from '../fixtures/openai-agent-plan.js';
import { startOpenaiServer } from '../fixtures/openai-server.js';
import { applyInProcess } from '../protocols/apply-in-process.js';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const plan = (url: string) =>
  openaiAgentPlan(url, {
    id: 'qa54-plan-reason',
    examples: ['{ id: s1, vars: { query: "intro ML" } }'],
    metrics: ['{ type: contains, candidate: answer, value: "" }'],
    agent: 'temperature: 0, ',
  });

async function invokeReason(dir: string): Promise<string | undefined> {
  const result = await runCommand(planCommand, ['evalc.yaml', '--json'], { cwd: dir });
  const rows = (JSON.parse(result.stdout) as { rows: { kind: string; reason: string }[] }).rows;
  return rows.find((r) => r.kind === 'invoke')?.reason;
}

describe('plan names the agent setting that changed (QA54)', () => {
  it('says which pinned settings changed, and stays generic for one the lock does not list', async () => {
    const agent = await startOpenaiServer();
    const dir = mkdtempSync(path.join(os.tmpdir(), 'evalc-qa54-plan-reason-'));
    cleanups.push(
      () => rmSync(dir, { recursive: true, force: true }),
      () => agent.close(),
    );
    const file = path.join(dir, 'evalc.yaml');
    writeFileSync(file, plan(agent.baseUrl));
    expect((await applyInProcess(dir)).status).toBe('done');
    const edit = (from: string, to: string) =>
      writeFileSync(file, readFileSync(file, 'utf8').replace(from, to));

    edit('model: small-1, temperature: 0,', 'model: small-2, temperature: 0.5,');
    expect(await invokeReason(dir)).toBe(
      'because agent identity changed (model small-1 → small-2; temperature 0 → 0.5)',
    );
    edit('model: small-2, temperature: 0.5,', 'model: small-1, temperature: 0, system: "Be brief.",');
    expect(await invokeReason(dir)).toBe('because agent identity changed');
  });
});
