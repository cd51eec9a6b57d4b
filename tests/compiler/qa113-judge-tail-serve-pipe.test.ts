/**
 * QA113 (QA94/QA106 leftovers): a stdio judge's command gets ` rpc <method>` appended to its text,
 * so the last command gets it. `judge; true`, `judge && true` and `judge || true` gave it to
 * `true` (the judge ran without a method and `true`'s status hid the judge's), and `(judge)` or
 * `{ judge; }` is a syntax error once `rpc version` follows: all passed validate. `cd dir && judge`
 * (the judge last) stays valid. bash's `|&` in an agent's or judge's `serve.command` and an mae
 * agent's local `command` (run by sh as well) was unchecked; it was refused in a judge's command.
 * What sh does is checked against the machine's own sh; the validate runs are the real binary.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { spawnCli } from '../cli/run-cli.js';
import { judgeCommandDiagnostics } from './judge-command-plan.js';

const dir = mkdtempSync(path.join(os.tmpdir(), 'evalc-qa113-shell-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** What the judge's command receives as arguments when evalc appends `rpc version`. */
function judgeArgs(command: string): { status: number | null; args: string | undefined; stderr: string } {
  writeFileSync(path.join(dir, 'judge.sh'), 'echo "args:$*" >&2; exit 3\n');
  const r = spawnSync('sh', ['-c', `${command.replace('JUDGE', 'sh judge.sh')} rpc version`], {
    cwd: dir,
    encoding: 'utf8',
  });
  return { status: r.status, args: /args:(.*)/.exec(r.stderr)?.[1], stderr: r.stderr };
}

describe('a stdio judge command whose last command is not the judge (QA113)', () => {
  for (const command of ['JUDGE; true', 'JUDGE && true', 'JUDGE || true', 'JUDGE; echo done']) {
    it(`${command}: the judge gets no method in sh, and validate refuses it`, async () => {
      const ran = judgeArgs(command);
      expect(ran.args).toBe('');
      const ds = await judgeCommandDiagnostics(command.replace('JUDGE', 'node judge.mjs'));
      const errors = ds.filter((d) => d.severity === 'error' && d.code === 'EVALC_JUDGE_CONFIG');
      expect(errors).toHaveLength(1);
      expect(errors[0]?.message).toMatch(/appends `rpc <method>` to the last command/);
    });
  }

  for (const command of ['(JUDGE)', '{ JUDGE; }']) {
    it(`${command}: sh refuses it with rpc after it, and so does validate`, async () => {
      const ran = judgeArgs(command);
      expect(ran.status).not.toBe(0);
      expect(ran.args).toBeUndefined();
      const ds = await judgeCommandDiagnostics(command.replace('JUDGE', 'node judge.mjs'));
      const errors = ds.filter((d) => d.severity === 'error' && d.code === 'EVALC_JUDGE_CONFIG');
      expect(errors.map((d) => d.message)).toEqual([expect.stringContaining('ends in a subshell or group')]);
    });
  }

  for (const command of ['cd . && JUDGE', 'JUDGE --label "a)"', 'exec JUDGE']) {
    it(`${command}: the judge gets rpc version, and validate passes it`, async () => {
      expect(judgeArgs(command).args).toMatch(/rpc version$/);
      const ds = await judgeCommandDiagnostics(command.replace('JUDGE', 'node judge.mjs'));
      expect(ds.filter((d) => d.severity === 'error')).toEqual([]);
    });
  }
});

describe('`|&` in a command sh starts a served process with (QA113)', () => {
  it('is refused in agent and judge serve.command and an mae local command, at each', () => {
    writeFileSync(
      path.join(dir, 'evalc.yaml'),
      [
        'evalc: 1',
        'benchmark: { id: b }',
        'agents:',
        '  a: { protocol: chat, url: "http://127.0.0.1:9/agent/respond", serve: { command: "node a.mjs |& tee a.log" } }',
        '  m: { protocol: mae, transport: local, command: "node m.mjs |& tee m.log" }',
        '  ok: { protocol: chat, url: "http://127.0.0.1:9/agent/respond", serve: { command: "node a.mjs 2>&1 | tee a.log" } }',
        'judges:',
        '  j: { protocol: agent-eval, url: "http://127.0.0.1:9", rubric: r, serve: { command: "node j.mjs |& tee j.log" } }',
        'rubrics:',
        '  r: { dimensions: [ { id: relevance, description: R } ] }',
        'tasks:',
        '  t:',
        '    bindings: { default: { input: "{{q}}", output: { answer: "messages[-1].content" } } }',
        '    datasets: { d: { examples: [ { id: e1, vars: { q: hi } } ] } }',
        '    metrics: [ { type: judge, judge: j } ]',
        '',
      ].join('\n'),
    );
    const r = spawnCli(['validate', '--json'], { cwd: dir });
    expect(r.code).toBe(65);
    const ds = (
      JSON.parse(r.stdout) as {
        diagnostics: { code: string; severity: string; message: string; source?: { line: number } }[];
      }
    ).diagnostics.filter((d) => d.message.includes('`|&`'));
    expect(ds.map((d) => [d.code, d.severity, d.source?.line, d.message.split(': pipes')[0]])).toEqual([
      ['EVALC_AGENT_CONFIG', 'error', 4, 'agent a: serve.command'],
      ['EVALC_AGENT_CONFIG', 'error', 5, 'agent m: command'],
      ['EVALC_JUDGE_CONFIG', 'error', 8, 'judge j: serve.command'],
    ]);
  });
});
