/**
 * QA58: report.md's footer names report.html relative to the plan's folder. A plan reached
 * through a symlinked folder (`link/evalc.yaml`, `link` → the project) had its folder resolved
 * but not the reports folder, so the footer read `../link/.evalc/reports/report.html` — a path
 * that depends on what the link is called, making report.md differ from a run of the same plan
 * by its real path (README "Determinism": a symlinked folder changes nothing).
 */
import { mkdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { countingExamples, runCli, useCountingAgent, writeDataset, writePlan } from './apply-harness.js';

const ctx = useCountingAgent();

function footer(reportsDir: string): string | undefined {
  return readFileSync(path.join(reportsDir, 'report.md'), 'utf8').match(
    /Full report[^<]*<code>([^<]*)<\/code>/,
  )?.[1];
}

describe('a plan applied through a symlinked folder (QA58)', () => {
  it('names its reports as a run from the real folder does', async () => {
    const dir = ctx.workspace('symlinked-footer');
    const real = path.join(dir, 'project');
    mkdirSync(real);
    writeDataset(real, 'd1.jsonl', countingExamples(3));
    writePlan(real, { agentUrl: ctx.agent.url });
    symlinkSync('project', path.join(dir, 'current'));

    const direct = await runCli(['apply', 'project/evalc.yaml'], { cwd: dir });
    expect(direct.code, direct.stderr).toBe(0);
    const reports = path.join(real, '.evalc', 'reports');
    expect(footer(reports)).toBe('.evalc/reports/report.html');
    const directMd = readFileSync(path.join(reports, 'report.md'), 'utf8');

    // From the cache (durations included), with no lock or reports to keep: the same bytes.
    rmSync(path.join(real, 'evalc.lock'));
    rmSync(reports, { recursive: true });
    const linked = await runCli(['apply', 'current/evalc.yaml'], { cwd: dir });
    expect(linked.code, linked.stderr).toBe(0);
    expect(footer(reports)).toBe('.evalc/reports/report.html');
    expect(readFileSync(path.join(reports, 'report.md'), 'utf8')).toBe(directMd);

    // --out through the link names the same folder as --out by the real path.
    const out = await runCli(['apply', 'current/evalc.yaml', '--out', 'current/out'], { cwd: dir });
    expect(out.code, out.stderr).toBe(0);
    expect(footer(path.join(real, 'out'))).toBe('out/report.html');
  });
});
