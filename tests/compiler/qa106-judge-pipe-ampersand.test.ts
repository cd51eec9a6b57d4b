/**
 * QA94: a stdio judge command piping with bash's `|&` (`node judge.mjs |& tee judge.log`) was
 * only the pipeline warning, yet sh — dash on Debian and Ubuntu — refuses the whole command
 * (`Syntax error: "&" unexpected`): every call failed at apply. It is an error at validate now,
 * at the command, naming `2>judge.log` (it named `2>&1 |`, itself warned about: QA131); a `2>&1 |` pipeline stays a warning. The validate run is the
 * real binary; the shell's refusal is checked against the machine's own sh.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { judgeCommandDiagnostics } from './judge-command-plan.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const CLI = path.join(root, 'dist', 'evalc.mjs');
const dir = mkdtempSync(path.join(os.tmpdir(), 'evalc-qa106-pipe-amp-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function validate(command: string) {
  writeFileSync(
    path.join(dir, 'evalc.yaml'),
    `evalc: 1
benchmark: { id: b }
agents:
  a: { protocol: raip, url: "http://127.0.0.1:9" }
judges:
  j:
    protocol: agent-eval
    command: ${JSON.stringify(command)}
    rubric: r
rubrics:
  r:
    dimensions:
      - { id: relevance, description: R }
tasks:
  t:
    bindings: { default: { input: { q: "{{q}}" }, output: { answer: output.answer } } }
    datasets: { d: { examples: [ { id: e1, vars: { q: hi } } ] } }
    metrics: [ { type: judge, judge: j } ]
`,
  );
  return spawnSync(process.execPath, [CLI, 'validate', 'evalc.yaml'], {
    cwd: dir,
    encoding: 'utf8',
    timeout: 20_000,
  });
}

describe('a stdio judge command with `|&` (QA106)', () => {
  it('is what sh refuses here', () => {
    const sh = spawnSync('sh', ['-c', 'echo x |& cat'], { encoding: 'utf8' });
    // dash refuses it; a bash posing as sh would run it, and the plan would still not be portable.
    if (sh.status === 0) return;
    expect(sh.stderr).toMatch(/Syntax error|syntax error/);
  });

  it('is an error at validate, at the command, naming `2>judge.log`', () => {
    const r = validate('node judge.mjs |& tee judge.log');
    expect(r.status).toBe(65);
    expect(r.stderr).toMatch(/evalc\.yaml:8:\d+: error EVALC_JUDGE_CONFIG/);
    expect(r.stderr).toContain('pipes with `|&`, which sh does not know');
    expect(r.stderr).toContain('`2>judge.log`');
    expect(r.stderr).not.toContain('is a pipeline');
  });

  it('a `2>&1 |` pipeline stays a warning, and a quoted `|&` is an argument', async () => {
    expect(
      (await judgeCommandDiagnostics('node judge.mjs 2>&1 | tee judge.log')).map((d) => d.severity),
    ).toEqual(['warning']);
    expect(await judgeCommandDiagnostics("node judge.mjs --sep '|&'")).toEqual([]);
  });
});
