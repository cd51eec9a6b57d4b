/**
 * QA167, next to b24eec2: a RAIP agent whose /info stops sending a version, beside a plan that
 * declares `version: "9"`, is keyed by the declared version (QA123). `plan` read `version 1.1.0 →
 * 9` and `apply --locked` `version 1.1.0 → (none)` of the same change; --locked now names it as
 * plan does. Real loopback agent and the built binary.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { sendJson, startLoopback } from '../fixtures/loopback.js';
import { writeOneExampleRaipPlan } from '../fixtures/raip-one-example-plan.js';
import { assertBuilt, runCli, tempWorkspace } from './apply-harness.js';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe('a RAIP agent that stops sending a version beside a declared version: (QA167)', () => {
  it('reads the same in plan and in apply --locked', async () => {
    assertBuilt();
    const state: { version?: string } = { version: '1.1.0' };
    const server = await startLoopback((req, res) => {
      if ((req.url ?? '').startsWith('/info'))
        return sendJson(res, 200, { name: 'n', ...state, inputSchema: { type: 'object' } });
      return sendJson(res, 200, { output: { answer: 'A' }, usage: {} });
    });
    const { dir, cleanup } = tempWorkspace('qa167-declared-version');
    cleanups.push(cleanup, () => server.close());
    writeOneExampleRaipPlan(dir, server.url);
    const file = path.join(dir, 'evalc.yaml');
    const plan = JSON.parse(readFileSync(file, 'utf8')) as { agents: { a1: Record<string, unknown> } };
    plan.agents.a1.version = '9';
    writeFileSync(file, `${JSON.stringify(plan, null, 2)}\n`);
    const first = await runCli(['apply', '--quiet'], { cwd: dir });
    expect(first.code, first.stderr).toBe(0);

    delete state.version;
    const planned = await runCli(['plan'], { cwd: dir });
    expect(planned.stdout).toMatch(/invoke .*because agent identity changed \(version 1\.1\.0 → 9\)\n/);
    const locked = await runCli(['apply', '--locked'], { cwd: dir });
    expect(locked.code).toBe(1);
    expect(locked.stderr).toContain('agent a1: identity changed (version 1.1.0 → 9)');
  });
});
