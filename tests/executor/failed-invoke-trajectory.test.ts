/**
 * A failed invoke keeps what the agent did before it failed: a MultiAgentEval action loop cut at
 * maxTurns (`max_turns_exceeded`, M14) shows its turns and tool calls in the reports' drill-down,
 * on the run that failed and on a re-apply. Real CLI, real stdio agent written from the seed.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { assertBuilt, runCli, tempWorkspace } from '../e2e/apply-harness.js';

const AGENT = fileURLToPath(new URL('../fixtures/qa4-mae-seed-agent.mjs', import.meta.url));
const cleanups: (() => void)[] = [];
afterAll(() => {
  for (const c of cleanups) c();
});

interface RepeatJson {
  errorKind: string | null;
  trajectory: { turns: number; toolCalls: unknown[] } | null;
}

function repeatOf(dir: string, example: string): RepeatJson {
  const report = JSON.parse(readFileSync(path.join(dir, '.evalc/reports/report.json'), 'utf8')) as {
    examples: { example: string; repeats: RepeatJson[] }[];
  };
  const row = report.examples.find((e) => e.example === example);
  if (!row?.repeats[0]) throw new Error(`no row for ${example}`);
  return row.repeats[0];
}

describe('failed invoke trajectory', () => {
  it('shows the turns of an action loop that hit maxTurns, on the failing run and on a re-apply', async () => {
    assertBuilt();
    const ws = tempWorkspace('failed-trajectory');
    cleanups.push(ws.cleanup);
    writeFileSync(
      path.join(ws.dir, 'd.jsonl'),
      `${JSON.stringify({ id: 'loop', vars: { t: 'Keep going' } })}\n${JSON.stringify({ id: 'done', vars: { t: 'x' } })}\n`,
    );
    writeFileSync(
      path.join(ws.dir, 'evalc.yaml'),
      `evalc: 1
benchmark: { id: failed-trajectory, version: 1.0.0 }
agents:
  a3: { protocol: mae, transport: local, command: ${JSON.stringify(`node ${AGENT}`)}, maxTurns: 4 }
tasks:
  t:
    bindings:
      default:
        input: "{{t}}"
        output: { answer: "final_answer" }
    datasets:
      d: { source: d.jsonl }
    metrics:
      - { type: steps }
`,
    );
    for (const run of ['cold', 're-apply']) {
      const result = await runCli(['apply', 'evalc.yaml', '--quiet'], { cwd: ws.dir });
      expect(result.code, `${run}: ${result.stderr}`).toBe(0);
      const loop = repeatOf(ws.dir, 'loop');
      expect(loop.errorKind, run).toBe('max_turns_exceeded');
      expect(loop.trajectory?.turns, run).toBe(4);
      expect(loop.trajectory?.toolCalls.length, run).toBe(4);
      expect(repeatOf(ws.dir, 'done').trajectory?.turns, run).toBe(1);
    }
  });
});
