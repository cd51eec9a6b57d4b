/**
 * QA50: replies holding numbers beyond the double range, and tool-call arguments nested 100k
 * levels deep inside their string, against a real loopback agent.
 *
 * Before: a RAIP answer `{"x": 1e400}` (valid JSON; `JSON.parse` reads it as Infinity) crashed the
 * whole apply with "internal error: Infinity is not allowed" and a stack trace, from the
 * `consistency` rollup's canonical JSON, and no lock was written; the cache's `JSON.stringify`
 * turned the same value into null, so a run from the cache would have scored differently. A chat
 * tool call whose `arguments` string held `1e400`, or nested 100k levels, failed `repetition_rate`
 * with "Infinity is not allowed" / "Maximum call stack size exceeded", cached as its metric_error.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parseBoundedJson } from '../../src/protocols/bounded-json.js';
import { firstNonFinite } from '../../src/protocols/unsafe-integer.js';
import { startQa50HostileReplyServer } from '../fixtures/qa50-hostile-reply-server.js';
import { applyInProcess } from './apply-in-process.js';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function workspace(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'qa50-overflow-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

interface ReportRepeat {
  candidates?: Record<string, unknown>;
  trajectory?: { events?: { type: string; data?: Record<string, unknown> }[] };
}
interface ReportExample {
  example: string;
  agent: string;
  metrics: { id: string; score: number | null; error?: unknown }[];
  repeats: ReportRepeat[];
}

const reportExamples = (dir: string): ReportExample[] =>
  (
    JSON.parse(readFileSync(path.join(dir, '.evalc/reports/report.json'), 'utf8')) as {
      examples: ReportExample[];
    }
  ).examples;

describe('numbers beyond the double range and over-deep tool arguments in replies (QA50)', () => {
  it('reads a RAIP answer with 1e400 as null: the run completes, scores it, and a run from the cache writes the same lock', async () => {
    const agent = await startQa50HostileReplyServer();
    cleanups.push(() => agent.close());
    const dir = workspace();
    writeFileSync(
      path.join(dir, 'd.jsonl'),
      [
        { id: 'big', vars: { r: 'overflow' }, expected: { answer: { x: null, y: [null, 2], z: 1e308 } } },
        { id: 'ok', vars: { r: 'fine' }, expected: { answer: 'fine' } },
      ]
        .map((e) => JSON.stringify(e))
        .join('\n'),
    );
    const plan = {
      evalc: 1,
      benchmark: { id: 'qa50-overflow', version: '1.0.0' },
      agents: { a1: { protocol: 'raip', url: agent.url, limits: { retries: 0 } } },
      tasks: {
        t: {
          bindings: { default: { input: { reply: '{{r}}' }, output: { answer: 'output.answer' } } },
          datasets: { d: { source: 'd.jsonl' } },
          metrics: [
            { type: 'exact_match', candidate: 'answer', expected: 'answer' },
            { type: 'consistency', candidate: 'answer' },
          ],
        },
      },
      run: { repeats: 2, seed: 7, preflight: 0 },
    };
    writeFileSync(path.join(dir, 'evalc.yaml'), JSON.stringify(plan));

    const first = await applyInProcess(dir);
    expect(first.status).toBe('done');
    const lock = readFileSync(path.join(dir, 'evalc.lock'), 'utf8');
    const big = reportExamples(dir).find((e) => e.example === 'big');
    expect(big?.repeats[0]?.candidates?.answer).toEqual({ x: null, y: [null, 2], z: 1e308 });
    expect(big?.metrics.find((m) => m.id === 'exact_match')?.score).toBe(1);
    expect(big?.metrics.find((m) => m.id === 'consistency')?.score).toBe(1);
    const warning = big?.repeats[0]?.trajectory?.events?.find((e) => e.type === 'compat_warning');
    expect(warning?.data).toEqual({ warning: 'non_finite_number', literal: '1e400' });

    // the same answers from the cache (no lock): the same lock, no agent called
    rmSync(path.join(dir, 'evalc.lock'));
    const callsBefore = agent.calls.filter((c) => c === '/invoke').length;
    const second = await applyInProcess(dir);
    expect(second.status).toBe('done');
    expect(agent.calls.filter((c) => c === '/invoke').length).toBe(callsBefore);
    expect(readFileSync(path.join(dir, 'evalc.lock'), 'utf8')).toBe(lock);
  }, 30_000);

  it('scores repetition_rate on chat tool calls whose arguments nest 100k levels or hold 1e400', async () => {
    const agent = await startQa50HostileReplyServer();
    cleanups.push(() => agent.close());
    const dir = workspace();
    writeFileSync(
      path.join(dir, 'd.jsonl'),
      ['deep', 'overflow', 'fine'].map((r) => JSON.stringify({ id: r, vars: { r } })).join('\n'),
    );
    const plan = {
      evalc: 1,
      benchmark: { id: 'qa50-tool-args', version: '1.0.0' },
      agents: { c1: { protocol: 'chat', url: `${agent.url}/agent/respond`, limits: { retries: 0 } } },
      tasks: {
        t: {
          bindings: {
            default: {
              input: { messages: [{ role: 'user', content: 'reply:{{r}}' }] },
              output: { answer: 'messages[-1].content' },
            },
          },
          datasets: { d: { source: 'd.jsonl' } },
          metrics: [{ type: 'repetition_rate' }],
        },
      },
      run: { repeats: 1, seed: 7, preflight: 0 },
    };
    writeFileSync(path.join(dir, 'evalc.yaml'), JSON.stringify(plan));
    const outcome = await applyInProcess(dir);
    expect(outcome.status).toBe('done');
    for (const e of reportExamples(dir)) {
      const metric = e.metrics.find((m) => m.id === 'repetition_rate');
      expect({ example: e.example, error: metric?.error, score: metric?.score }).toEqual({
        example: e.example,
        error: undefined,
        score: 1,
      });
    }
  }, 30_000);

  it('names the first literal beyond the double range, outside strings, as it names NaN', () => {
    expect(firstNonFinite('{"a":"1e400","b":[2e-5,1e308,-1E+999]}')).toBe('-1E+999');
    expect(firstNonFinite('{"a":1e308,"b":"NaN"}')).toBeUndefined();
    expect(firstNonFinite(`{"n":${'9'.repeat(310)}}`)).toBe('9'.repeat(310));
    expect(firstNonFinite('{"n":-Infinity,"m":1e400}')).toBe('-Infinity');
  });

  it('checks a 16 MB reply of 308-digit numbers in linear time (no overflow, nothing revived)', () => {
    const text = `[${Array.from({ length: 50_000 }, () => '1'.repeat(308)).join(',')}]`;
    const started = Date.now();
    const parsed = parseBoundedJson(text);
    expect(Date.now() - started).toBeLessThan(2_000); // 7 s with a `\d{309}` pattern
    expect(parsed.ok && (parsed.value as number[]).length).toBe(50_000);
    expect(firstNonFinite(text)).toBeUndefined();
  });
});
