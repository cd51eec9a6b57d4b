/**
 * QA52: a RAIP agent whose inputSchema has a pattern that could backtrack exponentially and that
 * RE2 cannot run (`^(?=a)(a+)+$`) is not checked locally; apply warned, but `evalc plan` said
 * nothing of it. plan now gives apply's discovery warnings as notes (stderr, `--json` notes).
 * And its misfit message said "1 inputs of the preflight sample do not fit".
 * Real loopback RAIP agent (tests/fixtures/raip-agent.ts).
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startRaipAgent } from '../fixtures/raip-agent.js';
import { runCli, useAgent } from './apply-harness.js';

const ctx = useAgent(() =>
  startRaipAgent({
    inputSchema: { type: 'object', properties: { query: { type: 'string', pattern: '^(?=a)(a+)+$' } } },
  }),
);

const WARNING =
  'agent a1: inputSchema pattern "^(?=a)(a+)+$" could take exponential time and RE2 cannot run it: inputs are not checked before sending (the agent still validates them)';

function workspace(url = ctx.agent.url, q = 'aaab'): string {
  const dir = ctx.workspace('qa52-plan');
  writeFileSync(path.join(dir, 'd1.jsonl'), `${JSON.stringify({ id: 'e1', vars: { q } })}\n`);
  writeFileSync(
    path.join(dir, 'evalc.yaml'),
    [
      'evalc: 1',
      'benchmark: { id: qa52, version: 1.0.0 }',
      'agents:',
      `  a1: { protocol: raip, url: "${url}", limits: { timeout: 5s, retries: 0 } }`,
      'tasks:',
      '  t1:',
      '    bindings: { default: { input: { query: "{{q}}" }, output: { answer: output.answer } } }',
      '    datasets: { d1: { source: d1.jsonl } }',
      '    metrics: [{ type: regex, candidate: answer, pattern: "^Courses" }]',
      'metrics: [{ type: pass_rate }]',
      '',
    ].join('\n'),
  );
  return dir;
}

describe('plan names the agent patterns evalc does not check', () => {
  it('as a note, and in --json notes', async () => {
    const dir = workspace();
    const plan = await runCli(['plan', 'evalc.yaml'], { cwd: dir, timeoutMs: 20_000 });
    expect(plan.code, plan.stderr).toBe(2);
    expect(plan.stderr).toContain(`note: ${WARNING}`);
    const json = await runCli(['plan', 'evalc.yaml', '--json'], { cwd: dir, timeoutMs: 20_000 });
    expect((JSON.parse(json.stdout) as { notes: string[] }).notes).toContain(WARNING);
  });

  it('checks a pattern RE2 runs at once, and says "1 input … does not fit" (it said "1 inputs … do")', async () => {
    const strict = await startRaipAgent({
      inputSchema: { type: 'object', properties: { query: { type: 'string', pattern: '^(a+)+$' } } },
    });
    try {
      const dir = workspace(strict.url, `${'a'.repeat(40)}b`);
      const plan = await runCli(['plan', 'evalc.yaml'], { cwd: dir, timeoutMs: 10_000 });
      expect(plan.code).toBe(1);
      expect(plan.stderr).toContain(
        "evalc: 1 input of the preflight sample does not fit their agent's input schema (nothing would be invoked):",
      );
      expect(plan.stderr).toContain('a1/t1/d1/e1: /query must match pattern "^(a+)+$"');
    } finally {
      await strict.close();
    }
  });
});
