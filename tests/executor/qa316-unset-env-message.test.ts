/**
 * QA316: an unset `${env.X}` in an agent's or a judge's headers stops apply naming the variable, but
 * the line named the agent twice and said it 'could not start' of an agent at a url evalc starts
 * nothing for ('agent h could not start: agent h: environment variable(s) not set: X'), and a judge
 * twice too ('judge j is not usable: judge j: …'). It now reads 'agent h: environment variable(s)
 * not set: X', on stderr as in `--json`'s result.
 */
import { describe, expect, it } from 'vitest';
import { spawnCli } from '../cli/run-cli.js';
import { jsonResultMessage, planFolders, ONE_EXAMPLE_TASK as TASK } from '../fixtures/unset-env-plan.js';

const plan = planFolders('qa316-unset-env');

describe('an unset ${env.X} names its agent or judge once (QA316)', () => {
  it("an agent's header", () => {
    const dir = plan(
      'agent',
      `evalc: 1
benchmark: { id: qa316 }
agents:
  h: { protocol: http, url: "http://127.0.0.1:9/answer", headers: { x-key: "\${env.QA316_UNSET_AGENT}" }, limits: { retries: 0 } }
${TASK}    metrics: [ { type: exact_match, candidate: answer, expected: answer } ]
`,
    );
    const run = spawnCli(['apply'], { cwd: dir, timeoutMs: 60_000 });
    expect(run.code, run.stderr).toBe(1);
    expect(run.stderr).toContain('evalc: agent h: environment variable(s) not set: QA316_UNSET_AGENT\n');
    expect(run.stderr).not.toContain('could not start');
    expect(jsonResultMessage(dir)).toBe('agent h: environment variable(s) not set: QA316_UNSET_AGENT');
  });

  it("a judge's header", () => {
    const dir = plan(
      'judge',
      `evalc: 1
benchmark: { id: qa316 }
agents:
  h: { protocol: http, url: "http://127.0.0.1:9/answer", limits: { retries: 0 } }
judges:
  j: { protocol: openai, url: "http://127.0.0.1:9/v1", model: m, headers: { authorization: "Bearer \${env.QA316_UNSET_JUDGE}" } }
${TASK}    metrics: [ { type: judge, judge: j, content: "{{candidate.answer}}" } ]
`,
    );
    const run = spawnCli(['apply'], { cwd: dir, timeoutMs: 60_000 });
    expect(run.code, run.stderr).toBe(1);
    expect(run.stderr).toContain('evalc: judge j: environment variable(s) not set: QA316_UNSET_JUDGE\n');
    expect(run.stderr).not.toContain('is not usable');
  });
});
