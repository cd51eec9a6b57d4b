/**
 * QA90: an agent answering HTTP 500 for some examples in the PR run showed in `evalc diff` as
 * "Pass → fail (2): a1 qa/d1 e01 (contains, exact_match, pass_rate)", exactly as a worse answer:
 * nothing in the diff said the examples had errored, which a reviewer needs to tell a flaky call
 * from a regression of the agent. Each flip now names the error kinds of its failing side (JSON
 * `errors`, text and Markdown `· error: http_500`, `· error before: …` for a fail → pass), and
 * a flip on the answers names none. Both locks are real applies against an OpenAI-compatible
 * server on loopback (answering, then failing with 500).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { diffLocks } from '../../src/lockfile/diff.js';
import type { Lockfile } from '../../src/lockfile/types.js';
import { renderMarkdownDiff } from '../../src/reports/markdown-diff.js';
import { renderTextDiff } from '../../src/reports/text-diff.js';
import { type OpenaiBehaviour, startOpenaiServer } from '../fixtures/openai-server.js';
import { applyInProcess } from '../protocols/apply-in-process.js';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const plan = (url: string, expectedB: string) => `evalc: 1
benchmark: { id: qa90-flip-errors }
agents:
  o1: { protocol: openai, url: "${url}", model: small-1, limits: { retries: 0 } }
tasks:
  t:
    bindings:
      default:
        input: { messages: [{ role: user, content: "{{q}}" }] }
        output: { answer: "choices[0].message.content" }
    datasets:
      d:
        examples:
          - { id: a, vars: { q: "alpha" }, expected: { answer: "alpha" } }
          - { id: b, vars: { q: "beta" }, expected: { answer: "${expectedB}" } }
    metrics:
      - { type: contains, candidate: answer, expected: answer }
run: { preflight: 0, bootstrap: 100 }
`;

async function lockOf(behaviour: OpenaiBehaviour, expectedB = 'beta'): Promise<Lockfile> {
  const agent = await startOpenaiServer(behaviour);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'evalc-qa90-flip-errors-'));
  cleanups.push(
    () => rmSync(dir, { recursive: true, force: true }),
    () => agent.close(),
  );
  writeFileSync(path.join(dir, 'evalc.yaml'), plan(agent.baseUrl, expectedB));
  await applyInProcess(dir);
  return JSON.parse(readFileSync(path.join(dir, 'evalc.lock'), 'utf8')) as Lockfile;
}

describe('diff flips name the errors of their failing side (QA90)', () => {
  it('says a pass → fail errored, and a fail → pass had errored before', async () => {
    const ok = await lockOf('ok');
    const failing = await lockOf('error500');
    expect(failing.results.every((r) => r.errors?.[0] === 'http_500')).toBe(true);

    const worse = diffLocks(ok, failing);
    expect(worse.flips.map((f) => [f.kind, f.example, f.errors])).toEqual([
      ['pass_to_fail', 'a', ['http_500']],
      ['pass_to_fail', 'b', ['http_500']],
    ]);
    expect(renderTextDiff(worse)).toContain('  o1 t/d a (contains) · error: http_500\n');
    expect(renderMarkdownDiff(worse)).toContain('- `o1` t/d **a** — `contains` · error: `http_500`\n');

    const better = diffLocks(failing, ok);
    expect(better.flips.map((f) => [f.kind, f.example, f.errors])).toEqual([
      ['fail_to_pass', 'a', ['http_500']],
      ['fail_to_pass', 'b', ['http_500']],
    ]);
    expect(renderTextDiff(better)).toContain('  o1 t/d a (contains) · error before: http_500\n');
  });

  it('names no error for a flip on the answers', async () => {
    const before = await lockOf('ok');
    const after = await lockOf('ok', 'gamma');
    const diff = diffLocks(before, after);
    expect(diff.flips).toHaveLength(1);
    expect(diff.flips[0]).not.toHaveProperty('errors');
    expect(renderTextDiff(diff)).toContain('  o1 t/d b (contains)\n');
  });
});
