/**
 * A `${env.X}` header value of 1–3 characters is sent but never masked (masking `ab` everywhere
 * would corrupt ordinary text): apply says so once, naming the variable and where it is used,
 * never its value. Longer values get no warning; an empty one gets its own.
 */
import { describe, expect, it } from 'vitest';
import { countingExamples, runCli, useCountingAgent, writeDataset, writePlan } from './apply-harness.js';

const counting = useCountingAgent();

describe('evalc apply: a short secret', () => {
  it('is named in one warning, without its value', async () => {
    const dir = counting.workspace('short-secret');
    writeDataset(dir, 'd1.jsonl', countingExamples(2));
    writePlan(dir, {
      agentUrl: counting.agent.url,
      headers: { 'x-tenant': '${env.TENANT}', authorization: 'Bearer ${env.TOKEN}' },
    });
    const run = await runCli(['apply', 'evalc.yaml'], {
      cwd: dir,
      env: { TENANT: 'q7z', TOKEN: 'long-enough-token' },
    });
    expect(run.code).toBe(0);
    const warnings = run.stderr.split('\n').filter((l) => l.includes('warning'));
    expect(warnings).toEqual([
      'evalc: warning: ${env.TENANT} (agents.a1.headers) is shorter than 4 characters: it is sent, but not masked in outputs',
    ]);
    expect(run.stderr).not.toContain('q7z');
  });

  // QA60: GitHub Actions sets a secret a fork's pull request cannot read to '' (not unset): an
  // empty token was sent with no word, and every example failed http_401 unexplained.
  it('that is set but empty is named in a warning', async () => {
    const dir = counting.workspace('empty-secret');
    writeDataset(dir, 'd1.jsonl', countingExamples(2));
    writePlan(dir, { agentUrl: counting.agent.url, headers: { authorization: 'Bearer ${env.TOKEN}' } });
    const run = await runCli(['apply', 'evalc.yaml'], { cwd: dir, env: { TOKEN: '' } });
    const warnings = run.stderr.split('\n').filter((l) => l.includes('warning'));
    expect(warnings).toEqual([
      "evalc: warning: ${env.TOKEN} (agents.a1.headers) is set but empty: it is sent empty (a CI secret a fork's pull request cannot read is empty, not unset)",
    ]);
  });

  // QA65 (QA60): plan sends the same headers (/info) and starts served agents, and said nothing.
  it('is named by plan as by apply, in its text and in --json notes', async () => {
    const dir = counting.workspace('plan-secrets');
    writeDataset(dir, 'd1.jsonl', countingExamples(2));
    writePlan(dir, {
      agentUrl: counting.agent.url,
      headers: { 'x-tenant': '${env.TENANT}', authorization: 'Bearer ${env.TOKEN}' },
    });
    const env = { TENANT: 'q7z', TOKEN: '' };
    const expected = [
      'warning: ${env.TENANT} (agents.a1.headers) is shorter than 4 characters: it is sent, but not masked in outputs',
      "warning: ${env.TOKEN} (agents.a1.headers) is set but empty: it is sent empty (a CI secret a fork's pull request cannot read is empty, not unset)",
    ];
    const text = await runCli(['plan', 'evalc.yaml'], { cwd: dir, env });
    expect(text.stderr.split('\n').filter((l) => l.includes('warning'))).toEqual(
      expected.map((w) => `evalc: ${w}`),
    );
    expect(text.stderr).not.toContain('q7z');
    const json = await runCli(['plan', '--json', 'evalc.yaml'], { cwd: dir, env });
    expect((JSON.parse(json.stdout) as { notes: string[] }).notes).toEqual(expected);
  });
});
