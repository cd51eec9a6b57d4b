/**
 * QA126: `evalc init` wrote evalc.yaml first, so a file it could not write afterwards (a read-only
 * datasets/ folder, a file named `agents` where the agent's folder goes) left a plan naming files
 * that were never made, and `evalc init` run again after the fix refused: "evalc.yaml already
 * exists". The plan is written last now: the failed init leaves no plan, and the second one completes
 * the scaffold (keeping what the first wrote) into a plan that validates.
 */
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { initCommand } from '../../src/cli/init.js';
import { validateCommand } from '../../src/cli/validate.js';
import { tempFolder } from '../fixtures/temp-folder.js';
import { runCommand } from './run-cli.js';

describe('evalc init that cannot write every file (QA126)', () => {
  it('leaves no evalc.yaml, so a second init after the fix completes the scaffold', async () => {
    const dir = tempFolder('evalc-init-');
    writeFileSync(path.join(dir, 'agents'), 'a file where the agents/ folder goes\n');
    // In-process the file system error is thrown; the CLI prints it in one line and exits 1.
    await expect(runCommand(initCommand, [], { cwd: dir })).rejects.toThrow(/agents/);
    expect(existsSync(path.join(dir, 'evalc.yaml'))).toBe(false);

    rmSync(path.join(dir, 'agents'));
    const again = await runCommand(initCommand, [], { cwd: dir });
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toContain('created evalc.yaml, agents/echo-agent.mjs');
    expect(existsSync(path.join(dir, 'agents/echo-agent.mjs'))).toBe(true);
    expect((await runCommand(validateCommand, [], { cwd: dir })).code).toBe(0);
  });
});
