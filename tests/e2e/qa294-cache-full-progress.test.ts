/**
 * A cache that cannot be written stops apply like a first Ctrl-C: nothing more is dispatched. Its
 * progress line then counts every example that did not run as `not run`, as a Ctrl-C's does:
 * done + not run = the total (QA294: under a full disk it read `328/600 … stopped (56 not run)`,
 * the examples never dispatched counted nowhere). The limit is a real one: `ulimit -f` on the apply
 * process, with SIGXFSZ ignored so the write fails with EFBIG instead of killing it.
 */
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import {
  CLI,
  countingExamples,
  useCountingAgent,
  waitCli,
  writeDataset,
  writePlan,
} from './apply-harness.js';

const N = 300;
const counting = useCountingAgent();

describe('evalc apply: the cache fills up mid-run', () => {
  it("counts every example it did not run as 'not run' on its last progress line", async () => {
    const dir = counting.workspace('qa294-cache-full');
    writeDataset(dir, 'd1.jsonl', countingExamples(N));
    writePlan(dir, { agentUrl: counting.agent.url });
    const child = spawn(
      'bash',
      ['-c', 'ulimit -f 64; trap "" XFSZ; exec "$0" "$@"', process.execPath, CLI, 'apply', 'evalc.yaml'],
      { cwd: dir, env: { PATH: process.env.PATH ?? '' }, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    const run = await waitCli(child);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('evalc: cannot write the cache: stopping the run (EFBIG)');
    const last = run.stderr
      .split('\n')
      .filter((line) => /\d+\/\d+ /.test(line))
      .at(-1);
    const match = /(\d+)\/(\d+) .*stopped \((\d+) not run\)/.exec(last ?? '');
    expect(match, `last progress line: ${last}`).not.toBeNull();
    const [, done, total, notRun] = match!.map(Number);
    expect(total).toBe(N);
    expect(done).toBeLessThan(N);
    expect(done! + notRun!).toBe(N);
  });
});
