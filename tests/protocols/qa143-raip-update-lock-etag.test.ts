/**
 * QA143: an agent whose ETag changed with the same schema and version (RAIP 4.2: a warning only)
 * kept its old ETag in evalc.lock even under `apply --update-lock`: the lock was up to date, so
 * nothing was rewritten, every later apply sent the stale If-None-Match (never a 304 again) and
 * warned again, and the user had no way to pin the new ETag short of `--refresh`, which calls
 * every agent again. `--update-lock` now rewrites the lock with the new ETag from the cache (no
 * agent call), and the warning says so. Real loopback agent, apply in process.
 *
 * QA155 (review of 17fbf6d): an apply that has work (an example added) rewrites the lock, the new
 * ETag included, but its warning still said `evalc apply --update-lock` pins the new ETag, sending
 * the user to a flag with nothing left to do. It says a rewriting apply pins it. Under `--locked`,
 * which promises that nothing evalc.lock pins changes (QA159), a run with work (`--refresh`) rewrote
 * the lock's ETag all the same: it keeps the locked one, and its warning says so.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type ApplyOutcome, applyRun, createProgress } from '../../src/index.js';
import { type Loopback, sendJson, startLoopback } from '../fixtures/loopback.js';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const state = { etag: '"e-A"', invokes: 0, conditional: [] as (string | undefined)[] };

async function workspace(): Promise<string> {
  const server: Loopback = await startLoopback((req, res) => {
    if ((req.url ?? '').startsWith('/info')) {
      const asked = req.headers['if-none-match'];
      state.conditional.push(asked);
      if (asked === state.etag) {
        res.writeHead(304, { etag: state.etag });
        res.end();
        return;
      }
      return sendJson(
        res,
        200,
        { name: 'n', version: '1', inputSchema: { type: 'object' } },
        { etag: state.etag },
      );
    }
    state.invokes += 1;
    return sendJson(res, 200, { output: { answer: 'A' }, usage: {} });
  });
  const dir = mkdtempSync(path.join(os.tmpdir(), 'evalc-qa143-etag-'));
  cleanups.push(
    () => rmSync(dir, { recursive: true, force: true }),
    () => server.close(),
  );
  writeFileSync(path.join(dir, 'd.jsonl'), '{"id":"e1","vars":{"q":"a"},"expected":{"answer":"A"}}\n');
  const plan = {
    evalc: 1,
    benchmark: { id: 'b', version: '1.0.0' },
    agents: { a1: { protocol: 'raip', url: server.url, limits: { timeout: '2s', retries: 0 } } },
    tasks: {
      t: {
        bindings: { default: { input: { query: '{{q}}' }, output: { answer: 'output.answer' } } },
        datasets: { d: { source: 'd.jsonl' } },
        metrics: [{ type: 'exact_match', candidate: 'answer', expected: 'answer' }],
      },
    },
    run: { repeats: 1, seed: 7, preflight: 0, bootstrap: 100 },
  };
  writeFileSync(path.join(dir, 'evalc.yaml'), `${JSON.stringify(plan, null, 2)}\n`);
  return dir;
}

async function apply(
  dir: string,
  updateLock = false,
  more: { locked?: boolean; refresh?: boolean; only?: string } = {},
): Promise<{ outcome: ApplyOutcome; said: string[] }> {
  const said: string[] = [];
  const outcome = await applyRun({
    planFile: 'evalc.yaml',
    cwd: dir,
    env: {},
    signal: new AbortController().signal,
    progress: createProgress('plain', (line) => said.push(line)),
    updateLock,
    ...more,
  });
  return { outcome, said };
}

const etagOf = (outcome: ApplyOutcome) => {
  if (outcome.status !== 'done') throw new Error(`apply ${outcome.status}: ${JSON.stringify(outcome)}`);
  return outcome.lock.agents.a1?.etag;
};

describe('RAIP: --update-lock pins a new ETag of the same schema (QA143)', () => {
  it('rewrites the lock without calling the agent, and the next apply asks with the new ETag', async () => {
    const dir = await workspace();
    expect(etagOf((await apply(dir)).outcome)).toBe('"e-A"');
    state.etag = '"e-B"';
    const warned = await apply(dir);
    expect(etagOf(warned.outcome)).toBe('"e-A"'); // a plain apply keeps the lock as it is
    expect(warned.said.join('\n')).toMatch(/ETag changed since evalc\.lock .*--update-lock/);
    expect(etagOf((await apply(dir, true)).outcome)).toBe('"e-B"');
    expect(state.invokes).toBe(1);
    state.conditional.length = 0;
    const quiet = await apply(dir);
    expect(state.conditional).toEqual(['"e-B"']);
    expect(quiet.said.join('\n')).not.toMatch(/ETag changed/);
  });
});

describe('RAIP: an apply with work pins the new ETag (QA155)', () => {
  it('writes it into the lock and says so, not that --update-lock is needed', async () => {
    Object.assign(state, { etag: '"e-A"', invokes: 0, conditional: [] });
    const dir = await workspace();
    expect(etagOf((await apply(dir)).outcome)).toBe('"e-A"');
    state.etag = '"e-B"';
    writeFileSync(
      path.join(dir, 'd.jsonl'),
      '{"id":"e1","vars":{"q":"a"},"expected":{"answer":"A"}}\n{"id":"e2","vars":{"q":"b"},"expected":{"answer":"A"}}\n',
    );
    const ran = await apply(dir);
    expect(state.invokes).toBe(2);
    expect(etagOf(ran.outcome)).toBe('"e-B"');
    const warning = ran.said.join('\n');
    expect(warning).toMatch(/ETag changed since evalc\.lock \("e-A" → "e-B"\)/);
    expect(warning).toContain('an apply that rewrites evalc.lock pins the new ETag');
  });
});

describe('RAIP: --locked keeps the locked ETag (QA155)', () => {
  it('an apply --locked --refresh rewrites the results, not the ETag', async () => {
    Object.assign(state, { etag: '"e-A"', invokes: 0, conditional: [] });
    const dir = await workspace();
    expect(etagOf((await apply(dir)).outcome)).toBe('"e-A"');
    state.etag = '"e-B"';
    const ran = await apply(dir, false, { locked: true, refresh: true });
    expect(state.invokes).toBe(2);
    expect(etagOf(ran.outcome)).toBe('"e-A"');
    expect(ran.said.join('\n')).toContain('--locked keeps the ETag evalc.lock pins');
  });
});

describe('RAIP: --only --update-lock pins the ETag in the --only lock (QA164)', () => {
  it('says .evalc/evalc.only.lock pins it, and evalc.lock keeps the old one', async () => {
    Object.assign(state, { etag: '"e-A"', invokes: 0, conditional: [] });
    const dir = await workspace();
    expect(etagOf((await apply(dir)).outcome)).toBe('"e-A"');
    state.etag = '"e-B"';
    const ran = await apply(dir, true, { only: 't' });
    expect(etagOf(ran.outcome)).toBe('"e-B"');
    expect(JSON.parse(readFileSync(path.join(dir, 'evalc.lock'), 'utf8')).agents.a1.etag).toBe('"e-A"');
    const warning = ran.said.join('\n');
    expect(warning).toContain('.evalc/evalc.only.lock pins the new ETag (--only never writes evalc.lock)');
    expect(warning).not.toContain('evalc.lock now pins');
  });
});
