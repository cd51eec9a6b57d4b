/**
 * QA183: stopping apply whose stderr is a log or a pipe (a CI job) printed an empty line before
 * `evalc: interrupted — finishing steps in flight …`: the line break that ends a terminal's echoed
 * `^C`, where there is no terminal. It is printed on a terminal only (qa95-interrupt-notice-tty).
 */
import { describe, expect, it } from 'vitest';
import { startCli, waitCli, waitFor } from '../e2e/apply-harness.js';
import { useSlowRaipAgent, writeSlowPlan } from '../fixtures/slow-raip-agent.js';

const slow = useSlowRaipAgent(() => 20_000);

describe('the stop notice without a terminal', () => {
  it.each([[['apply']], [['apply', '--quiet']]])('%j: no blank line before it', async (args) => {
    const ws = slow.workspace('qa183-stop-notice');
    writeSlowPlan(ws.dir, slow.agent.url, 1);
    const before = slow.agent.invokes();
    const child = startCli(args, { cwd: ws.dir });
    const done = waitCli(child, 40_000);
    await waitFor(() => slow.agent.invokes() === before + 1, 15_000, 'the request');
    child.kill('SIGINT');
    await new Promise((r) => setTimeout(r, 500));
    child.kill('SIGINT');
    const r = await done;
    expect(r.code).toBe(130);
    expect(r.stderr).toContain('evalc: interrupted — finishing steps in flight (Ctrl-C again to exit now)');
    expect(r.stderr).not.toMatch(/(^|\n)\nevalc: interrupted/);
  });
});
