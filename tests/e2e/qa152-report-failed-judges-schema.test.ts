/**
 * Regression (QA152): report.json's `verdict.failedJudges` (bba595b, QA48: a judge every score of
 * which failed) was never added to schemas/report.schema.json, whose `verdict` has
 * `additionalProperties: false`: the report.json of any run with a judge that scored nothing — a
 * wrong judge URL answering 404 — failed validation against the schema evalc ships beside it.
 * Real binary, a loopback RAIP agent and a loopback server that is no judge.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type Loopback, startLoopback } from '../fixtures/loopback.js';
import { assertBuilt, REPO_ROOT, runCli, tempWorkspace } from './apply-harness.js';

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => void;
let agent: Loopback;
let notAJudge: Loopback;
beforeAll(async () => {
  assertBuilt();
  agent = await startLoopback((req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    if (req.method === 'GET') {
      res.end(JSON.stringify({ name: 'a', version: '1', inputSchema: { type: 'object' } }));
      return;
    }
    res.end(JSON.stringify({ output: { answer: 'water' } }));
  });
  notAJudge = await startLoopback((_req, res) => {
    res.writeHead(404, { 'content-type': 'text/plain' });
    res.end('not found');
  });
});
afterAll(async () => {
  await agent.close();
  await notAJudge.close();
});
const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

describe('report.json of a run whose judge scored nothing (QA152)', () => {
  it('validates against schemas/report.schema.json, failedJudges included', async () => {
    const { dir, cleanup } = tempWorkspace('qa152-failed-judges');
    cleanups.push(cleanup);
    writeFileSync(
      path.join(dir, 'evalc.yaml'),
      [
        'evalc: 1',
        'benchmark: { id: fj, version: 1.0.0 }',
        `agents: { a1: { protocol: raip, url: "${agent.url}" } }`,
        `judges: { j: { protocol: openai, url: "${notAJudge.url}/v1", model: m, rubric: r, limits: { retries: 0 } } }`,
        'rubrics: { r: { dimensions: [ { id: relevance, description: "Answers the question", weight: 1 } ] } }',
        'tasks:',
        '  t:',
        '    bindings: { default: { input: { q: "{{q}}" }, output: { answer: output.answer } } }',
        '    datasets: { d: { examples: [ { id: e1, vars: { q: h2o } }, { id: e2, vars: { q: co2 } } ] } }',
        '    metrics: [ { type: judge, judge: j, content: "{{candidate.answer}}" } ]',
        '',
      ].join('\n'),
    );
    const run = await runCli(['apply', '--quiet'], { cwd: dir });
    expect(run.code).toBe(1);
    const report = JSON.parse(readFileSync(path.join(dir, '.evalc', 'reports', 'report.json'), 'utf8'));
    expect(report.verdict.failedJudges).toEqual(['j']);
    const schema = JSON.parse(readFileSync(path.join(REPO_ROOT, 'schemas', 'report.schema.json'), 'utf8'));
    const ajv = new Ajv2020({ strict: true, allErrors: true });
    addFormats(ajv);
    const validate = ajv.compile(schema);
    expect(validate(report), JSON.stringify(validate.errors)?.slice(0, 2000)).toBe(true);
  }, 60_000);
});
