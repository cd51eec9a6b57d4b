/**
 * QA67: an agent-eval stdio RPC command runs behind a process-group watchdog (so it does not
 * outlive an apply killed with `kill -9`); a call is still read as soon as the command exits. The
 * watchdog's pipe is one of the child's stdio streams, and while evalc held it open, Node's
 * 'close' waited for it: every judge call ended only when the 250 ms exit grace stopped the group.
 * The command here prints its reply with the time it exits; the call must settle well within that
 * grace (the fastest of three calls, for a loaded machine).
 */
import { describe, expect, it } from 'vitest';
import { runRpcProcess } from '../../src/protocols/agent-eval/rpc-process.js';

const REPLY = 'process.stdout.write(JSON.stringify({ result: { exitedAt: Date.now() } }) + "\\n")';

async function settleDelay(): Promise<number> {
  const result = await runRpcProcess({
    command: `${JSON.stringify(process.execPath)} -e ${JSON.stringify(REPLY)}`,
    args: ['rpc', 'judge'],
    stdin: '{}',
    cwd: process.cwd(),
    timeoutMs: 20_000,
    signal: AbortSignal.timeout(30_000),
  });
  const settled = Date.now();
  if (!result.ok) throw new Error(result.error.message);
  const lines = result.stdout.trim().split('\n');
  const reply = JSON.parse(lines.at(-1)!) as { result: { exitedAt: number } };
  return settled - reply.result.exitedAt;
}

describe('agent-eval rpc behind the watchdog (QA67)', () => {
  it('settles a call when the command exits, not after the exit grace', async () => {
    const delays: number[] = [];
    for (let i = 0; i < 3; i++) delays.push(await settleDelay());
    expect(Math.min(...delays)).toBeLessThan(200);
  }, 60_000);
});
