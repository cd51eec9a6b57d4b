/**
 * Regression (QA91): an `openai` agent asked for JSON (`response_format`) answers a JSON text in
 * `content`, and JMESPath cannot read into a string: `content.answer` was null for every example
 * (extraction_failed, then the preflight held the batch back) and nothing in validate or the
 * error said why or what to bind. The extraction document now carries `json`, the content
 * parsed; validate warns at `content.answer` naming `json.answer`, and the extraction error says
 * so too. Real loopback OpenAI-compatible server, the built CLI.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OpenaiServer, startOpenaiServer } from '../fixtures/openai-server.js';
import { assertBuilt, lockResults, runCli, tempWorkspace } from './apply-harness.js';

let server: OpenaiServer;
beforeAll(async () => {
  assertBuilt();
  server = await startOpenaiServer('ok');
});
afterAll(async () => {
  await server.close();
});

function writeJsonModePlan(dir: string, answer: string, jsonMode = true): void {
  const plan = {
    evalc: 1,
    benchmark: { id: 'rag', version: '1.0.0' },
    agents: { m: { protocol: 'openai', url: server.baseUrl, model: 'm1', limits: { retries: 0 } } },
    tasks: {
      qa: {
        bindings: {
          default: {
            input: {
              messages: [{ role: 'user', content: '{{q}}' }],
              ...(jsonMode
                ? {
                    response_format: {
                      type: 'json_schema',
                      json_schema: { name: 'a', schema: { type: 'object' } },
                    },
                  }
                : {}),
            },
            output: { answer },
          },
        },
        datasets: { d: { source: 'd.jsonl' } },
        metrics: [{ type: 'exact_match', candidate: 'answer', expected: 'answer' }],
      },
    },
    run: { seed: 7, bootstrap: 200 },
  };
  writeFileSync(path.join(dir, 'evalc.yaml'), `${JSON.stringify(plan, null, 2)}\n`);
  const rows = ['Paris', 'Rome', 'Oslo'].map((q, i) =>
    JSON.stringify({ id: `e${i}`, vars: { q }, expected: { answer: q } }),
  );
  writeFileSync(path.join(dir, 'd.jsonl'), `${rows.join('\n')}\n`);
}

describe('openai JSON-mode answers', () => {
  it('binds json.answer: every example is extracted and scored', async () => {
    const ws = tempWorkspace('qa91-json');
    try {
      writeJsonModePlan(ws.dir, 'json.answer');
      const run = await runCli(['apply'], { cwd: ws.dir });
      expect(run.stderr).not.toContain('extraction_failed');
      expect(run.code).toBe(0);
      const rows = lockResults(ws.dir);
      expect(rows).toHaveLength(3);
      for (const row of rows) {
        expect(row.errors).toBeUndefined();
        expect(row.metrics.exact_match?.score).toBe(1);
      }
    } finally {
      ws.cleanup();
    }
  });

  it('content.answer: validate warns at its file:line:col naming json.answer, and the error says it', async () => {
    const ws = tempWorkspace('qa91-content');
    try {
      writeJsonModePlan(ws.dir, 'content.answer');
      const validate = await runCli(['validate'], { cwd: ws.dir });
      expect(validate.code).toBe(0);
      expect(validate.stderr).toMatch(
        /evalc\.yaml:\d+:\d+: warning EVALC_BIND_FIELD: agent `m` \(openai\): `content` is the answer's text/,
      );
      expect(validate.stderr).toContain('bind `json.answer`');
      const run = await runCli(['apply', '--quiet'], { cwd: ws.dir });
      expect(run.code).toBe(1);
      const md = readFileSync(path.join(ws.dir, '.evalc/reports/report.md'), 'utf8');
      expect(md).toContain('a JSON answer');
      expect(md).toContain('json.answer');
    } finally {
      ws.cleanup();
    }
  });

  it('json.answer of a reply that is not JSON says what the content was', async () => {
    const ws = tempWorkspace('qa91-notjson');
    try {
      writeJsonModePlan(ws.dir, 'json.answer', false);
      const run = await runCli(['apply', '--quiet'], { cwd: ws.dir });
      expect(run.code).toBe(1);
      const md = readFileSync(path.join(ws.dir, '.evalc/reports/report.md'), 'utf8');
      expect(md).toContain('is not a JSON object or array, so there is no');
      expect(md).toContain('Echo: Paris');
    } finally {
      ws.cleanup();
    }
  });
});
