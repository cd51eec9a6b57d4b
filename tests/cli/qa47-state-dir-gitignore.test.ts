/**
 * QA47: DESIGN §5 — `.evalc/` (cache, logs, reports) is "ignored by git" and `evalc.lock` is
 * committed. Only `evalc init` wrote a .gitignore; a plan written by hand left the cache and the
 * logs for the next `git add -A`. `apply` (and `report`) now leave `.gitignore` (`*`) in the
 * `.evalc/` they create, and leave a `.evalc/` that already existed as it is. Apply in process
 * against a real RAIP agent on loopback; git itself says what it would commit.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyCommand } from '../../src/cli/apply.js';
import { reportCommand } from '../../src/cli/report.js';
import { type RaipAgent, startRaipAgent } from '../fixtures/raip-agent.js';
import { runCommand } from './run-cli.js';

let agent: RaipAgent;
const dirs: string[] = [];
beforeAll(async () => {
  agent = await startRaipAgent();
});
afterAll(async () => {
  await agent.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function planFolder(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'evalc-qa47-gitignore-'));
  dirs.push(dir);
  writeFileSync(
    path.join(dir, 'evalc.yaml'),
    `evalc: 1
benchmark: { id: qa47-ignore, version: 1.0.0 }
agents:
  a1: { protocol: raip, url: "${agent.url}", limits: { retries: 0 } }
tasks:
  t:
    bindings: { default: { input: { query: "{{q}}" }, output: { answer: output.answer } } }
    datasets: { d: { examples: [ { id: e1, vars: { q: "intro ML" }, expected: { answer: "Courses" } } ] } }
    metrics: [ { type: contains, candidate: answer, expected: answer } ]
run: { preflight: 0, bootstrap: 100 }
`,
  );
  return dir;
}

function gitAddAll(dir: string): string[] {
  const git = (...args: string[]) =>
    execFileSync('git', ['-c', 'user.email=t@t', '-c', 'user.name=t', ...args], {
      cwd: dir,
      encoding: 'utf8',
    });
  git('init', '-q');
  git('add', '-A');
  return git('diff', '--cached', '--name-only').trim().split('\n').sort();
}

describe('the .evalc/ folder evalc creates is ignored by git (QA47)', () => {
  it('apply: git add -A takes the plan and evalc.lock, nothing of .evalc/', async () => {
    const dir = planFolder();
    const applied = await runCommand(applyCommand, ['evalc.yaml', '--quiet'], { cwd: dir });
    expect(applied.code).toBe(0);
    expect(existsSync(path.join(dir, '.evalc', 'cache'))).toBe(true);
    expect(readFileSync(path.join(dir, '.evalc', '.gitignore'), 'utf8')).toMatch(/^\*$/m);
    expect(gitAddAll(dir)).toEqual(['evalc.lock', 'evalc.yaml']);
  });

  it('report: the .evalc/reports it makes beside a lockfile is ignored too', async () => {
    const dir = planFolder();
    expect((await runCommand(applyCommand, ['evalc.yaml', '--quiet'], { cwd: dir })).code).toBe(0);
    const copy = mkdtempSync(path.join(os.tmpdir(), 'evalc-qa47-gitignore-report-'));
    dirs.push(copy);
    writeFileSync(path.join(copy, 'evalc.lock'), readFileSync(path.join(dir, 'evalc.lock')));
    const reported = await runCommand(reportCommand, [], { cwd: copy });
    expect(reported.code).toBe(0);
    expect(gitAddAll(copy)).toEqual(['evalc.lock']);
  });

  it('leaves a .evalc/ that already existed as it is', async () => {
    const dir = planFolder();
    mkdirSync(path.join(dir, '.evalc'));
    expect((await runCommand(applyCommand, ['evalc.yaml', '--quiet'], { cwd: dir })).code).toBe(0);
    expect(existsSync(path.join(dir, '.evalc', '.gitignore'))).toBe(false);
  });
});
