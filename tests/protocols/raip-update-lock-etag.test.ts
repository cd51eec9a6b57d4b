/**
 * A RAIP agent's new ETag (same schema and version: RAIP 4.2, a warning only) and evalc.lock, under
 * `apply`, `--update-lock`, `--locked` and `--only`. Each case has a real loopback agent of its own
 * (answering If-None-Match with 304) and applies in process; the usage error runs the CLI command.
 * (QA143's and QA159's files, one set-up: QA170.)
 * - QA143: the old ETag stayed in evalc.lock even under `apply --update-lock`: the lock was up to
 *   date, so nothing was rewritten, every later apply sent the stale If-None-Match and warned
 *   again, and only `--refresh` (every agent called again) pinned the new one. `--update-lock` now
 *   rewrites the lock with the new ETag from the cache (no agent call), and the warning says so.
 * - QA155: an apply that has work (an example added) rewrites the lock, the new ETag included, but
 *   its warning sent the user to `--update-lock`, with nothing left to do; under `--locked` a run
 *   with work (`--refresh`) rewrote the lock's ETag all the same.
 * - QA164: `--only --update-lock` pins it in the --only lock, and says so.
 * - QA159: `--locked --update-lock` rewrote the lock's ETag, though `--locked` promises that nothing
 *   the lock pins changes (DESIGN §6): the pair is a usage error (64) in the CLI and refused by the
 *   library's applyRun, before any agent is asked.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { applyCommand } from '../../src/cli/apply.js';
import { type ApplyOutcome, applyRun, createProgress } from '../../src/index.js';
import { runCommand } from '../cli/run-cli.js';
import { type Loopback, sendJson, startLoopback } from '../fixtures/loopback.js';
import { writeOneExampleRaipPlan } from '../fixtures/raip-one-example-plan.js';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** The agent's ETag now, its invokes, and the If-None-Match of each /info request. */
const state = { etag: '"e-A"', invokes: 0, conditional: [] as (string | undefined)[] };

/** A folder with a one-example plan against an agent of its own, whose ETag is "e-A". */
async function workspace(): Promise<string> {
  Object.assign(state, { etag: '"e-A"', invokes: 0, conditional: [] });
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
  const dir = mkdtempSync(path.join(os.tmpdir(), 'evalc-raip-etag-'));
  cleanups.push(
    () => rmSync(dir, { recursive: true, force: true }),
    () => server.close(),
  );
  writeOneExampleRaipPlan(dir, server.url);
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

const lockedEtag = (dir: string) =>
  (JSON.parse(readFileSync(path.join(dir, 'evalc.lock'), 'utf8')) as { agents: { a1: { etag?: string } } })
    .agents.a1.etag;

/** A workspace applied under "e-A", whose agent now sends "e-B". */
async function etagChanged(): Promise<string> {
  const dir = await workspace();
  expect(etagOf((await apply(dir)).outcome)).toBe('"e-A"');
  state.etag = '"e-B"';
  return dir;
}

describe('RAIP: --update-lock pins a new ETag of the same schema (QA143)', () => {
  it('rewrites the lock without calling the agent, and the next apply asks with the new ETag', async () => {
    const dir = await etagChanged();
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
    const dir = await etagChanged();
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
    const dir = await etagChanged();
    const ran = await apply(dir, false, { locked: true, refresh: true });
    expect(state.invokes).toBe(2);
    expect(etagOf(ran.outcome)).toBe('"e-A"');
    expect(ran.said.join('\n')).toContain('--locked keeps the ETag evalc.lock pins');
  });
});

describe('RAIP: --only --update-lock pins the ETag in the --only lock (QA164)', () => {
  it('says .evalc/evalc.only.lock pins it, and evalc.lock keeps the old one', async () => {
    const dir = await etagChanged();
    const ran = await apply(dir, true, { only: 't' });
    expect(etagOf(ran.outcome)).toBe('"e-B"');
    expect(lockedEtag(dir)).toBe('"e-A"');
    const warning = ran.said.join('\n');
    expect(warning).toContain('.evalc/evalc.only.lock pins the new ETag (--only never writes evalc.lock)');
    expect(warning).not.toContain('evalc.lock now pins');
  });
});

describe('apply --locked --update-lock (QA159)', () => {
  it('is a usage error that rewrites nothing and asks no agent', async () => {
    const dir = await workspace();
    expect((await runCommand(applyCommand, ['evalc.yaml', '--quiet'], { cwd: dir })).code).toBe(0);
    expect(lockedEtag(dir)).toBe('"e-A"');
    state.etag = '"e-B"';
    const before = [state.conditional.length, state.invokes];
    const both = await runCommand(applyCommand, ['evalc.yaml', '--locked', '--update-lock'], { cwd: dir });
    expect(both.code).toBe(64);
    expect(both.stderr).toContain('--locked and --update-lock contradict each other');
    expect(lockedEtag(dir)).toBe('"e-A"');
    expect([state.conditional.length, state.invokes]).toEqual(before);
  });

  it('is refused by the library too', async () => {
    const dir = await etagChanged();
    const { outcome } = await apply(dir, true, { locked: true });
    expect(outcome.status === 'refused' && outcome.message).toMatch(/^--locked and --update-lock contradict/);
    expect(lockedEtag(dir)).toBe('"e-A"');
  });

  it('leaves each flag alone working: --locked keeps the ETag, --update-lock then pins the new one', async () => {
    const dir = await etagChanged();
    expect((await runCommand(applyCommand, ['evalc.yaml', '--locked', '--quiet'], { cwd: dir })).code).toBe(
      0,
    );
    expect(lockedEtag(dir)).toBe('"e-A"');
    expect(
      (await runCommand(applyCommand, ['evalc.yaml', '--update-lock', '--quiet'], { cwd: dir })).code,
    ).toBe(0);
    expect(lockedEtag(dir)).toBe('"e-B"');
  });
});
