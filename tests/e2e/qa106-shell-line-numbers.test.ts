/**
 * QA97: a served or stdio agent whose command names a program that does not exist said
 * `/bin/sh: 3: nosuch: not found` (a served agent's: `5:` for the second line of its command): the
 * number was the line of evalc's watchdog wrapper around the command, meaningless to the user.
 * The wrapper is one line before the command now, so the shell's line number is the line of what
 * the user wrote (`sh: 2:` for the second line of a `command: |` block, as `sh -c` would say).
 * Against a real shell, with a served raip agent and a local mae agent.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../fixtures/loopback.js';
import { assertBuilt, runCli, tempWorkspace } from './apply-harness.js';
import { maeLocalPlanYaml } from './mae-local-plan.js';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanups.splice(0)) c();
});
beforeAll(() => assertBuilt());

/** dash: `/bin/sh: 2: x: not found`; bash as sh: `/bin/sh: line 2: x: command not found`. */
const missing = (line: number, program: string) =>
  new RegExp(`/bin/sh: (?:line )?${line}: ${program}: (?:command )?not found`);

describe("a missing program is named at the line of the user's command (QA106)", () => {
  it('a served agent: the second line of its serve.command is line 2', async () => {
    const ws = tempWorkspace('qa106-served-missing');
    cleanups.push(ws.cleanup);
    const port = await freePort();
    writeFileSync(path.join(ws.dir, 'd1.jsonl'), '{"id":"e1","vars":{"q":"a"},"expected":{"answer":"a"}}\n');
    writeFileSync(
      path.join(ws.dir, 'evalc.yaml'),
      `evalc: 1
benchmark: { id: served-missing, version: 1.0.0 }
agents:
  a1:
    protocol: raip
    url: http://127.0.0.1:${port}
    serve:
      command: |
        echo starting
        nosuch-served-agent-qa106 --port ${port}
      ready: { url: "http://127.0.0.1:${port}/info", timeout: 3s }
tasks:
  t1:
    bindings: { default: { input: { q: "{{q}}" }, output: { answer: output.answer } } }
    datasets: { d1: { source: d1.jsonl } }
    metrics: [ { type: exact_match, candidate: answer, expected: answer } ]
`,
    );
    const run = await runCli(['apply', 'evalc.yaml'], { cwd: ws.dir });
    expect(run.stderr).toContain('serve a1 exited with code 127 before it was ready');
    expect(run.stderr).toMatch(missing(2, 'nosuch-served-agent-qa106'));
  });

  it('a local mae agent: its one-line command is line 1', async () => {
    const ws = tempWorkspace('qa106-mae-missing');
    cleanups.push(ws.cleanup);
    writeFileSync(path.join(ws.dir, 'd.jsonl'), '{"id":"e1","vars":{"task":"final:ok"}}\n');
    writeFileSync(
      path.join(ws.dir, 'evalc.yaml'),
      maeLocalPlanYaml('mae-missing', 'nosuch-mae-agent-qa106 --fast'),
    );
    await runCli(['apply', 'evalc.yaml'], { cwd: ws.dir });
    const report = readFileSync(path.join(ws.dir, '.evalc/reports/report.md'), 'utf8');
    expect(report).toContain('local agent exited with code 127 before replying');
    expect(report).toMatch(missing(1, 'nosuch-mae-agent-qa106'));
  });
});
