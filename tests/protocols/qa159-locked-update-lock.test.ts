/**
 * QA159: `evalc apply --locked --update-lock` rewrote evalc.lock's RAIP ETag, though `--locked`
 * promises that nothing the lock pins changes (DESIGN §6). The two flags contradict each other:
 * the CLI refuses the pair as a usage error (64) and the library's applyRun refuses it, before any
 * agent is asked; the lock keeps its ETag. Real loopback agent.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyCommand } from '../../src/cli/apply.js';
import { applyRun, createProgress } from '../../src/index.js';
import { runCommand } from '../cli/run-cli.js';
import { type Loopback, sendJson, startLoopback } from '../fixtures/loopback.js';

const state = { etag: '"e-A"', info: 0, invokes: 0 };
let server: Loopback;
let dir: string;

beforeAll(async () => {
  server = await startLoopback((req, res) => {
    if ((req.url ?? '').startsWith('/info')) {
      state.info += 1;
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
  dir = mkdtempSync(path.join(os.tmpdir(), 'evalc-qa159-locked-'));
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
});
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

const lockedEtag = () =>
  (JSON.parse(readFileSync(path.join(dir, 'evalc.lock'), 'utf8')) as { agents: { a1: { etag?: string } } })
    .agents.a1.etag;

describe('apply --locked --update-lock (QA159)', () => {
  it('is a usage error that rewrites nothing and asks no agent', async () => {
    expect((await runCommand(applyCommand, ['evalc.yaml', '--quiet'], { cwd: dir })).code).toBe(0);
    expect(lockedEtag()).toBe('"e-A"');
    state.etag = '"e-B"';
    const before = { ...state };
    const both = await runCommand(applyCommand, ['evalc.yaml', '--locked', '--update-lock'], { cwd: dir });
    expect(both.code).toBe(64);
    expect(both.stderr).toContain('--locked and --update-lock contradict each other');
    expect(lockedEtag()).toBe('"e-A"');
    expect([state.info, state.invokes]).toEqual([before.info, before.invokes]);
  });

  it('is refused by the library too', async () => {
    const outcome = await applyRun({
      planFile: 'evalc.yaml',
      cwd: dir,
      env: {},
      signal: new AbortController().signal,
      progress: createProgress('plain', () => undefined),
      locked: true,
      updateLock: true,
    });
    expect(outcome.status === 'refused' && outcome.message).toMatch(/^--locked and --update-lock contradict/);
    expect(lockedEtag()).toBe('"e-A"');
  });

  it('leaves each flag alone working: --locked keeps the ETag, --update-lock then pins the new one', async () => {
    expect((await runCommand(applyCommand, ['evalc.yaml', '--locked', '--quiet'], { cwd: dir })).code).toBe(
      0,
    );
    expect(lockedEtag()).toBe('"e-A"');
    expect(
      (await runCommand(applyCommand, ['evalc.yaml', '--update-lock', '--quiet'], { cwd: dir })).code,
    ).toBe(0);
    expect(lockedEtag()).toBe('"e-B"');
  });
});
