/**
 * QA67: an `agent-eval rpc` judge (a `command:` over stdio) does not outlive an apply killed with
 * `kill -9`. Served agents and `mae` `local` agents had a watchdog; the judge's process group had
 * none, so a judge call in flight (a slow LLM call) ran on, orphaned, after evalc was gone.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isAlive } from '../fixtures/process-alive.js';
import {
  countingExamples,
  startCli,
  useCountingAgent,
  waitCli,
  waitFor,
  writeDataset,
} from './apply-harness.js';

const JUDGE = path.resolve(__dirname, '../fixtures/qa67-rpc-hanging-judge.mjs');
const ctx = useCountingAgent();
const started: number[] = [];

afterAll(() => {
  for (const pid of started) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {}
  }
});

function readPids(file: string): number[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8').split('\n').filter(Boolean).map(Number);
}

describe('QA67: apply killed while an agent-eval rpc judge works', () => {
  it('stops the judge process with it', async () => {
    const dir = ctx.workspace('qa67-rpc-kill');
    const pidsFile = path.join(dir, 'judge-pids.txt');
    writeDataset(dir, 'd1.jsonl', countingExamples(2));
    const plan = {
      evalc: 1,
      benchmark: { id: 'qa67-rpc', version: '1.0.0' },
      agents: { a1: { protocol: 'raip', url: ctx.agent.url } },
      judges: {
        slow: {
          protocol: 'agent-eval',
          command: `${JSON.stringify(process.execPath)} ${JSON.stringify(JUDGE)}`,
          rubric: 'r',
          limits: { timeout: '60s', retries: 0 },
        },
      },
      rubrics: { r: { dimensions: [{ id: 'quality', description: 'Good answer', weight: 1 }] } },
      tasks: {
        t1: {
          bindings: { default: { input: { q: '{{q}}' }, output: { answer: 'output.answer' } } },
          datasets: { d1: { source: 'd1.jsonl' } },
          metrics: [{ type: 'judge', judge: 'slow', content: '{{candidate.answer}}' }],
        },
      },
      run: { repeats: 1, seed: 7 },
    };
    writeFileSync(path.join(dir, 'evalc.yaml'), `${JSON.stringify(plan, null, 2)}\n`);
    const child = startCli(['apply', 'evalc.yaml', '--quiet'], {
      cwd: dir,
      env: { QA67_RPC_PIDS: pidsFile },
    });
    const exited = waitCli(child, 120_000);
    await waitFor(() => readPids(pidsFile).length > 0, 60_000, 'a judge call');
    started.push(...readPids(pidsFile));
    child.kill('SIGKILL');
    expect((await exited).signal).toBe('SIGKILL');
    const judges = readPids(pidsFile);
    started.push(...judges);
    // The watchdog stops the group at once (SIGTERM; SIGKILL 2 s later); the judge would
    // otherwise wait 60 s.
    await waitFor(() => judges.every((pid) => !isAlive(pid)), 20_000, 'the judge processes to stop');
  }, 120_000);
});
