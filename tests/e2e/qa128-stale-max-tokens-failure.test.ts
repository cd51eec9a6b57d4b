/**
 * Regression (QA128): an evalc before QA116 (e0eaed8) sent an `openai` agent's `maxTokens` as
 * `max_tokens` only; OpenAI's reasoning models (o3-mini…) refuse it with 400 "Unsupported
 * parameter: 'max_tokens' … Use 'max_completion_tokens' instead.", and that evalc cached the 400 as
 * the example's definitive failure. After the upgrade the cached failure was reused under the same
 * key: `plan` said "No changes", `apply` "evalc.lock is up to date … http_400", and the fix never
 * reached a team that upgraded (only `--refresh`, which asks every agent and judge again). Now such
 * a cached failure is asked once more, and `plan` says why.
 *
 * The earlier evalc's lock and cache are made by this evalc against a server that refuses the
 * field under both names with that message (so the cached failure is the very entry the earlier
 * evalc wrote: same key, kind and message); the server then answers as OpenAI does.
 * Real loopback OpenAI-compatible server, the built CLI.
 */
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type CompatServer,
  completion,
  type RecordedRequest,
  type Reply,
  startCompatServer,
} from '../fixtures/qa19-openai-compat-server.js';
import { assertBuilt, runCli, tempWorkspace } from './apply-harness.js';

const REFUSAL: Reply = {
  status: 400,
  json: {
    error: {
      message:
        "Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead.",
      type: 'invalid_request_error',
      param: 'max_tokens',
      code: 'unsupported_parameter',
    },
  },
};

// The refusal as an evalc before QA116 recorded it (sent as max_tokens, never asked again): this
// evalc, asked again as max_completion_tokens and refused the same way, says so in its record
// (QA132), so the setup's second refusal is one it does not read as such (a bare `error` string).
const OLD_RECORD: Reply = {
  status: 400,
  json: { error: (REFUSAL.json as { error: { message: string } }).error.message },
};

let refuseBoth = true;
let server: CompatServer;
beforeAll(async () => {
  assertBuilt();
  server = await startCompatServer((request: RecordedRequest) => {
    const { body } = request;
    if (body.model === 'gpt-4o-mini')
      return { status: 400, json: { error: { message: 'The model `gpt-4o-mini` does not exist.' } } };
    if (body.max_tokens !== undefined) return REFUSAL;
    if (refuseBoth && body.max_completion_tokens !== undefined) return OLD_RECORD;
    if (body.model === 'judge-m')
      return completion(
        JSON.stringify({ dimensions: { relevance: 0.9 }, failureModes: [], rationale: 'JUDGED-LATER' }),
      );
    const user = (body.messages as Array<{ content: string }>).at(-1)?.content ?? '';
    return completion(`A:${user}`);
  });
});
afterAll(async () => {
  await server.close();
});

function writePlan(dir: string): void {
  const plan = {
    evalc: 1,
    benchmark: { id: 'qa128', version: '1.0.0' },
    judges: { j: { protocol: 'openai', url: `${server.url}/v1`, model: 'judge-m', rubric: 'r' } },
    rubrics: { r: { dimensions: [{ id: 'relevance', description: 'Answers', weight: 1 }] } },
    agents: {
      o3: { protocol: 'openai', url: `${server.url}/v1`, model: 'o3-mini', maxTokens: 64 },
      // A server's 400 for another reason stays a cached failure, asked no more.
      bad: { protocol: 'openai', url: `${server.url}/v1`, model: 'gpt-4o-mini', maxTokens: 64 },
    },
    tasks: {
      t: {
        bindings: {
          default: {
            input: { messages: [{ role: 'user', content: '{{q}}' }] },
            output: { answer: 'content' },
          },
        },
        datasets: { d: { examples: [{ id: 'e1', vars: { q: 'one' }, expected: { answer: 'one' } }] } },
        metrics: [
          { type: 'contains', candidate: 'answer', expected: 'answer' },
          { type: 'judge', judge: 'j', content: '{{candidate.answer}}' },
        ],
      },
    },
  };
  writeFileSync(path.join(dir, 'evalc.yaml'), `${JSON.stringify(plan, null, 2)}\n`);
}

const o3Calls = () => server.requests.filter((r) => r.body.model === 'o3-mini').length;
const badCalls = () => server.requests.filter((r) => r.body.model === 'gpt-4o-mini').length;

describe('upgrade: a cached max_tokens refusal of a reasoning model', () => {
  it('is asked again with max_completion_tokens; plan says why; then nothing runs', async () => {
    const ws = tempWorkspace('qa128-stale-refusal');
    try {
      writePlan(ws.dir);
      const first = await runCli(['apply', '--quiet'], { cwd: ws.dir });
      expect(first.code, first.stderr).toBe(1);
      const lock = JSON.parse(readFileSync(path.join(ws.dir, 'evalc.lock'), 'utf8'));
      expect(lock.steps.errors).toEqual({ http_400: 2 });
      copyFileSync(path.join(ws.dir, 'evalc.lock'), path.join(ws.dir, 'old.lock'));
      refuseBoth = false;

      const planned = await runCli(['plan'], { cwd: ws.dir });
      expect(planned.code, planned.stdout + planned.stderr).toBe(2);
      expect(planned.stdout).toMatch(
        /~ invoke +qa128\/t\[o3\] +1 example +because the cached failure is a reasoning model's refusal of max_tokens, which this evalc sends again as max_completion_tokens/,
      );
      expect(planned.stdout).not.toMatch(/invoke +qa128\/t\[bad\]/);
      expect(planned.stdout).toContain('Plan: 1 to invoke');

      const before = o3Calls();
      const badBefore = badCalls();
      const applied = await runCli(['apply', '--quiet'], { cwd: ws.dir });
      expect(applied.code, applied.stdout + applied.stderr).toBe(1); // `bad` still fails
      expect(o3Calls()).toBeGreaterThan(before);
      const sent = server.requests.filter((r) => r.body.model === 'o3-mini').slice(before);
      expect(sent.at(-1)?.body.max_completion_tokens).toBe(64);
      expect(badCalls()).toBe(badBefore);

      // The old lock's report does not show the answer now cached under its failed key beside
      // its http_400 (nor that answer's candidates): the row keeps the lock's error, no record.
      const report = await runCli(['report', '--from', 'old.lock', '--format', 'json'], { cwd: ws.dir });
      expect(report.code, report.stderr).toBe(0);
      const o3Row = (
        JSON.parse(report.stdout) as {
          examples: Array<{ agent: string; repeats: Array<{ errorKind: string | null; record?: unknown }> }>;
        }
      ).examples.find((e) => e.agent === 'o3');
      expect(o3Row?.repeats.map((r) => r.errorKind)).toEqual(['http_400']);
      expect(JSON.stringify(o3Row), JSON.stringify(o3Row)).not.toContain('A:one');
      expect(JSON.stringify(o3Row), JSON.stringify(o3Row)).not.toContain('JUDGED-LATER');

      const after = await runCli(['plan'], { cwd: ws.dir });
      expect(after.code, after.stdout).toBe(0);
      expect(after.stdout).toContain('No changes');
      const calls = o3Calls();
      const again = await runCli(['apply', '--quiet'], { cwd: ws.dir });
      expect(again.code).toBe(1);
      expect(o3Calls()).toBe(calls);
    } finally {
      ws.cleanup();
    }
  }, 60_000);
});
