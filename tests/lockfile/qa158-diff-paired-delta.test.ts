/**
 * QA158 (QA146's report): a judge that errored on two of five examples in the new run left them out
 * of its mean, so the diff printed `judge 0.540 → 0.300 ▼ −0.240 CI [0.000, 0.000]`: Δ is the
 * aggregates' (5 examples against 3), the CI the paired examples' (3, unchanged), and the row read
 * as a CI missing its own Δ. A row whose Δ is not the paired change now shows that change beside
 * its CI (`[0.000, 0.000] of paired Δ ±0.000`; JSON `pairedDelta`), in the text diff, report.md and
 * report.html. Real applies: an http agent and an agent-eval judge on loopback.
 *
 * Hand-computed: old judge scores e1..e5 = 0.9, 0.9, 0.2, 0.5, 0.2 (mean 0.54); new: e1, e2 judge
 * errors, e3..e5 = 0.2, 0.6, 0.2 (mean 0.333…). Δ = 0.333… − 0.54 = −0.206…; the paired examples
 * e3..e5 changed by 0, +0.1, 0: paired Δ +0.0333…, its bootstrap CI within [0, 0.1].
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { diffLocks } from '../../src/lockfile/diff.js';
import type { Lockfile } from '../../src/lockfile/types.js';
import { renderTextDiff } from '../../src/reports/text-diff.js';
import { startAgentEvalDiscovery } from '../fixtures/agent-eval-discovery.js';
import { sendJson } from '../fixtures/loopback.js';
import { applyInProcess } from '../protocols/apply-in-process.js';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const RUBRIC = {
  name: 'r',
  description: 'd',
  dimensions: [{ id: 'a', description: 'A', weight: 1 }],
  failureModes: [],
  rubricVersion: 'r@v1',
};

/** An http agent echoing its query and an agent-eval judge scoring by a word of it. */
async function startServer(run: { second: boolean }) {
  return startAgentEvalDiscovery([RUBRIC], (req, res, body) => {
    if (req.url === '/agent')
      return sendJson(res, 200, { answer: (JSON.parse(body) as { query: string }).query });
    if (req.url === '/healthz') return sendJson(res, 200, { status: 'ok' });
    if (req.url !== '/v1/judge') return sendJson(res, 404, {});
    const good = body.includes('good');
    if (good && run.second) return sendJson(res, 400, { error: 'the judge refuses good ones' });
    const score = good ? 0.9 : body.includes('fair') ? (run.second ? 0.6 : 0.5) : 0.2;
    return sendJson(res, 200, {
      composite: score,
      dimensions: { a: score },
      failureModes: [],
      wins: [],
      rationale: 'r',
      rubricVersion: 'r@v1',
      model: 'stub',
      durationMs: 1,
    });
  });
}

const plan = (url: string) => `evalc: 1
benchmark: { id: qa158-paired-delta }
agents:
  a1: { protocol: http, url: "${url}/agent", method: POST }
judges:
  j: { protocol: agent-eval, url: "${url}", rubric: r, limits: { retries: 0 } }
tasks:
  t:
    bindings:
      default:
        input: { query: "{{q}}" }
        output: { answer: "answer" }
    datasets:
      d:
        examples:
          - { id: e1, vars: { q: "good one" } }
          - { id: e2, vars: { q: "good two" } }
          - { id: e3, vars: { q: "bad three" } }
          - { id: e4, vars: { q: "fair four" } }
          - { id: e5, vars: { q: "bad five" } }
    metrics:
      - { type: judge, judge: j, content: "{{candidate.answer}}" }
run: { preflight: 0 }
`;

describe('diff: a Δ beside a CI of another set of examples (QA158)', () => {
  it('shows the paired change the CI measures beside it when examples drop out of one run', async () => {
    const run = { second: false };
    const server = await startServer(run);
    const root = mkdtempSync(path.join(os.tmpdir(), 'evalc-qa158-paired-'));
    cleanups.push(
      () => rmSync(root, { recursive: true, force: true }),
      () => server.close(),
    );
    const [oldDir, newDir] = [path.join(root, 'old'), path.join(root, 'new')];
    for (const dir of [oldDir, newDir]) {
      mkdirSync(dir);
      writeFileSync(path.join(dir, 'evalc.yaml'), plan(server.url));
    }
    expect((await applyInProcess(oldDir)).status).toBe('done');
    run.second = true;
    await applyInProcess(newDir, { baseline: path.join(oldDir, 'evalc.lock') });
    const read = (dir: string) => JSON.parse(readFileSync(path.join(dir, 'evalc.lock'), 'utf8')) as Lockfile;
    const diff = diffLocks(read(oldDir), read(newDir));

    const benchmark = diff.aggregates.find((d) => d.scope === 'benchmark' && d.metric === 'judge');
    expect(benchmark).toMatchObject({ old: 0.54, n: 3, unpaired: 2 });
    expect(benchmark?.new).toBeCloseTo(1 / 3, 12);
    expect(benchmark?.delta).toBeCloseTo(1 / 3 - 0.54, 12);
    expect(benchmark?.pairedDelta).toBeCloseTo(0.1 / 3, 12);
    const [lo, hi] = benchmark?.ci ?? [Number.NaN, Number.NaN];
    expect(lo).toBeGreaterThanOrEqual(0);
    expect(hi).toBeLessThanOrEqual(0.1);
    expect(lo).toBeLessThan(hi);
    const ci = `[${lo.toFixed(3)}, ${hi.toFixed(3)}] of paired Δ +0.033`;

    const text = renderTextDiff(diff);
    expect(text).toMatch(
      new RegExp(
        `judge +0\\.540 → 0\\.333 +▼ −0\\.207 +CI \\[${lo.toFixed(3)}, ${hi.toFixed(3)}\\] of paired Δ \\+0\\.033 `,
      ),
    );
    const reports = path.join(newDir, '.evalc', 'reports');
    expect(readFileSync(path.join(reports, 'report.md'), 'utf8')).toContain(`| ▼ −0.207 | ${ci} |`);
    expect(readFileSync(path.join(reports, 'report.html'), 'utf8')).toContain(`<td class="num">${ci}</td>`);

    // The same runs without the judge's errors: Δ is the paired change, and nothing is added.
    const same = diffLocks(read(oldDir), read(oldDir));
    expect(same.aggregates.every((d) => d.pairedDelta === undefined)).toBe(true);
    const oldLock = read(oldDir);
    const noDrop = diffLocks(oldLock, { ...oldLock });
    expect(renderTextDiff(noDrop)).not.toContain('of paired Δ');
  });
});
