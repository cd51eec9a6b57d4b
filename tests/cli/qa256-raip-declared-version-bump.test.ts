/**
 * QA256: a RAIP agent whose /info gives its own version (1.0.0), with a `version:` declared in the
 * plan, as the README's CI section asks ("bump the version in the same PR"). A pull request bumping
 * the declared version 1.0.0 → 1.1.0 re-invoked the agent, but `plan` said "because agent identity
 * changed" alone, `evalc diff` "a1: settings changed (a setting of agents.a1 the lock does not list,
 * e.g. temperature or a prompt; …)", and `apply --locked` "agent identity changed": the lock kept
 * /info's version only. It now records the declared one beside it (`declaredVersion`), and all
 * three name the bump.
 */
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
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
let dir: string;
const env = { CI: 'true' };

const plan = (version: string) =>
  declaredVersionRaipPlan({ benchmark: 'qa256-declared', url: agent.url, version });

beforeAll(async () => {
  agent = await startRaipEchoAgent({ name: 'advisor', version: '1.0.0', inputSchema: { type: 'object' } });
  dir = await applyPlanInTempFolder('evalc-qa256-declared-', plan('1.0.0'));
  copyFileSync(path.join(dir, 'evalc.lock'), path.join(dir, 'main.lock'));
});

afterAll(async () => {
  await agent.close();
  removeFolder(dir);
});

describe('a declared version: bumped beside an /info version that stays (QA256)', () => {
  it('plan and apply --locked name the bump', async () => {
    writeFileSync(path.join(dir, 'evalc.yaml'), plan('1.1.0'));
    const planned = await spawnCliAsync(['plan'], { cwd: dir, env });
    expect(planned.code, planned.stderr).toBe(2);
    expect(planned.stdout).toContain('because agent identity changed (declared version 1.0.0 → 1.1.0)');
    const locked = await spawnCliAsync(['apply', '--locked'], { cwd: dir, env });
    expect(locked.code).toBe(1);
    expect(locked.stderr).toContain('agent identity changed (declared version 1.0.0 → 1.1.0)');
  });

  it('the lock records it, and evalc diff says version changed', async () => {
    const applied = await spawnCliAsync(['apply', '--quiet'], { cwd: dir, env });
    expect(applied.code, applied.stderr).toBe(0);
    const lock = JSON.parse(readFileSync(path.join(dir, 'evalc.lock'), 'utf8'));
    expect(lock.agents.a1).toMatchObject({ version: '1.0.0', declaredVersion: '1.1.0' });
    const diff = await spawnCliAsync(['diff', 'main.lock', 'evalc.lock'], { cwd: dir, env });
    expect(diff.stdout).toContain('a1: declared version changed 1.0.0 → 1.1.0');
    expect(diff.stdout).not.toContain('settings changed');
    // The next bump is read from the lock's declaredVersion, not /info's version.
    writeFileSync(path.join(dir, 'evalc.yaml'), plan('2.0.0'));
    const planned = await spawnCliAsync(['plan'], { cwd: dir, env });
    expect(planned.stdout).toContain('(declared version 1.1.0 → 2.0.0)');
  });
});
