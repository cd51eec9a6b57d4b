/**
 * One apply of a plan whose only agent is a served `mae` socket agent (QA97's, QA100's and QA103's
 * readiness tests): two examples, a `contains` metric on the final answer; returns the run and each
 * example's error kind from report.json (null when the report was not written).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type CliResult, runCli } from '../e2e/apply-harness.js';

export async function applyServedSocketAgent(
  dir: string,
  benchmark: string,
  agent: { address: string; serve: Record<string, unknown> },
): Promise<{ run: CliResult; kinds: (string | null | undefined)[][] | null }> {
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    path.join(dir, 'd.jsonl'),
    ['e1', 'e2'].map((id) => JSON.stringify({ id, vars: { t: `task ${id}` } })).join('\n'),
  );
  const plan = {
    evalc: 1,
    benchmark: { id: benchmark, version: '1.0.0' },
    agents: { a: { protocol: 'mae', transport: 'socket', ...agent } },
    tasks: {
      t: {
        bindings: { default: { input: '{{t}}', output: { answer: 'final_answer' } } },
        datasets: { d: { source: 'd.jsonl' } },
        metrics: [{ type: 'contains', candidate: 'answer', value: 'done' }],
      },
    },
  };
  writeFileSync(path.join(dir, 'evalc.yaml'), JSON.stringify(plan));
  const run = await runCli(['apply', 'evalc.yaml', '--quiet'], { cwd: dir, timeoutMs: 30_000 });
  const reportFile = path.join(dir, '.evalc/reports/report.json');
  if (!existsSync(reportFile)) return { run, kinds: null };
  const report = JSON.parse(readFileSync(reportFile, 'utf8')) as {
    examples: Array<{ example: string; repeats: Array<{ errorKind: string | null }> }>;
  };
  return { run, kinds: report.examples.map((e) => [e.example, e.repeats[0]?.errorKind]) };
}
