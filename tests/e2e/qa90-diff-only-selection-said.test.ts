/**
 * QA90: `evalc diff main.lock .evalc/evalc.only.lock --format md` — the PR comment — compared only
 * the selection of the `apply --only` run, but said so on stderr alone: the comment read "2 paired
 * examples … No aggregate changed." with nothing saying the rest of the plan was left out. Text and
 * Markdown now say which part was compared and which lock ran it, and `--format json` has it as
 * `selection`. A real apply (counting agent on loopback), whole and then `--only`.
 */
import { describe, expect, it } from 'vitest';
import { runCli, useCountingAgent, writeDataset, writePlan } from './apply-harness.js';

const counting = useCountingAgent();

describe('evalc diff of an --only lock says what it compared (QA90)', () => {
  it('names the selection in text, Markdown and JSON', async () => {
    const dir = counting.workspace('qa90-only-selection');
    writeDataset(dir, 'd1.jsonl', [{ id: 'p0', vars: { q: 'p0' }, expected: { codes: ['Z-p0', 'A-p0'] } }]);
    writeDataset(dir, 'd2.jsonl', [{ id: 'f0', vars: { q: 'f0' }, expected: { codes: ['A-f0', 'Z-f0'] } }]);
    writePlan(dir, { agentUrl: counting.agent.url, secondDataset: true });
    const env = { EVALC_CACHE_DIR: '' };
    expect((await runCli(['apply', '--quiet'], { cwd: dir, env })).code).toBe(0);
    expect((await runCli(['apply', '--only', 't1/d1', '--quiet'], { cwd: dir, env })).code).toBe(0);

    const said =
      'Compared: only t1/d1, the part the new lock ran (it is the lock of an apply --only t1/d1); the rest of the old lock is not compared.';
    const text = await runCli(['diff', 'evalc.lock', '.evalc/evalc.only.lock'], { cwd: dir, env });
    expect(text.code).toBe(0);
    expect(text.stdout).toContain(`\n\n${said}\n`);
    const md = await runCli(['diff', 'evalc.lock', '.evalc/evalc.only.lock', '--format', 'md'], {
      cwd: dir,
      env,
    });
    expect(md.stdout).toContain(said.replace('(', '\\(').replace(')', '\\)'));
    const json = await runCli(['diff', 'evalc.lock', '.evalc/evalc.only.lock', '--format', 'json'], {
      cwd: dir,
      env,
    });
    expect(JSON.parse(json.stdout).selection).toEqual({ only: 't1/d1', lock: 'new' });

    const reversed = await runCli(['diff', '.evalc/evalc.only.lock', 'evalc.lock', '--format', 'json'], {
      cwd: dir,
      env,
    });
    expect(JSON.parse(reversed.stdout).selection).toEqual({ only: 't1/d1', lock: 'old' });
    // Two whole locks: no selection.
    const whole = await runCli(['diff', 'evalc.lock', 'evalc.lock', '--format', 'json'], { cwd: dir, env });
    expect(JSON.parse(whole.stdout)).not.toHaveProperty('selection');
  });
});
