/**
 * QA16: a CI job that runs `apply --locked` on a branch whose plan changed, or `apply --frozen`
 * on a cold cache, is refused (exit 1). The refusal said what drifted or was missing but not what
 * the developer does next; it now ends with a `hint:` line (and a `hint` field under --json).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refusalHint } from '../../src/cli/refusal-hint.js';
import { type RaipAgent, startRaipAgent } from '../fixtures/raip-agent.js';
import { removeFolder, tempFolder } from '../fixtures/temp-folder.js';
import { spawnCliAsync } from './run-cli.js';

const plan = (url: string, template: string) => `evalc: 1
benchmark: { id: qa16, version: 1.0.0 }
agents:
  a1: { protocol: raip, url: ${url} }
tasks:
  t:
    bindings:
      default:
        input: { query: "${template}" }
        output: { answer: "output.answer" }
    datasets:
      d: { examples: [ { id: e1, vars: { q: hi }, expected: { answer: hi } }, { id: e2, vars: { q: yo }, expected: { answer: yo } } ] }
    metrics:
      - { type: exact_match, candidate: answer, expected: answer }
`;

let agent: RaipAgent;
let dir: string;

beforeAll(async () => {
  agent = await startRaipAgent();
  dir = tempFolder('evalc-qa16-hints-');
  writeFileSync(path.join(dir, 'evalc.yaml'), plan(agent.url, '{{q}}'));
  const first = await spawnCliAsync(['apply', '--quiet'], { cwd: dir, env: { CI: 'true' } });
  expect(first.code, first.stderr).toBe(0);
});

afterAll(async () => {
  await agent.close();
  removeFolder(dir);
});

describe('a refused apply in CI says what to do next', () => {
  it('--locked on a branch whose plan changed: exit 1, names the drift, hints plan + apply + commit', async () => {
    const lockBefore = readFileSync(path.join(dir, 'evalc.lock'), 'utf8');
    writeFileSync(path.join(dir, 'evalc.yaml'), plan(agent.url, 'Q: {{q}}'));
    const invokes = agent.invokeCount();
    const text = await spawnCliAsync(['apply', '--locked'], { cwd: dir, env: { CI: 'true' } });
    expect(text.code).toBe(1);
    expect(text.stdout).toBe('');
    expect(text.stderr).toContain('--locked: pinned inputs changed');
    // …and which part, in plan's words.
    expect(text.stderr).toContain(
      'the plan changed since evalc.lock was written:\n    t/d[a1]: input changed (template bindings.default.input)\n',
    );
    expect(text.stderr).toMatch(
      /\nhint: evalc\.lock does not match this branch: run `evalc plan`.*commit evalc\.lock/,
    );
    const json = await spawnCliAsync(['apply', '--locked', '--json'], { cwd: dir, env: { CI: 'true' } });
    const result = JSON.parse(json.stdout.trim().split('\n').at(-1) ?? '{}') as Record<string, unknown>;
    expect(result).toMatchObject({ event: 'result', exitCode: 1, status: 'refused', reason: 'locked' });
    expect(String(result.hint)).toContain('evalc plan');
    expect(agent.invokeCount()).toBe(invokes);
    expect(readFileSync(path.join(dir, 'evalc.lock'), 'utf8')).toBe(lockBefore);
    writeFileSync(path.join(dir, 'evalc.yaml'), plan(agent.url, '{{q}}'));
  });

  it('--frozen --baseline on a cold cache with an up-to-date lock: nothing to run, the gates are judged from the lock', async () => {
    const cold = tempFolder('evalc-qa16-cold-');
    const invokes = agent.invokeCount();
    // A PR job that changed nothing the plan uses: main's lock as the baseline, no cache restored.
    writeFileSync(path.join(cold, 'main.lock'), readFileSync(path.join(dir, 'evalc.lock')));
    const r = await spawnCliAsync(
      ['apply', '--frozen', '--cache-dir', cold, '--baseline', path.join(cold, 'main.lock')],
      { cwd: dir, env: { CI: 'true' } },
    );
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('evalc.lock is up to date');
    expect(agent.invokeCount()).toBe(invokes);
  });

  it('--frozen on a cold cache with work to do: exit 1, lists what is missing, hints at restoring the cache', async () => {
    const cold = tempFolder('evalc-qa16-cold-');
    const invokes = agent.invokeCount();
    writeFileSync(path.join(cold, 'main.lock'), readFileSync(path.join(dir, 'evalc.lock')));
    writeFileSync(path.join(dir, 'evalc.yaml'), plan(agent.url, '{{q}} please'));
    try {
      const r = await spawnCliAsync(
        ['apply', '--frozen', '--cache-dir', cold, '--baseline', path.join(cold, 'main.lock')],
        { cwd: dir, env: { CI: 'true' } },
      );
      expect(r.code).toBe(1);
      expect(r.stderr).toContain('--frozen: 2 agent responses are not cached');
      expect(r.stderr).toContain('invoke/a1/t/d/e1#0');
      expect(r.stderr).toMatch(/\nhint: --frozen answers from the cache only: restore the cache/);
      const json = await spawnCliAsync(
        ['apply', '--frozen', '--json', '--cache-dir', cold, '--baseline', path.join(cold, 'main.lock')],
        { cwd: dir, env: { CI: 'true' } },
      );
      const result = JSON.parse(json.stdout.trim().split('\n').at(-1) ?? '{}') as Record<string, unknown>;
      expect(result).toMatchObject({ status: 'refused', reason: 'frozen' });
      expect(agent.invokeCount()).toBe(invokes);
    } finally {
      writeFileSync(path.join(dir, 'evalc.yaml'), plan(agent.url, '{{q}}'));
    }
  });

  it('schema drift hints at --update-lock; other refusals get no hint', () => {
    expect(
      refusalHint(
        'agent a1: input schema drifted since evalc.lock (sha256:aa… → sha256:bb…); nothing was invoked. Re-run with --update-lock',
      ),
    ).toMatch(/^if the new schema is intended, run `evalc apply --update-lock`/);
    expect(refusalHint('serve a1: the process exited with code 1 before it was ready')).toBeUndefined();
  });
});
