/**
 * QA331 (QA328's leftover): an agent whose header and serve.env each need an unset `${env.X}` stopped
 * apply naming the header's variable only ('agent h: environment variable(s) not set: QA331_HEADER'):
 * the user set it and only then learnt of serve.env's. A judge likewise, serve.env's named alone.
 * Both are named now, each once, on stderr as in `--json`'s result.
 */
import { describe, expect, it } from 'vitest';
import { spawnCli } from '../cli/run-cli.js';
import { jsonResultMessage, planFolders, ONE_EXAMPLE_TASK as TASK } from '../fixtures/unset-env-plan.js';

const plan = planFolders('qa331-unset-env');

const serve = (env: string) => `serve: { command: node never.mjs, env: { ${env} } }`;

describe('the unset variables of headers and serve.env are named together', () => {
  it('of an agent', () => {
    const dir = plan(
      'agent',
      `evalc: 1
benchmark: { id: qa331 }
agents:
  h: { protocol: http, url: "http://127.0.0.1:9/answer", headers: { x-key: "\${env.QA331_HEADER}" }, ${serve('K: "${env.QA331_SERVE}", L: "${env.QA331_HEADER}"')} }
${TASK}    metrics: [ { type: exact_match, candidate: answer, expected: answer } ]
`,
    );
    const run = spawnCli(['apply'], { cwd: dir, timeoutMs: 60_000 });
    expect(run.code, run.stderr).toBe(1);
    expect(run.stderr).toContain(
      'evalc: agent h: environment variable(s) not set: QA331_HEADER, QA331_SERVE\n',
    );
    expect(jsonResultMessage(dir)).toBe(
      'agent h: environment variable(s) not set: QA331_HEADER, QA331_SERVE',
    );
  });

  it('of a judge', () => {
    const dir = plan(
      'judge',
      `evalc: 1
benchmark: { id: qa331 }
agents:
  h: { protocol: http, url: "http://127.0.0.1:9/answer", limits: { retries: 0 } }
judges:
  j: { protocol: openai, url: "http://127.0.0.1:9/v1", model: m, headers: { authorization: "Bearer \${env.QA331_HEADER}" }, ${serve('K: "${env.QA331_SERVE}"')} }
${TASK}    metrics: [ { type: judge, judge: j, content: "{{candidate.answer}}" } ]
`,
    );
    const run = spawnCli(['apply'], { cwd: dir, timeoutMs: 60_000 });
    expect(run.code, run.stderr).toBe(1);
    expect(run.stderr).toContain(
      'evalc: judge j: environment variable(s) not set: QA331_SERVE, QA331_HEADER\n',
    );
  });
});
