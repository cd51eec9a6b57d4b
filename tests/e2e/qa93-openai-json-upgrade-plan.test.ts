/**
 * Regression (QA93): an openai group whose outputs may read `json` is keyed apart from what an
 * evalc before it wrote (6911336), so `plan` over an earlier evalc.lock re-extracts it, with no
 * agent call. It said "because extraction changed (bindings.default.output)", pointing at a
 * binding nobody had edited; it now names the reason. A lock is made as that evalc wrote it: the
 * group's outputDigest the digest of its outputs alone, its invoke in the cache (an invoke key does
 * not hold the outputs), the new extraction not. An edited output still says it changed.
 * Real loopback OpenAI-compatible server, the built CLI.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JMESPATH_LIBRARY } from '../../src/binding/extract.js';
import { digestOf } from '../../src/compiler/content-key.js';
import { type OpenaiServer, startOpenaiServer } from '../fixtures/openai-server.js';
import { assertBuilt, runCli, tempWorkspace } from './apply-harness.js';

let server: OpenaiServer;
beforeAll(async () => {
  assertBuilt();
  server = await startOpenaiServer('ok');
});
afterAll(async () => {
  await server.close();
});

function writePlan(dir: string, answer: string): void {
  const plan = {
    evalc: 1,
    benchmark: { id: 'up', version: '1.0.0' },
    agents: { m: { protocol: 'openai', url: server.baseUrl, model: 'm1', limits: { retries: 0 } } },
    tasks: {
      qa: {
        bindings: {
          default: {
            input: {
              messages: [{ role: 'user', content: '{{q}}' }],
              response_format: {
                type: 'json_schema',
                json_schema: { name: 'a', schema: { type: 'object' } },
              },
            },
            output: { answer },
          },
        },
        datasets: { d: { examples: [{ id: 'e1', vars: { q: 'Paris' }, expected: { answer: 'Paris' } }] } },
        metrics: [{ type: 'exact_match', candidate: 'answer', expected: 'answer' }],
      },
    },
  };
  writeFileSync(path.join(dir, 'evalc.yaml'), `${JSON.stringify(plan, null, 2)}\n`);
}

describe('plan over a lock an earlier evalc wrote for an openai json output', () => {
  it('names why the extraction runs again, and an edited output as edited', async () => {
    const ws = tempWorkspace('qa93-json-plan');
    try {
      // The invoke is cached (its key does not hold the outputs), the new extraction is not.
      writePlan(ws.dir, 'content');
      const applied = await runCli(['apply', '--quiet'], { cwd: ws.dir });
      expect(applied.code, applied.stderr).toBe(0);
      const lockFile = path.join(ws.dir, 'evalc.lock');
      const lock = JSON.parse(readFileSync(lockFile, 'utf8')) as {
        groups: Record<string, { outputDigest: string }>;
      };
      const group = lock.groups['m/qa/d'];
      if (!group) throw new Error('no group m/qa/d');
      writePlan(ws.dir, 'json.answer');
      group.outputDigest = digestOf({ output: { answer: 'json.answer' }, library: JMESPATH_LIBRARY });
      writeFileSync(lockFile, `${JSON.stringify(lock, null, 2)}\n`);

      const planned = await runCli(['plan'], { cwd: ws.dir });
      expect(planned.stdout).toMatch(
        /~ extract .* because an openai reply's JSON content is now read as json/,
      );
      expect(planned.stdout).not.toContain('because extraction changed');
      expect(planned.stdout).toContain('0 to invoke');

      writePlan(ws.dir, 'json.reply');
      const edited = await runCli(['plan'], { cwd: ws.dir });
      expect(edited.stdout).toContain('because extraction changed (bindings.default.output)');
    } finally {
      ws.cleanup();
    }
  });
});
