/**
 * report.md's schema-drift flag (RAIP R8) counted the agent's 400 `ajvErrors` refusals from the
 * invoke records it read back from the cache: at most 5,000 of them (failing rows first), and none
 * at all when `evalc report` runs where the cache is not (a CI job with the lockfile only). Past
 * that it showed smaller numbers than apply printed, or no flag (QA99). apply now keeps each
 * group's count in the lock's volatile section (`schemaRefusals`), and report.md says what apply
 * said. Against the real loopback RAIP agent of apply-schema-drift.
 */
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { afterAll, describe, expect, it } from 'vitest';
import { type CountingAgent, startCountingAgent } from '../fixtures/apply-counting-agent.mjs';
import {
  countingExamples,
  REPO_ROOT,
  runCli,
  tempWorkspace,
  writeDataset,
  writePlan,
} from './apply-harness.js';

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => void;

const agents: CountingAgent[] = [];
const cleanups: (() => void)[] = [];
afterAll(async () => {
  for (const a of agents) await a.close();
  for (const c of cleanups) c();
});

describe('schema drift counts in the lock (QA106)', () => {
  it('evalc report without the cache still says the drift apply printed, with its numbers', async () => {
    const agent = await startCountingAgent({ faults: { seed: 3, rates: { '400': 0.3 } } });
    agents.push(agent);
    const ws = tempWorkspace('qa106-drift');
    cleanups.push(ws.cleanup);
    writeDataset(ws.dir, 'd1.jsonl', countingExamples(30, 'hi'));
    writePlan(ws.dir, {
      agentUrl: agent.url,
      metrics: [{ type: 'exact_match', candidate: 'codes', expected: 'codes', mode: 'set' }],
    });
    const run = await runCli(['apply', 'evalc.yaml', '--json'], { cwd: ws.dir });
    expect(run.code).toBe(0);
    const result = run.stdout
      .split('\n')
      .filter((l) => l.trim() !== '')
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .find((e) => e.event === 'result');
    const drifted = (result?.schemaDrift ?? []) as { agent: string; refused: number; answered: number }[];
    const refused = drifted[0]?.refused ?? 0;
    expect(refused).toBeGreaterThan(3);

    rmSync(path.join(ws.dir, '.evalc/cache'), { recursive: true, force: true });
    const rerendered = await runCli(['report', '--format', 'md'], { cwd: ws.dir });
    expect(rerendered.code).toBe(0);
    expect(rerendered.stdout).toContain(
      `- **Schema drift**: agent a1: ${refused} of 30 inputs that fit its /info input schema were refused with 400 ajvErrors`,
    );

    const lock = JSON.parse(readFileSync(path.join(ws.dir, 'evalc.lock'), 'utf8')) as {
      volatile: Record<string, { schemaRefusals?: number }>;
    };
    const kept = Object.values(lock.volatile).reduce((n, v) => n + (v.schemaRefusals ?? 0), 0);
    expect(kept).toBe(refused);
    // The lock stays valid against schemas/lock.schema.json (its volatile entries list their fields).
    const ajv = new Ajv2020({ strict: true, allErrors: true });
    addFormats(ajv);
    const validate = ajv.compile(
      JSON.parse(readFileSync(path.join(REPO_ROOT, 'schemas', 'lock.schema.json'), 'utf8')) as object,
    );
    expect(validate(lock), JSON.stringify(validate.errors)).toBe(true);
  });
});
