/**
 * The set-up of the tests that do something to a run while apply is under way (QA294, QA303, QA310:
 * its cache folder removed): `n` counting examples sent one at a time to the file's counting agent
 * (a `delayMs` agent keeps the run going), `evalc apply evalc.yaml` started, and its first three
 * answers awaited.
 */
import type { ChildProcess } from 'node:child_process';
import {
  countingExamples,
  startCli,
  type useCountingAgent,
  waitFor,
  writeDataset,
  writePlan,
} from './apply-harness.js';

/** The started apply (`args` after `apply evalc.yaml`) and its folder, once the agent has answered three times. */
export async function applyUnderWay(
  ctx: ReturnType<typeof useCountingAgent>,
  prefix: string,
  n: number,
  args: string[] = [],
): Promise<{ dir: string; child: ChildProcess }> {
  const dir = ctx.workspace(prefix);
  writeDataset(dir, 'd1.jsonl', countingExamples(n));
  writePlan(dir, { agentUrl: ctx.agent.url, limits: { concurrency: 1 } });
  ctx.agent.reset();
  const child = startCli(['apply', 'evalc.yaml', ...args], { cwd: dir });
  await waitFor(() => ctx.agent.stats().invokes >= 3, 20_000, 'the first answers');
  return { dir, child };
}
