/**
 * `apply --frozen` after an evalc upgrade: the lock was written by another evalc version, whose
 * step keys may differ, so the restored cache (which the earlier evalc wrote) holds the steps
 * under other keys. The refusal's hint said "restore the cache" — the cache the developer had just
 * restored (QA81). When evalc.lock names another evalc version, the hint names that cause and what
 * to do; with a lock of this version it still says to restore the cache. And when the missing
 * steps are the ones that failed in the run that wrote evalc.lock (HTTP 500: a transient failure is
 * never cached, so no cache holds them), it says that, not "restore the cache".
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVALC_VERSION } from '../../src/version.js';
import { type RaipAgent, startRaipAgent } from '../fixtures/raip-agent.js';
import { removeFolder, tempFolder } from '../fixtures/temp-folder.js';
import { spawnCliAsync } from './run-cli.js';

const plan = (url: string, template: string) => `evalc: 1
benchmark: { id: qa81, version: 1.0.0 }
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
let oldCache: string;
/** The lock the earlier run wrote: its steps under that run's keys, as an earlier evalc's lock records them. */
let earlierLock: string;
const env = { CI: 'true' };

beforeAll(async () => {
  agent = await startRaipAgent();
  dir = tempFolder('evalc-qa81-frozen-');
  oldCache = tempFolder('evalc-qa81-old-cache-');
  // The cache CI restores: full of this plan's steps, under keys that are not this evalc's
  // (made here by another input template, as an earlier evalc's keys would be).
  writeFileSync(path.join(dir, 'evalc.yaml'), plan(agent.url, 'Q: {{q}}'));
  const earlier = await spawnCliAsync(['apply', '--quiet', '--cache-dir', oldCache], { cwd: dir, env });
  expect(earlier.code, earlier.stderr).toBe(0);
  earlierLock = readFileSync(path.join(dir, 'evalc.lock'), 'utf8');
  writeFileSync(path.join(dir, 'evalc.yaml'), plan(agent.url, '{{q}}'));
  const first = await spawnCliAsync(['apply', '--quiet'], { cwd: dir, env });
  expect(first.code, first.stderr).toBe(0);
});

afterAll(async () => {
  await agent.close();
  removeFolder(dir);
  removeFolder(oldCache);
});

const lockFile = () => path.join(dir, 'evalc.lock');

describe('apply --frozen refused after an evalc upgrade', () => {
  it('names the evalc version that wrote evalc.lock, not a cache to restore', async () => {
    const lock = readFileSync(lockFile(), 'utf8');
    expect(earlierLock).toContain(`"evalc": "${EVALC_VERSION}"`);
    // The earlier evalc's lock records its own keys, which this evalc's differ from (QA83: a lock
    // recording this evalc's keys says the earlier cache holds them: see the next test).
    writeFileSync(lockFile(), earlierLock.replace(`"evalc": "${EVALC_VERSION}"`, '"evalc": "0.0.9"'));
    const invokes = agent.invokeCount();
    const text = await spawnCliAsync(['apply', '--frozen', '--cache-dir', oldCache], { cwd: dir, env });
    expect(text.code).toBe(1);
    expect(text.stderr).toContain('--frozen: 2 agent responses are not cached');
    const hint = `evalc.lock was written by evalc 0.0.9 and this is evalc ${EVALC_VERSION}, whose step keys may differ`;
    expect(text.stderr).toContain(`\nhint: ${hint}`);
    // The run offered keeps the --cache-dir given, the cache --frozen reads (QA245).
    expect(text.stderr).toContain(
      `Run \`evalc apply --cache-dir ${oldCache}\` once without --frozen with this evalc, commit evalc.lock`,
    );
    expect(text.stderr).not.toContain('restore the cache');
    const json = await spawnCliAsync(['apply', '--frozen', '--cache-dir', oldCache, '--json'], {
      cwd: dir,
      env,
    });
    const result = JSON.parse(json.stdout.trim().split('\n').at(-1) ?? '{}') as Record<string, unknown>;
    expect(result).toMatchObject({ status: 'refused', reason: 'frozen' });
    expect(String(result.hint)).toContain(hint);
    expect(agent.invokeCount()).toBe(invokes);
    writeFileSync(lockFile(), lock);
  });

  it('with a lock of another evalc that records the same keys, says to restore the cache (QA83)', async () => {
    // Keys hold each step's code version, not evalc's: most upgrades keep them, so the earlier
    // evalc's cache answers every step. A CI job that did not restore it was told that cache "does
    // not answer them" and to run every example again.
    const lock = readFileSync(lockFile(), 'utf8');
    writeFileSync(lockFile(), lock.replace(`"evalc": "${EVALC_VERSION}"`, '"evalc": "0.0.9"'));
    const empty = tempFolder('evalc-qa83-no-cache-');
    const text = await spawnCliAsync(['apply', '--frozen', '--cache-dir', empty], { cwd: dir, env });
    writeFileSync(lockFile(), lock);
    expect(text.code).toBe(1);
    expect(text.stderr).toContain('--frozen: 2 agent responses are not cached');
    expect(text.stderr).toContain('\nhint: --frozen answers from the cache only: restore the cache');
    expect(text.stderr).not.toContain('was written by evalc');
  });

  it('with a lock of this evalc still says to restore the cache', async () => {
    // A branch with work (its template changed) that the restored cache does not hold.
    writeFileSync(path.join(dir, 'evalc.yaml'), plan(agent.url, 'A: {{q}}'));
    const text = await spawnCliAsync(['apply', '--frozen', '--cache-dir', oldCache], { cwd: dir, env });
    writeFileSync(path.join(dir, 'evalc.yaml'), plan(agent.url, '{{q}}'));
    expect(text.code).toBe(1);
    expect(text.stderr).toContain('\nhint: --frozen answers from the cache only: restore the cache');
    expect(text.stderr).not.toContain('was written by evalc');
  });

  it('names the failures of the run that wrote evalc.lock when those are what is missing', async () => {
    // The first request is answered, every later one is a 500 (retries: 0): one example fails.
    const flaky = await startRaipAgent({ invoke: ['ok', 'error500'] });
    try {
      const ws = tempFolder('evalc-qa81-frozen-failed-');
      writeFileSync(
        path.join(ws, 'evalc.yaml'),
        plan(flaky.url, '{{q}}').replace(
          'a1: { protocol: raip, url: ',
          'a1: { protocol: raip, limits: { retries: 0 }, url: ',
        ),
      );
      const run = await spawnCliAsync(['apply', '--quiet'], { cwd: ws, env });
      expect(run.code, run.stderr).toBe(0);
      expect(readFileSync(path.join(ws, 'evalc.lock'), 'utf8')).toContain('"errors":["http_500"]');
      const invokes = flaky.invokeCount();
      const text = await spawnCliAsync(['apply', '--frozen'], { cwd: ws, env });
      expect(text.code).toBe(1);
      expect(text.stderr).toContain('--frozen: 1 agent response is not cached');
      expect(text.stderr).toContain(
        '\nit failed in the run that wrote evalc.lock (http_500 1): a transient failure is never cached, so no cache answers it\n',
      );
      expect(text.stderr).toContain(
        '\nhint: the steps --frozen lacks failed in the run that wrote evalc.lock, and a transient failure is never cached: run `evalc apply` without --frozen',
      );
      expect(text.stderr).not.toContain('restore the cache');
      expect(flaky.invokeCount()).toBe(invokes);
    } finally {
      await flaky.close();
    }
  });
});
