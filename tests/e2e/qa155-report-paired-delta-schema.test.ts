/**
 * Regression (QA155, review of 85dd1a8): a diff row's `pairedDelta` (QA158: the paired examples'
 * change, beside a Δ that examples only one run has moved) is in schemas/report.schema.json, whose
 * `delta` allows no other property: the report.json of an apply `--baseline` that added an example,
 * and `evalc diff --format json` of the two locks, failed validation against the schema evalc ships.
 * Real binary, loopback RAIP agent.
 */
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Loopback, startLoopback } from '../fixtures/loopback.js';
import { assertBuilt, REPO_ROOT, runCli, tempWorkspace } from './apply-harness.js';

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => void;
let agent: Loopback;
const cleanups: Array<() => void> = [];
beforeAll(async () => {
  assertBuilt();
  agent = await startLoopback((req, res, body) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    if (req.method === 'GET') {
      res.end(JSON.stringify({ name: 'a', version: '1', inputSchema: { type: 'object' } }));
      return;
    }
    // Right for every example but e3, which the pull request adds.
    const q = (JSON.parse(body) as { input: { q: string } }).input.q;
    res.end(JSON.stringify({ output: { answer: q === 'c' ? 'wrong' : q } }));
  });
});
afterAll(async () => {
  await agent.close();
  for (const cleanup of cleanups.splice(0)) cleanup();
});

const example = (id: string, q: string) => JSON.stringify({ id, vars: { q }, expected: { answer: q } });

describe('report.json and diff JSON with a paired Δ (QA155)', () => {
  it('validate against schemas/report.schema.json, pairedDelta included', async () => {
    const { dir, cleanup } = tempWorkspace('qa155-paired-delta');
    cleanups.push(cleanup);
    writeFileSync(path.join(dir, 'd.jsonl'), `${example('e1', 'a')}\n${example('e2', 'b')}\n`);
    writeFileSync(
      path.join(dir, 'evalc.yaml'),
      [
        'evalc: 1',
        'benchmark: { id: pd, version: 1.0.0 }',
        `agents: { a1: { protocol: raip, url: "${agent.url}" } }`,
        'tasks:',
        '  t:',
        '    bindings: { default: { input: { q: "{{q}}" }, output: { answer: output.answer } } }',
        '    datasets: { d: { source: d.jsonl } }',
        '    metrics: [ { type: exact_match, candidate: answer, expected: answer } ]',
        '',
      ].join('\n'),
    );
    expect((await runCli(['apply', '--quiet'], { cwd: dir })).code).toBe(0);
    copyFileSync(path.join(dir, 'evalc.lock'), path.join(dir, 'base.lock'));
    writeFileSync(
      path.join(dir, 'd.jsonl'),
      `${example('e1', 'a')}\n${example('e2', 'b')}\n${example('e3', 'c')}\n`,
    );
    expect((await runCli(['apply', '--quiet', '--baseline', 'base.lock'], { cwd: dir })).code).toBe(0);

    const schema = JSON.parse(readFileSync(path.join(REPO_ROOT, 'schemas', 'report.schema.json'), 'utf8'));
    const ajv = new Ajv2020({ strict: true, allErrors: true });
    addFormats(ajv);
    const validate = ajv.compile(schema);
    const report = JSON.parse(readFileSync(path.join(dir, '.evalc', 'reports', 'report.json'), 'utf8'));
    // 1.000 → 0.667 over three examples, the two paired ones unchanged.
    expect(report.diff.aggregates.some((d: { pairedDelta?: number }) => d.pairedDelta === 0)).toBe(true);
    expect(validate(report), JSON.stringify(validate.errors)?.slice(0, 2000)).toBe(true);

    const diff = await runCli(['diff', 'base.lock', 'evalc.lock', '--format', 'json'], { cwd: dir });
    expect(diff.code).toBe(0);
    const validateDiff = ajv.getSchema(`${schema.$id}#/$defs/diff`);
    expect(validateDiff).toBeDefined();
    expect(
      validateDiff?.(JSON.parse(diff.stdout)),
      JSON.stringify(validateDiff?.errors)?.slice(0, 2000),
    ).toBe(true);
  }, 60_000);
});
