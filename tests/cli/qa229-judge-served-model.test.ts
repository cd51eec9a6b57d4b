/**
 * QA229: an openai judge's server names the model it served (`gpt-4o` answered as the snapshot
 * `gpt-4o-2024-08-06`); evalc read it and dropped it, so evalc.lock pinned only the plan's alias
 * and a snapshot swap behind it left no trace. It is pinned as the judge's `version` when it is
 * not the plan's name, a re-apply from cache writes the same bytes, and `evalc diff` names a
 * change as the served model's. Real loopback agent and judge (tests/fixtures).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ServedModelJudge, startServedModelJudge } from '../fixtures/qa229-served-model-judge.js';
import { tempFolder } from '../fixtures/temp-folder.js';
import { spawnCliAsync } from './run-cli.js';

let server: ServedModelJudge;
beforeAll(async () => {
  server = await startServedModelJudge();
});
afterAll(async () => {
  await server.close();
});

function plan(dir: string, metrics = '- { type: judge, judge: llm, rubric: r1 }'): void {
  writeFileSync(
    path.join(dir, 'evalc.yaml'),
    `evalc: 1
benchmark: { id: qa229-served-model, version: 1.0.0 }
agents:
  a: { protocol: http, url: ${server.url}/agent, limits: { retries: 0 } }
judges:
  llm: { protocol: openai, url: ${server.url}/v1, model: gpt-4o, limits: { retries: 0 } }
rubrics:
  r1:
    dimensions:
      - { id: relevance, description: Is it relevant }
tasks:
  t:
    bindings:
      default: { input: { query: "{{q}}" }, output: { answer: answer } }
    datasets:
      d: { examples: [ { id: e1, vars: { q: hi } }, { id: e2, vars: { q: ho } } ] }
    metrics:
      ${metrics}
`,
  );
}

type Judges = Record<string, { model?: string; version?: string }>;
const judgesOf = (lock: string) => (JSON.parse(lock) as { judges: Judges }).judges;

describe('an openai judge served as a dated snapshot (QA229)', () => {
  it('pins the served model as the judge version, byte-identical from cache, and diff names it', async () => {
    const dir = tempFolder('evalc-qa229-served-');
    plan(dir);
    server.state.served = 'gpt-4o-2024-08-06';
    const first = await spawnCliAsync(['apply', '--quiet'], { cwd: dir, env: { CI: 'true' } });
    expect(first.code, first.stderr).toBe(0);
    const lockFile = path.join(dir, 'evalc.lock');
    const lock1 = readFileSync(lockFile, 'utf8');
    expect(judgesOf(lock1).llm).toMatchObject({ model: 'gpt-4o', version: 'gpt-4o-2024-08-06' });
    writeFileSync(path.join(dir, 'old.lock'), lock1);

    const calls = server.state.judgeCalls;
    const again = await spawnCliAsync(['apply', '--quiet'], { cwd: dir, env: { CI: 'true' } });
    expect(again.code, again.stderr).toBe(0);
    expect(server.state.judgeCalls).toBe(calls);
    expect(readFileSync(lockFile, 'utf8')).toBe(lock1);

    server.state.served = 'gpt-4o-2024-11-20';
    const refreshed = await spawnCliAsync(['apply', '--quiet', '--refresh'], {
      cwd: dir,
      env: { CI: 'true' },
    });
    expect(refreshed.code, refreshed.stderr).toBe(0);
    expect(judgesOf(readFileSync(lockFile, 'utf8')).llm?.version).toBe('gpt-4o-2024-11-20');
    const diff = await spawnCliAsync(['diff', 'old.lock', 'evalc.lock'], { cwd: dir, env: { CI: 'true' } });
    expect(diff.stdout).toContain('served model');
    expect(diff.stdout).toContain('gpt-4o-2024-08-06');

    // A lock an earlier evalc wrote records no served model: its addition is information only.
    const older = JSON.parse(lock1) as { judges: Judges };
    delete older.judges.llm?.version;
    writeFileSync(path.join(dir, 'older.lock'), `${JSON.stringify(older, null, 2)}\n`);
    const fromOlder = await spawnCliAsync(['diff', 'older.lock', 'evalc.lock', '--format', 'json'], {
      cwd: dir,
      env: { CI: 'true' },
    });
    const issues = (
      JSON.parse(fromOlder.stdout) as { comparability: { kind: string; severity: string; message: string }[] }
    ).comparability;
    expect(issues.filter((i) => i.kind === 'judge_version')).toEqual([
      {
        kind: 'judge_version',
        severity: 'info',
        message: 'llm: served model added (gpt-4o-2024-11-20) (the old lock records none)',
        subject: 'llm',
        old: null,
        new: 'gpt-4o-2024-11-20',
      },
    ]);
  });

  it('pins no version when the server names the model as the plan does', async () => {
    const dir = tempFolder('evalc-qa229-same-');
    plan(dir);
    server.state.served = undefined;
    const out = await spawnCliAsync(['apply', '--quiet'], { cwd: dir, env: { CI: 'true' } });
    expect(out.code, out.stderr).toBe(0);
    const judge = judgesOf(readFileSync(path.join(dir, 'evalc.lock'), 'utf8')).llm;
    expect(judge?.model).toBe('gpt-4o');
    expect(judge?.version).toBeUndefined();
  });

  // QA230: a metric's own judge_model (QA120) served as named is not a snapshot: the lock pinned
  // version 'gpt-4o | gpt-4o-mini', and diff named the metric's model a served-model change.
  it("pins no version for a metric's own judge_model served as named", async () => {
    const dir = tempFolder('evalc-qa230-judge-model-');
    plan(
      dir,
      `- { type: judge, judge: llm, rubric: r1 }
      - { type: judge, id: mini, judge: llm, rubric: r1, judge_config: { judge_model: gpt-4o-mini } }`,
    );
    server.state.served = undefined;
    const out = await spawnCliAsync(['apply', '--quiet'], { cwd: dir, env: { CI: 'true' } });
    expect(out.code, out.stderr).toBe(0);
    const judge = judgesOf(readFileSync(path.join(dir, 'evalc.lock'), 'utf8')).llm;
    expect(judge?.model).toBe('gpt-4o');
    expect(judge?.version).toBeUndefined();
  });
});
