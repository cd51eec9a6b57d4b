/**
 * QA345: 45cd0f46 (QA331) names an agent's unset header and serve.env variables together, each once,
 * when apply stops; plan's note of a locked raip agent it does not ask said them another way: 'its
 * headers need environment variable(s) that are not set: QA345_H, QA345_S, QA345_S' of headers
 * reading both variables and a serve.env reading QA345_S — a variable named twice, serve.env unsaid.
 * Now 'its headers and serve.env need … QA345_H, QA345_S'.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli, tempWorkspace } from '../e2e/apply-harness.js';
import { freePort } from '../fixtures/loopback.js';
import { serveEchoSecretPlan } from '../fixtures/serve-echo-secret-plan.js';

const ws = tempWorkspace('qa345-plan-unset-env');
afterAll(() => ws.cleanup());

describe("plan's note of an agent whose variables are unset", () => {
  it('names each variable once, and the parts that need them', async () => {
    const port = await freePort();
    writeFileSync(path.join(ws.dir, 'd1.jsonl'), '{"id":"e1","vars":{"q":"a"},"expected":{"codes":["x"]}}\n');
    writeFileSync(
      path.join(ws.dir, 'evalc.yaml'),
      serveEchoSecretPlan({
        port,
        die: '0',
        tokenVar: 'QA345_S',
        headers: '{ x-token: "${env.QA345_H}", x-other: "${env.QA345_S}" }',
      }),
    );
    const env = { QA345_H: 'header-value-1234', QA345_S: 'serve-value-5678' };
    const applied = await runCli(['apply', 'evalc.yaml', '--quiet'], { cwd: ws.dir, env });
    expect(applied.code, applied.stderr).toBe(0);

    const planned = await runCli(['plan', 'evalc.yaml', '--json'], { cwd: ws.dir });
    expect(planned.code, planned.stderr).toBe(0);
    expect((JSON.parse(planned.stdout) as { notes: string[] }).notes).toContain(
      'agent a1 is not asked at plan time (its headers and serve.env need environment variable(s) that are not set: QA345_H, QA345_S): planned with its identity in evalc.lock (apply checks it)',
    );
    const onlyServe = await runCli(['plan', 'evalc.yaml'], { cwd: ws.dir, env: { QA345_H: env.QA345_H } });
    expect(onlyServe.stderr).toContain(
      'its headers and serve.env need environment variable(s) that are not set: QA345_S)',
    );
  }, 60_000);
});
