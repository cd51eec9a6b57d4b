/**
 * QA35: a lock read from JSON has Object.prototype behind its maps, so an agent `toString` new to
 * the plan was found in `lock.agents`: `plan` said "agent toString: version (none) → 1; input
 * schema changed: apply stops before any invoke unless --update-lock" and "new dataset" where
 * it is a new agent. Real CLI commands, real RAIP agent on 127.0.0.1.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyCommand } from '../../src/cli/apply.js';
import { planCommand } from '../../src/cli/plan.js';
import { readLockFile } from '../../src/lockfile/serialize.js';
import { writeFiles } from '../compiler/plan-helpers.js';
import type { Loopback } from '../fixtures/loopback.js';
import { startRepeatRaipAgent } from '../fixtures/qa8-repeat-raip-agent.js';
import { runCommand } from './run-cli.js';

let agent: Loopback;
beforeAll(async () => {
  agent = await startRepeatRaipAgent({ '1': { q0: ['a-q0'] } });
});
afterAll(async () => {
  await agent.close();
});

const plan = (agents: string[]) => `evalc: 1
benchmark: { id: lockids, version: 1.0.0 }
agents:
${agents.map((id) => `  ${id}: { protocol: raip, url: "${agent.url}" }`).join('\n')}
tasks:
  t:
    bindings: { default: { input: { q: "{{q}}", v: "1" }, output: { answer: "output.answer" } } }
    datasets: { d: { examples: [ { id: e0, vars: { q: q0 }, expected: { answer: a-q0 } } ] } }
    metrics: [ { type: exact_match, candidate: answer, expected: answer } ]
`;

describe('a lock read back, and an agent id Object.prototype also answers', () => {
  it('finds only the agents the lock holds', async () => {
    const dir = writeFiles({ 'evalc.yaml': plan(['a1']) }, 'evalc-qa35-lockids-');
    expect((await runCommand(applyCommand, ['evalc.yaml', '--quiet'], { cwd: dir })).code).toBe(0);
    const read = readLockFile(path.join(dir, 'evalc.lock'));
    expect(read.ok && read.lock.agents.toString).toBeUndefined();
    expect(read.ok && read.lock.aggregates.benchmark?.a1?.exact_match?.mean).toBe(1);

    writeFileSync(path.join(dir, 'evalc.yaml'), plan(['a1', 'toString']));
    const result = await runCommand(planCommand, ['evalc.yaml'], { cwd: dir });
    expect(result.code).toBe(2);
    expect(result.stdout + result.stderr).not.toContain('input schema changed');
    expect(result.stdout).toMatch(/\+ invoke +lockids\/t\[toString\] +1 example +new agent/);
  });
});
