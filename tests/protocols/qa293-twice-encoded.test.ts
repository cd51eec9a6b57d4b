/**
 * QA293: a reply encoded twice — a JSON string holding the JSON document, `"{\"output\": …}"`, as a
 * Python route returning `json.dumps(result)` sends — says so: the adapters said only what the
 * outer string lacks ("reply has no inputSchema", "reply has no output", "reply is not a JSON
 * object", "chat completion has no choices[0].message"), beside a reply that had it one decoding
 * further. The kinds are unchanged.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createAgentEvalJudge } from '../../src/protocols/agent-eval/agent-eval-judge.js';
import { twiceEncodedSuffix } from '../../src/protocols/twice-encoded.js';
import { startLoopback } from '../fixtures/loopback.js';
import { applyInProcess } from './apply-in-process.js';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const SCHEMA = { type: 'object', properties: { q: { type: 'string' } }, required: ['q'] };

/** One agent for every protocol, each reply encoded twice. */
async function agent(): Promise<string> {
  const server = await startLoopback((req, res) => {
    const url = req.url ?? '';
    const doc = url.endsWith('/info')
      ? { name: 'x', version: '1', inputSchema: SCHEMA }
      : url.endsWith('/agent/respond')
        ? { messages: [{ role: 'assistant', content: 'A' }] }
        : url.endsWith('/execute_task')
          ? { action: 'final_answer', summary: 'A' }
          : { choices: [{ index: 0, message: { role: 'assistant', content: 'A' }, finish_reason: 'stop' }] };
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(JSON.stringify(doc)));
  });
  cleanups.push(() => server.close());
  return server.url;
}

function workspace(agents: Record<string, unknown>): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'evalc-qa293-twice-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  writeFileSync(path.join(dir, 'd.jsonl'), `${JSON.stringify({ id: 'e1', vars: { q: 'hi' } })}\n`);
  const bindings: Record<string, unknown> = { default: { input: '{{q}}', output: { answer: '@' } } };
  for (const [id, config] of Object.entries(agents))
    if ((config as { protocol: string }).protocol === 'raip')
      bindings[id] = { input: { q: '{{q}}' }, output: { answer: 'output.answer' } };
  const plan = {
    evalc: 1,
    benchmark: { id: 'qa293', version: '1.0.0' },
    agents,
    tasks: {
      t: {
        bindings,
        datasets: { d: { source: 'd.jsonl' } },
        metrics: [{ type: 'pass_rate' }],
      },
    },
    run: { repeats: 1, seed: 7, preflight: 0 },
  };
  writeFileSync(path.join(dir, 'evalc.yaml'), `${JSON.stringify(plan, null, 2)}\n`);
  return dir;
}

const HINT =
  /the reply is a JSON string holding a JSON object: it was encoded twice .*send the object itself/;

