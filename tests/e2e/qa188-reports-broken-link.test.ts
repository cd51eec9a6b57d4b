/**
 * QA188: a broken link where `.evalc/reports` goes (or `--out DIR`, or a folder above it) let
 * apply call every agent and write evalc.lock, then fail making the folder, 'ENOENT … mkdir
 * …/.evalc/reports' (the case next to fda11cc's file there). It is refused before the first
 * agent call, with the same words and hint, and no evalc.lock is written.
 */
import { existsSync, mkdirSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { countingExamples, runCli, useCountingAgent, writeDataset, writePlan } from './apply-harness.js';

const ctx = useCountingAgent();

describe('apply with a broken link where the reports go', () => {
  it.each([
    ['.evalc/reports', [] as string[]],
    ['--out gone/sub, gone a broken link', ['--out', 'gone/sub']],
  ])('%s: refused before any agent call, evalc.lock not written', async (_, extra) => {
    const dir = ctx.workspace('qa188-reports-broken-link');
    writeDataset(dir, 'd1.jsonl', countingExamples(3));
    writePlan(dir, { agentUrl: ctx.agent.url });
    mkdirSync(path.join(dir, '.evalc'));
    symlinkSync(path.join(dir, 'nowhere'), path.join(dir, '.evalc', 'reports'));
    symlinkSync(path.join(dir, 'nowhere'), path.join(dir, 'gone'));
    const target = extra.length > 0 ? 'gone/sub' : '.evalc/reports';
    ctx.agent.reset();
    const run = await runCli(['apply', 'evalc.yaml', ...extra], { cwd: dir });
    expect(run.code).toBe(1);
    // (`--out` is made before the run starts, so its refusal was early already.)
    expect(run.stderr).toMatch(/^evalc: cannot write: ENOENT: no such file or directory, mkdir '/);
    expect(run.stderr).toContain(
      `mkdir '${path.join(dir, target)}'${extra.length > 0 ? '' : ' (checked before calling any agent)'} (cannot create ${target}: ${extra.length > 0 ? 'gone' : '.evalc/reports'} is a link to ${path.join(dir, 'nowhere')}, which does not exist: make that folder, or remove the link)\n`,
    );
    expect(ctx.agent.stats().invokes).toBe(0);
    expect(existsSync(path.join(dir, 'evalc.lock'))).toBe(false);
  });
});
