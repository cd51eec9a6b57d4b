/**
 * QA60: an evalc.lock written by an older evalc may hold a secret (an agent's ETag quoting a
 * token inside a longer header value, which was not masked before). When the agent's ETag then
 * changes, `apply` warns and `plan` notes "ETag <old> → <new>": both printed the old ETag, token
 * included, to a CI log.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { QA4_SCHEMA, startQa4RaipAgent } from '../fixtures/qa4-raip-seed-agent.mjs';
import { assertBuilt, runCli, tempWorkspace } from './apply-harness.js';

const TOKEN = 'QA60-etag-token-4b7e';
const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});
beforeAll(() => assertBuilt());

describe('a lock whose ETag holds a secret of the run', () => {
  it('is not printed by the ETag warning of apply nor the note of plan', async () => {
    const agent = await startQa4RaipAgent();
    const { dir, cleanup } = tempWorkspace('qa60-etag');
    cleanups.push(() => agent.close(), cleanup);
    writeFileSync(
      path.join(dir, 'd.jsonl'),
      JSON.stringify({ id: 'x1', vars: { q: 'x1' }, expected: { a: 'A:x1' } }),
    );
    const plan = {
      evalc: 1,
      benchmark: { id: 'qa60-etag', version: '1.0.0' },
      agents: {
        a1: { protocol: 'raip', url: agent.url, headers: { cookie: 'session=${env.QA60_SESSION}' } },
      },
      tasks: {
        t: {
          bindings: { default: { input: { query: '{{q}}' }, output: { answer: 'output.answer' } } },
          datasets: { d: { source: 'd.jsonl' } },
          metrics: [{ type: 'exact_match', candidate: 'answer', expected: 'a' }],
        },
      },
    };
    writeFileSync(path.join(dir, 'evalc.yaml'), JSON.stringify(plan));
    const env = { QA60_SESSION: TOKEN };
    expect((await runCli(['apply', '--quiet'], { cwd: dir, env })).code).toBe(0);
    // As an older evalc wrote it: the ETag quoted the session token.
    const lockFile = path.join(dir, 'evalc.lock');
    const lock = readFileSync(lockFile, 'utf8');
    expect(lock).toContain('"etag": "\\"qa4-v1\\""');
    writeFileSync(lockFile, lock.replace('"etag": "\\"qa4-v1\\""', `"etag": "\\"session ${TOKEN}\\""`));
    agent.publish(QA4_SCHEMA, '"qa4-v2"');

    const planned = await runCli(['plan'], { cwd: dir, env });
    expect(planned.stderr).toContain('note: agent a1: ETag "session ***" → "qa4-v2"');
    const plannedJson = await runCli(['plan', '--json'], { cwd: dir, env });
    const applied = await runCli(['apply'], { cwd: dir, env });
    expect(applied.stderr).toContain('ETag changed since evalc.lock ("session ***" → "qa4-v2")');
    for (const run of [planned, plannedJson, applied]) expect(run.stdout + run.stderr).not.toContain(TOKEN);
  });
});
