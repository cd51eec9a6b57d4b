/**
 * QA151: since QA143 a RAIP `/info` `version` sent as a JSON number (`"version": 2`) is the
 * agent's version; evalc before it dropped the number, so a lock written then pins no version and
 * the first run after the upgrade invokes the agent's examples once more. `plan`, its row and
 * `apply --locked` said only "version (none) → 2", which reads as a change in the agent the user
 * did not make. They now say it is the number /info sends, which evalc used to drop. An agent that
 * starts sending a string version is a change of its own, said as before. Real loopback agent and
 * the built binary; the lock is the one an older evalc wrote for the agent (no version).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { type Loopback, sendJson, startLoopback } from '../fixtures/loopback.js';
import { writeOneExampleRaipPlan } from '../fixtures/raip-one-example-plan.js';
import { assertBuilt, runCli, tempWorkspace } from './apply-harness.js';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function workspace(state: { version: unknown }): Promise<string> {
  assertBuilt();
  const server: Loopback = await startLoopback((req, res) => {
    if ((req.url ?? '').startsWith('/info'))
      return sendJson(res, 200, {
        name: 'n',
        ...(state.version === undefined ? {} : { version: state.version }),
        inputSchema: { type: 'object' },
      });
    return sendJson(res, 200, { output: { answer: 'A' }, usage: {} });
  });
  const { dir, cleanup } = tempWorkspace('qa151-numeric-version');
  cleanups.push(cleanup, () => server.close());
  writeOneExampleRaipPlan(dir, server.url);
  // The lock an evalc that dropped the number wrote: the agent pinned with no version.
  const first = await runCli(['apply', '--quiet'], { cwd: dir });
  expect(first.code, first.stderr).toBe(0);
  return dir;
}

const PINS_NONE =
  'version \\(none\\) → 2: evalc\\.lock pins none \\(the agent sent none, or sent this number, which an earlier evalc did not record\\), so ';
const WHY = new RegExp(`${PINS_NONE}its examples are invoked once more`);
/** apply --locked runs nothing: it says what a run without it does (QA162). */
const WHY_LOCKED = new RegExp(`${PINS_NONE}a run without --locked invokes its examples once more`);

describe('upgrading past QA143 with an agent whose /info version is a number (QA151)', () => {
  it('plan, its row and apply --locked say why the agent is invoked again', async () => {
    const state: { version: unknown } = { version: undefined };
    const dir = await workspace(state);
    state.version = 2;
    const planned = await runCli(['plan'], { cwd: dir });
    expect(planned.code, planned.stderr).toBe(2);
    expect(planned.stderr).toMatch(new RegExp(`note: agent a1: ${WHY.source}`));
    expect(planned.stdout).toMatch(new RegExp(`invoke .*because agent identity changed \\(${WHY.source}`));
    const locked = await runCli(['apply', '--locked'], { cwd: dir });
    expect(locked.code).toBe(1);
    expect(locked.stderr).toMatch(new RegExp(`agent a1: identity changed \\(${WHY_LOCKED.source}`));
  }, 60_000);

  it('a string version the agent starts to send is named as before, without that reason', async () => {
    const state: { version: unknown } = { version: undefined };
    const dir = await workspace(state);
    state.version = '2';
    const planned = await runCli(['plan'], { cwd: dir });
    expect(planned.code, planned.stderr).toBe(2);
    expect(planned.stderr).toMatch(/note: agent a1: version \(none\) → 2\n/);
    // The row names it too, as apply --locked does (QA156: it read only "agent identity changed").
    expect(planned.stdout).toMatch(/invoke .*because agent identity changed \(version \(none\) → 2\)\n/);
    expect(`${planned.stdout}${planned.stderr}`).not.toMatch(/an earlier evalc did not record/);
  }, 60_000);

  it('a version the agent stops sending is named in the row as in the note (QA162)', async () => {
    const state: { version: unknown } = { version: '1.0.0' };
    const dir = await workspace(state);
    state.version = undefined;
    const planned = await runCli(['plan'], { cwd: dir });
    expect(planned.code, planned.stderr).toBe(2);
    expect(planned.stderr).toMatch(/note: agent a1: version 1\.0\.0 → \(none\)\n/);
    expect(planned.stdout).toMatch(
      /invoke .*because agent identity changed \(version 1\.0\.0 → \(none\)\)\n/,
    );
  }, 60_000);
});
