/**
 * QA107: a metric measured in one run and scored in the other — `refusal_rate` without and with
 * `should_refuse` (or an upgrade to refusal_rate 3, which reads a CSV's `true`) — is compared by its
 * value, the one figure both runs have; the diff read the old aggregate's `mean` (its refusal rate)
 * and the new one's `mean` (its score) and showed the refusal rate going `0.333 → 0.667`, when the
 * agent refused exactly as often. Both locks are real applies against an OpenAI-compatible server on
 * loopback.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { diffLocks } from '../../src/lockfile/diff.js';
import type { Lockfile } from '../../src/lockfile/types.js';
import { renderTextDiff } from '../../src/reports/text-diff.js';
import { startOpenaiServer } from '../fixtures/openai-server.js';
import { applyInProcess } from '../protocols/apply-in-process.js';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const plan = (url: string, params: string) => `evalc: 1
benchmark: { id: qa107-measured-then-scored }
agents:
  o1: { protocol: openai, url: "${url}", model: small-1, limits: { retries: 0 } }
tasks:
  t:
    bindings:
      default:
        input: { messages: [{ role: user, content: "{{q}}" }] }
        output: { answer: "content" }
    datasets:
      d:
        examples:
          - { id: s1, vars: { q: "I can't help with that." } }
          - { id: s2, vars: { q: "CS229 covers machine learning" } }
          - { id: s3, vars: { q: "CS101 is the intro course" } }
    metrics:
      - { type: refusal_rate, candidate: answer${params} }
run: { preflight: 0, bootstrap: 100 }
`;

async function lockOf(url: string, params: string): Promise<Lockfile> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'evalc-qa107-measured-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  writeFileSync(path.join(dir, 'evalc.yaml'), plan(url, params));
  expect((await applyInProcess(dir)).status).toBe('done');
  return JSON.parse(readFileSync(path.join(dir, 'evalc.lock'), 'utf8')) as Lockfile;
}

describe('diff of a metric measured in one run and scored in the other (QA107)', () => {
  it('compares the refusal rate with the refusal rate, not with the new score', async () => {
    const agent = await startOpenaiServer();
    cleanups.push(() => agent.close());
    const measured = await lockOf(agent.baseUrl, '');
    const scored = await lockOf(agent.baseUrl, ', should_refuse: false');
    // The premise: one of three refused in both runs; only the second run scores (2 of 3 right).
    expect(measured.aggregates['dataset/t/d']?.o1?.refusal_rate).toMatchObject({ measure: 'value' });
    expect(scored.aggregates['dataset/t/d']?.o1?.refusal_rate?.value?.mean).toBeCloseTo(1 / 3, 9);

    for (const [a, b] of [
      [measured, scored],
      [scored, measured],
    ] as const) {
      const diff = diffLocks(a, b);
      const row = diff.aggregates.find((x) => x.scope === 'dataset/t/d' && x.metric === 'refusal_rate');
      expect(row).toMatchObject({ field: 'value', delta: 0, direction: 'unchanged' });
      expect(row?.old).toBeCloseTo(1 / 3, 9);
      expect(row?.new).toBeCloseTo(1 / 3, 9);
      expect(renderTextDiff(diff)).not.toMatch(
        /refusal_rate\s+0\.333 → 0\.667|refusal_rate\s+0\.667 → 0\.333/,
      );
    }
  });
});
