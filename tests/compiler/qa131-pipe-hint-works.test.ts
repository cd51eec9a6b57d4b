/**
 * QA131: the hint of a command refused for bash's `|&` must name a form that works. It said
 * `2>&1 |` for a stdio judge's `command:`, a pipeline whose last command (`tee`) gets evalc's
 * `rpc <method>` — validate itself warns about it, and every call fails — and for an mae agent's
 * local `command`, whose stdout carries the JSON replies, `2>&1 |` mixes the agent's stderr into
 * them: every example failed `invalid_json` (checked with a real stdio agent below). The hints now
 * name a stderr redirection, which validate passes and which applies. Real binary throughout.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { spawnCli } from '../cli/run-cli.js';
import { judgeCommandDiagnostics } from './judge-command-plan.js';

const dir = mkdtempSync(path.join(os.tmpdir(), 'evalc-qa131-pipe-hint-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const AGENT = `
const readline = require('node:readline');
readline.createInterface({ input: process.stdin }).on('line', (line) => {
  const req = JSON.parse(line);
  process.stderr.write('handling a request\\n');
  const reply = { action: 'final_answer', content: 'done' };
  process.stdout.write(JSON.stringify(req.jsonrpc ? { jsonrpc: '2.0', id: req.id, result: reply } : reply) + '\\n');
});
`;

function writePlan(judgeCommand: string, agentCommand: string) {
  writeFileSync(
    path.join(dir, 'evalc.yaml'),
    [
      'evalc: 1',
      'benchmark: { id: b }',
      'agents:',
      `  m: { protocol: mae, transport: local, command: ${JSON.stringify(agentCommand)} }`,
      ...(judgeCommand
        ? [
            'judges:',
            `  j: { protocol: agent-eval, command: ${JSON.stringify(judgeCommand)}, rubric: r }`,
            'rubrics:',
            '  r: { dimensions: [ { id: relevance, description: R } ] }',
          ]
        : []),
      'tasks:',
      '  t:',
      '    bindings: { default: { input: "{{q}}", output: { answer: final_answer } } }',
      '    datasets: { d: { examples: [ { id: e1, vars: { q: hi }, expected: { answer: done } } ] } }',
      '    metrics: [ { type: contains, candidate: answer, expected: answer } ]',
      '',
    ].join('\n'),
  );
}

type Diag = { code: string; severity: string; message: string; hint?: string };

function hintsOf(judgeCommand: string, agentCommand: string): Diag[] {
  writePlan(judgeCommand, agentCommand);
  const r = spawnCli(['validate', '--json'], { cwd: dir });
  return (JSON.parse(r.stdout) as { diagnostics: Diag[] }).diagnostics.filter((d) =>
    d.message.includes('`|&`'),
  );
}

describe('the hint of a refused `|&` names a form that works (QA131)', () => {
  const ds = () => hintsOf('node judge.mjs |& tee judge.log', 'node agent.mjs |& tee agent.log');

  it("a stdio judge's: `2>judge.log`, which validate passes, not `2>&1 |`, which it warns about", async () => {
    const judge = ds().find((d) => d.code === 'EVALC_JUDGE_CONFIG');
    expect(judge?.hint).toContain('`2>judge.log`');
    expect(judge?.hint).not.toContain('`2>&1 |`');
    expect(await judgeCommandDiagnostics('node judge.mjs 2>judge.log')).toEqual([]);
    expect(
      (await judgeCommandDiagnostics('node judge.mjs 2>&1 | tee judge.log')).map((d) => d.severity),
    ).toEqual(['warning']);
  });

  it("an mae local agent's: `2>agent.log`, which applies, not `2>&1 |`, which fails every example", () => {
    const agent = ds().find((d) => d.code === 'EVALC_AGENT_CONFIG');
    expect(agent?.hint).toContain('`2>agent.log`');
    expect(agent?.hint).not.toMatch(/^write `2>&1 \|`/);
    writeFileSync(path.join(dir, 'agent.cjs'), AGENT);
    writePlan('', 'node agent.cjs 2>&1 | cat');
    const bad = spawnCli(['apply', '--json', '--quiet'], { cwd: dir });
    expect(bad.stdout).toContain('"invalid_json"');
    writePlan('', 'node agent.cjs 2>agent.log');
    const good = spawnCli(['apply', '--json', '--quiet'], { cwd: dir });
    expect(good.code).toBe(0);
    expect(good.stdout).toContain('"errors":0');
  });
});
