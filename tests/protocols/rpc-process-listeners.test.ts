/**
 * Every agent-eval stdio call in flight listens to the run's shared signal and the client's close
 * signal, so rpc-process.ts lifts Node's listener limit on them (QA82: more than ten judge calls
 * printed MaxListenersExceededWarning). That also silences the warning a real leak would give, so
 * this test is the leak check instead: each call removes its listeners when it settles, whichever
 * way — a reply, a crash (exit 127), a timeout, a cancel.
 */
import { getEventListeners } from 'node:events';
import { describe, expect, it } from 'vitest';
import { type RpcProcessRequest, runRpcProcess } from '../../src/protocols/agent-eval/rpc-process.js';

const node = JSON.stringify(process.execPath);
const script = (code: string) => `${node} -e ${JSON.stringify(code)}`;
/** Echoes stdin once it ends, after `ms`. */
const echo = (ms: number) =>
  script(
    `let s='';process.stdin.on('data',d=>s+=d).on('end',()=>setTimeout(()=>process.stdout.write(s),${ms}))`,
  );

const listeners = (signal: AbortSignal) => getEventListeners(signal, 'abort').length;

describe('agent-eval stdio calls and the shared signals', () => {
  it('hold one listener per call in flight on each signal and none once every call settled', async () => {
    const run = new AbortController();
    const close = new AbortController();
    const call = (command: string, timeoutMs = 20_000, signal = run.signal) =>
      runRpcProcess({
        command,
        args: ['rpc', 'judge'],
        stdin: '{"ok":1}',
        cwd: process.cwd(),
        timeoutMs,
        signal,
        closeSignal: close.signal,
      } satisfies RpcProcessRequest);
    const cancelled = new AbortController();
    const calls = [
      ...Array.from({ length: 12 }, () => call(echo(300))),
      call('exec /nonexistent/evalc-judge-binary'),
      call(echo(10_000), 400),
      call(echo(10_000), 20_000, cancelled.signal),
    ];
    // 12 echoes + the crash + the timeout listen to the run signal; all 15 to the close signal.
    expect(listeners(run.signal)).toBe(14);
    expect(listeners(close.signal)).toBe(15);
    setTimeout(() => cancelled.abort(), 200);
    const results = await Promise.all(calls);
    expect(results.slice(0, 12).every((r) => r.ok && r.stdout === '{"ok":1}')).toBe(true);
    const last = results.at(-1)!;
    const timedOut = results.at(-2)!;
    expect(!last.ok && last.error.kind).toBe('cancelled');
    expect(!timedOut.ok && timedOut.error.kind).toBe('timeout');
    expect(listeners(run.signal)).toBe(0);
    expect(listeners(close.signal)).toBe(0);
    expect(listeners(cancelled.signal)).toBe(0);
  }, 60_000);
});
