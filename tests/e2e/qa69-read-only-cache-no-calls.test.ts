/**
 * QA69: an apply with new work on a cache folder that cannot be written (restored read-only,
 * another user's) called the agents, then lost their answers at the first write and stopped:
 * the next apply paid for the same calls again. It now stops before sending anything, in one
 * line that names the folder and the calls it would have lost (exit 1); a run whose every call
 * is cached still goes on. Root ignores file modes: the CLI runs as `nobody` (setpriv) from a
 * world-readable copy of dist/ when the tests run as root.
 */
import { chmodSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  countingExamples,
  runUnprivilegedCli,
  useCountingAgent,
  writeDataset,
  writePlan,
} from './apply-harness.js';

const ctx = useCountingAgent();

/** Sets the mode of the cache folder and every file in it. */
function chmodCache(dir: string, folder: number, file: number): void {
  const cache = path.join(dir, '.evalc', 'cache');
  for (const name of readdirSync(cache, { recursive: true }) as string[]) {
    const entry = path.join(cache, name);
    chmodSync(entry, name.includes('.') ? file : folder);
  }
  chmodSync(cache, folder);
}

describe('evalc apply: a cache folder that cannot be written', () => {
  it('calls no agent when it has new work, and runs from the cache when it has none', async () => {
    const dir = ctx.workspace('qa69-ro-cache');
    chmodSync(dir, 0o777);
    writeDataset(dir, 'd1.jsonl', countingExamples(3));
    writePlan(dir, { agentUrl: ctx.agent.url });
    const cold = await runUnprivilegedCli(['apply', 'evalc.yaml', '--quiet'], dir);
    expect(cold.code, cold.stderr).toBe(0);

    // Two new examples: work for the agent, on a cache that can no longer be written.
    writeDataset(dir, 'd1.jsonl', countingExamples(5));
    chmodCache(dir, 0o555, 0o444);
    ctx.agent.reset();
    const refused = await runUnprivilegedCli(['apply', 'evalc.yaml'], dir);
    expect(refused.code, refused.stderr).toBe(1);
    expect(refused.stderr).not.toMatch(/\n\s+at /);
    expect(refused.stderr).toContain(
      'cannot be written (EACCES: permission denied, open ', // the log, as the folder check says
    );
    expect(refused.stderr).toContain(
      '(2 agent call(s) would be made and their answers lost: nothing was sent)',
    );
    expect(ctx.agent.stats().invokes).toBe(0);

    // Nothing new to ask: the read-only cache serves the whole run.
    writeDataset(dir, 'd1.jsonl', countingExamples(3));
    const cached = await runUnprivilegedCli(['apply', 'evalc.yaml'], dir);
    expect(cached.code, cached.stderr).toBe(0);
    expect(ctx.agent.stats().invokes).toBe(0);

    // Writable again: only the two new examples are asked.
    chmodCache(dir, 0o755, 0o644);
    writeDataset(dir, 'd1.jsonl', countingExamples(5));
    const again = await runUnprivilegedCli(['apply', 'evalc.yaml'], dir);
    expect(again.code, again.stderr).toBe(0);
    expect(ctx.agent.stats().invokes).toBe(2);
  });
});
