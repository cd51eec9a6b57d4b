/**
 * QA39: `apply --json` whose lockfile or report cannot be written (a full disk; here a real file
 * size limit, `ulimit -f`) printed the reason on stderr with the file it was writing, but its
 * `result` object on stdout said only `ENOSPC: no space left on device, write` (or EFBIG): a CI
 * wrapper that reads stdout could not tell what failed. The result now carries the same words.
 */
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  CLI,
  countingExamples,
  runCli,
  useCountingAgent,
  waitCli,
  writeDataset,
  writePlan,
} from './apply-harness.js';

const counting = useCountingAgent();

describe('apply --json: the lockfile cannot be written', () => {
  it('ends stdout with a result naming the file, as stderr does', async () => {
    const dir = counting.workspace('qa39-json-efbig');
    writeDataset(dir, 'd1.jsonl', countingExamples(100));
    writePlan(dir, { agentUrl: counting.agent.url });
    expect((await runCli(['apply', 'evalc.yaml', '--quiet'], { cwd: dir })).code).toBe(0);
    rmSync(path.join(dir, 'evalc.lock'));
    // Everything is cached: the first file the run writes is the lockfile, past the limit.
    const child = spawn(
      'bash',
      [
        '-c',
        'ulimit -f 16; trap "" XFSZ; exec "$0" "$@"',
        process.execPath,
        CLI,
        'apply',
        'evalc.yaml',
        '--json',
      ],
      { cwd: dir, env: { PATH: process.env.PATH ?? '' }, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    const failed = await waitCli(child);
    expect(failed.code).toBe(1);
    expect(failed.stderr).toContain('evalc: cannot write: EFBIG');
    const lines = failed.stdout.trim().split('\n');
    const result = JSON.parse(lines[lines.length - 1]!) as {
      event: string;
      exitCode: number;
      message: string;
    };
    expect(result).toMatchObject({ event: 'result', exitCode: 1 });
    expect(result.message).toMatch(/^cannot write: EFBIG: file too large, write \(evalc\.lock /);
  });
});
