/**
 * QA183: `evalc apply --locked` on a plan with no evalc.lock said "--locked: pinned inputs
 * changed: no evalc.lock to check against", with the hint "evalc.lock does not match this branch:
 * run `evalc plan` to see what changed": nothing was pinned, so nothing changed. It now says there
 * is no evalc.lock, and the hint is to write one with an apply without --locked (exit 1, no agent
 * called, as before).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { countingExamples, runCli, useCountingAgent, writeDataset, writePlan } from './apply-harness.js';

const ctx = useCountingAgent();

describe('apply --locked without evalc.lock', () => {
  it('says there is none, and how to write it', async () => {
    const dir = ctx.workspace('qa183-locked-no-lock');
    writeDataset(dir, 'd1.jsonl', countingExamples(2));
    writePlan(dir, { agentUrl: ctx.agent.url });
    ctx.agent.reset();
    const run = await runCli(['apply', 'evalc.yaml', '--locked'], { cwd: dir });
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(
      'evalc: --locked: there is no evalc.lock beside the plan to check against\n' +
        'hint: run `evalc apply` once without --locked to write evalc.lock, and commit it: --locked then checks this branch against it.\n',
    );
    expect(ctx.agent.stats().invokes).toBe(0);
    expect(existsSync(path.join(dir, 'evalc.lock'))).toBe(false);
  });
});
