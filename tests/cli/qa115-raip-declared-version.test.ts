/**
 * QA115: a RAIP agent whose `/info` has no `version`, with a `version:` declared in the plan. The
 * lock records the declared version as the agent's, and `plan` and `apply --frozen` read it back as
 * if /info had given it: `apply --frozen` with the whole cache at hand was refused (`2 agent responses
 * are not cached`) and `plan` noted `agent a1: version 7 → (none)` though nothing had changed.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Loopback } from '../fixtures/loopback.js';
import {
  applyPlanInTempFolder,
  declaredVersionRaipPlan,
  startRaipEchoAgent,
} from '../fixtures/raip-declared-version.js';
import { removeFolder } from '../fixtures/temp-folder.js';
import { spawnCliAsync } from './run-cli.js';

let agent: Loopback;
let invokes = 0;
let dir: string;
const env = { CI: 'true' };

const plan = (version: string) =>
  declaredVersionRaipPlan({ benchmark: 'qa115-raip-version', url: agent.url, version, twoExamples: true });

beforeAll(async () => {
  agent = await startRaipEchoAgent({ name: 'no-version', inputSchema: { type: 'object' } }, () => {
    invokes++;
  });
  dir = await applyPlanInTempFolder('evalc-qa115-raip-version-', plan('7'));
});

afterAll(async () => {
  await agent.close();
  removeFolder(dir);
});

describe('a RAIP agent without a /info version and a declared version: (QA115)', () => {
  it('plan after apply: no changes, and no version note', async () => {
    const out = await spawnCliAsync(['plan'], { cwd: dir, env });
    expect(out.code, out.stdout + out.stderr).toBe(0);
    expect(out.stdout + out.stderr).not.toContain('version 7 → (none)');
  });

  it('apply --frozen answers from the cache', async () => {
    const before = invokes;
    const out = await spawnCliAsync(['apply', '--frozen'], { cwd: dir, env });
    expect(out.code, out.stderr).toBe(0);
    expect(invokes).toBe(before);
  });

  it('a new declared version still re-invokes the agent', async () => {
    writeFileSync(path.join(dir, 'evalc.yaml'), plan('8'));
    const out = await spawnCliAsync(['plan'], { cwd: dir, env });
    expect(out.code).toBe(2);
    expect(out.stdout).toMatch(/~ invoke +qa115-raip-version\/t\[a1\] +2 examples/);
  });
});