describe('a reply encoded twice (QA293)', () => {
  it('a raip GET /info says so', async () => {
    const url = await agent();
    const outcome = await applyInProcess(
      workspace({ a: { protocol: 'raip', url: `${url}/twice`, limits: { retries: 0 } } }),
    );
    expect('message' in outcome ? outcome.message : outcome.status).toMatch(
      /reply has no inputSchema; the reply is a JSON string/,
    );
    expect('message' in outcome ? outcome.message : '').toMatch(HINT);
  });

  it('a chat reply, a mae reply and a chat completion say so, with their kinds', async () => {
    const url = await agent();
    const dir = workspace({
      c: { protocol: 'chat', url: `${url}/twice/agent/respond`, limits: { retries: 0 } },
      m: { protocol: 'mae', transport: 'http', url: `${url}/twice/execute_task`, limits: { retries: 0 } },
      o: { protocol: 'openai', url: `${url}/twice/v1`, model: 'm', limits: { retries: 0 } },
    });
    const outcome = await applyInProcess(dir);
    if (outcome.status !== 'done') throw new Error(JSON.stringify(outcome));
    const report = JSON.parse(readFileSync(path.join(dir, '.evalc', 'reports', 'report.json'), 'utf8')) as {
      examples: {
        agent: string;
        repeats: { errorKind: string | null; error: { message: string } | null }[];
      }[];
    };
    const errors = Object.fromEntries(
      report.examples.map((e) => [
        e.agent,
        { kind: e.repeats[0]?.errorKind, message: e.repeats[0]?.error?.message ?? '' },
      ]),
    );
    expect(errors.c?.kind).toBe('contract_violation');
    expect(errors.c?.message).toMatch(/reply is not a JSON object; the reply is a JSON string/);
    expect(errors.m?.kind).toBe('unknown_action');
    expect(errors.m?.message).toMatch(
      /reply has no action \(not a JSON object\); the reply is a JSON string/,
    );
    expect(errors.o?.kind).toBe('contract_violation');
    expect(errors.o?.message).toMatch(
      /chat completion has no choices\[0\]\.message; the reply is a JSON string/,
    );
    for (const id of ['c', 'm', 'o']) expect(errors[id]?.message).toMatch(HINT);
  });

  it('a raip /invoke answered twice encoded says so', async () => {
    const server = await startLoopback((req, res) => {
      const info = JSON.stringify({ name: 'x', version: '1', inputSchema: SCHEMA });
      const invoke = JSON.stringify(JSON.stringify({ output: { answer: 'A' } }));
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(req.url?.endsWith('/info') ? info : invoke);
    });
    cleanups.push(() => server.close());
    const dir = workspace({ r: { protocol: 'raip', url: server.url, limits: { retries: 0 } } });
    const outcome = await applyInProcess(dir);
    if (outcome.status !== 'done') throw new Error(JSON.stringify(outcome));
    const report = readFileSync(path.join(dir, '.evalc', 'reports', 'report.json'), 'utf8');
    expect(report).toMatch(
      /reply has no output; the reply is a JSON string holding a JSON object: it was encoded twice/,
    );
  });

  it("an agent-eval judge's version, listing and verdict say so", async () => {
    const version = { package: '@tangle-network/agent-eval', version: '0.170.0', wireVersion: '1.1.0' };
    const rubric = {
      name: 'r',
      description: 'd',
      dimensions: [{ id: 'q', description: 'q', weight: 1 }],
      failureModes: [],
      rubricVersion: 'r@x',
    };
    const verdict = { composite: 1, dimensions: { q: 1 }, failureModes: [], wins: [], rationale: 'ok' };
    for (const twice of ['version', 'rubrics', 'judge']) {
      const server = await startLoopback((req, res) => {
        const url = req.url ?? '';
        const doc = url.endsWith('/version')
          ? version
          : url.endsWith('/rubrics')
            ? { rubrics: [rubric] }
            : verdict;
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(url.endsWith(`/${twice}`) ? JSON.stringify(JSON.stringify(doc)) : JSON.stringify(doc));
      });
      cleanups.push(() => server.close());
      const judge = createAgentEvalJudge(
        { protocol: 'agent-eval', url: server.url, rubric: 'r' },
        { cwd: '.', rubrics: {} },
      );
      cleanups.push(() => judge.close());
      const described = await judge.describe(AbortSignal.timeout(10_000));
      const outcome = described.ok
        ? await judge.judge({ content: 'x', rubric: { name: 'r' } }, AbortSignal.timeout(10_000))
        : described;
      expect(outcome.ok ? `${twice}: ok` : outcome.error.message).toMatch(HINT);
    }
  });

  it('says nothing of a string that is not JSON, nor of a document', () => {
    expect(twiceEncodedSuffix('hello')).toBe('');
    expect(twiceEncodedSuffix('{not json}')).toBe('');
    expect(twiceEncodedSuffix({ output: 1 })).toBe('');
    expect(twiceEncodedSuffix(' [1, 2] ')).toMatch(/a JSON array: .*send the array itself/);
  });
});
