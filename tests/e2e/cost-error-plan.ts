/**
 * The plan of QA98's, QA99's and QA104's report-status tests: the RAIP echo agent
 * (tests/fixtures/raip-echo-usage-agent.ts) answers its input `a`; task t is scored by
 * `exact_match` (a check) and by `cost` for a model `prices:` does not list (m9: a metric_error of a
 * measurement, which decides no pass), and the plan by `pass_rate`.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { startEchoUsageAgent } from '../fixtures/raip-echo-usage-agent.js';
import { type CliResult, runCli, tempWorkspace } from './apply-harness.js';

export interface CostErrorPlan {
  /** The temporary workspace's prefix. */
  workspace: string;
  benchmark: string;
  /** The dataset's lines (JSON). */
  examples: string[];
  /** `cost` listed before `exact_match`. */
  costFirst?: boolean;
  /** Where the agent's and the workspace's cleanups go. */
  cleanups: (() => Promise<void> | void)[];
}

/** Starts an echo agent, writes the plan and its dataset in a new workspace, and applies it. */
export async function applyCostErrorPlan(plan: CostErrorPlan): Promise<{ dir: string; run: CliResult }> {
  const agent = await startEchoUsageAgent();
  plan.cleanups.push(() => agent.close());
  const ws = tempWorkspace(plan.workspace);
  plan.cleanups.push(ws.cleanup);
  writeFileSync(path.join(ws.dir, 'd.jsonl'), `${plan.examples.join('\n')}\n`);
  const metrics = ['      - { type: exact_match }', '      - { type: cost, model: m9 }'];
  if (plan.costFirst) metrics.reverse();
  writeFileSync(
    path.join(ws.dir, 'evalc.yaml'),
    `evalc: 1
benchmark: { id: ${plan.benchmark} }
agents:
  a1: { protocol: raip, url: "${agent.url}" }
prices: { m1: { input: 1, output: 2 } }
tasks:
  t:
    bindings: { default: { input: { a: "{{a}}" }, output: { answer: "output.answer" } } }
    datasets:
      d: { source: d.jsonl }
    metrics:
${metrics.join('\n')}
metrics: [ { type: pass_rate } ]
`,
  );
  const run = await runCli(['apply', 'evalc.yaml'], { cwd: ws.dir });
  return { dir: ws.dir, run };
}
