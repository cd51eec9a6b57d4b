/**
 * RAIP conformance cases that need the caller around the adapter (shared/protocols/raip.md
 * 4.3): the lockfile pins of R1, the 304 reuse of R2, the drift stop of R3 and the
 * extraction failure of R7 — `applyRun` in process against the fixture agent on 127.0.0.1.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type ApplyOutcome, applyRun, createProgress } from '../../src/index.js';
import { canonicalJson, sha256Hex } from '../../src/protocols/canonical-json.js';
import { COURSE_SCHEMA, type RaipAgent, startRaipAgent } from '../fixtures/raip-agent.js';
import { applyInProcess } from './apply-in-process.js';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const EXAMPLES = [
  { id: 's1', vars: { query: 'intro ML' }, expected: { codes: ['CS229', 'CS230'] } },
  { id: 's2', vars: { query: 'nothing' }, expected: { codes: ['CS229'] } },
  { id: 's3', vars: { query: 'deep learning' }, expected: { codes: ['CS230'] } },
];

async function workspace(
  etag = '"v1"',
  delayMs = 0,
  trace = false,
  instructions?: string,
): Promise<{ dir: string; agent: RaipAgent }> {
  const agent = await startRaipAgent({ etag, delayMs });
  const dir = mkdtempSync(path.join(os.tmpdir(), 'evalc-raip-apply-'));
  cleanups.push(
    () => rmSync(dir, { recursive: true, force: true }),
    () => agent.close(),
  );
  writeFileSync(path.join(dir, 'd1.jsonl'), `${EXAMPLES.map((e) => JSON.stringify(e)).join('\n')}\n`);
  const plan = {
    evalc: 1,
    benchmark: { id: 'raip-cases', version: '1.0.0' },
    agents: { a1: { protocol: 'raip', url: agent.url, limits: { timeout: '2s', retries: 0 } } },
    tasks: {
      t1: {
        ...(instructions === undefined ? {} : { instructions }),
        bindings: {
          default: {
            input: { query: '{{query}}' },
            output: { answer: 'output.answer', codes: 'output.courses[].code' },
          },
        },
        datasets: { d1: { source: 'd1.jsonl' } },
        metrics: [
          { type: 'exact_match', candidate: 'codes', expected: 'codes', mode: 'set' },
          { type: 'time_to_success' },
        ],
      },
    },
    run: { repeats: 1, seed: 7, preflight: 0, bootstrap: 100, trace },
  };
  writeFileSync(path.join(dir, 'evalc.yaml'), `${JSON.stringify(plan, null, 2)}\n`);
  return { dir, agent };
}

const apply = applyInProcess;

function done(outcome: ApplyOutcome): Extract<ApplyOutcome, { status: 'done' }> {
  if (outcome.status !== 'done') throw new Error(`apply ${outcome.status}: ${JSON.stringify(outcome)}`);
  return outcome;
}

const invokes = (agent: RaipAgent): number => agent.requests.filter((r) => r.path === '/invoke').length;
const infos = (agent: RaipAgent) => agent.requests.filter((r) => r.path === '/info');

describe('raip cases around the adapter (apply in process)', () => {
  it('R1: the lockfile pins the schema digest, ETag, name and version negotiated at /info', async () => {
    const { dir } = await workspace('"x"');
    const { lock } = done(await apply(dir));
    expect(lock.agents.a1).toMatchObject({
      protocol: 'raip',
      name: 'course-advisor',
      version: '1.2.0',
      etag: '"x"',
      schemaDigest: `sha256:${sha256Hex(canonicalJson(COURSE_SCHEMA))}`,
    });
  });

  it('R2: the next apply asks /info with If-None-Match and reuses the locked schema on 304', async () => {
    const { dir, agent } = await workspace('"x"');
    const first = done(await apply(dir));
    const before = infos(agent).length;
    const second = done(await apply(dir));
    const asked = infos(agent).slice(before);
    expect(asked).toHaveLength(1);
    expect(asked[0]?.headers['if-none-match']).toBe('"x"');
    expect(second.lock.agents.a1).toEqual(first.lock.agents.a1);
  });

  it('says on stderr which input-schema formats evalc cannot check (pydantic v1 `path`), once per apply', async () => {
    const { dir, agent } = await workspace();
    agent.options.inputSchema = {
      ...COURSE_SCHEMA,
      properties: { query: { type: 'string', minLength: 1, format: 'path' }, limit: { type: 'integer' } },
    };
    const lines: string[] = [];
    const outcome = await applyRun({
      planFile: 'evalc.yaml',
      cwd: dir,
      env: {},
      signal: new AbortController().signal,
      progress: createProgress('plain', (text) => lines.push(text)),
    });
    expect(outcome.status).toBe('done');
    const said = lines
      .join('')
      .split('\n')
      .filter((l) => l.includes('does not know'));
    expect(said).toEqual([
      'evalc: warning: agent a1: inputSchema names format "path" that evalc does not know: not checked before sending',
    ]);
  });

  it('R3: a schema reordered only (a `required` built from a set) is drift too, and the message says so', async () => {
    const { dir, agent } = await workspace();
    // `limit` optional both times: the examples fit; only the order of `type` and `required` moves.
    const schema = (required: string[], type: string[]) => ({
      ...COURSE_SCHEMA,
      required,
      properties: { query: { type, minLength: 1 }, limit: { type: 'integer', minimum: 1 } },
    });
    agent.options.inputSchema = schema(['query'], ['string', 'null']);
    done(await apply(dir));
    agent.options.inputSchema = schema(['query'], ['null', 'string']);
    agent.options.etag = '"v2"';
    const refused = await apply(dir);
    expect(refused.status).toBe('refused');
    if (refused.status !== 'refused') return;
    expect(refused.message).toMatch(/input schema drifted since evalc\.lock/);
    expect(refused.message).toMatch(/differ only in the order of `properties\.query\.type`/);
    // A real change says nothing about order.
    agent.options.inputSchema = schema(['query', 'limit'], ['string', 'null']);
    const changed = await apply(dir);
    expect(changed.status).toBe('refused');
    expect(changed.status === 'refused' && changed.message).not.toMatch(/differ only in the order/);
  });

  it('R3: a schema whose digest differs from the locked one stops the run before any /invoke', async () => {
    const { dir, agent } = await workspace();
    const first = done(await apply(dir));
    agent.options.inputSchema = { ...COURSE_SCHEMA, required: ['query', 'limit'] };
    agent.options.etag = '"v2"';
    const sent = invokes(agent);
    const refused = await apply(dir);
    expect(refused.status).toBe('refused');
    if (refused.status === 'refused')
      expect(refused.message).toMatch(/input schema drifted since evalc\.lock/);
    expect(invokes(agent)).toBe(sent);
    // Re-locking accepts the new schema; its inputs now miss `limit`, so nothing is sent either:
    // with `preflight: 0` there is no preflight sample to stop the run (R5), each example records
    // the local misfit as contract_error, not sent.
    const relocked = done(await apply(dir, { updateLock: true }));
    expect(invokes(agent)).toBe(sent);
    expect(relocked.lock.results.map((r) => r.errors)).toEqual(EXAMPLES.map(() => ['contract_error']));
    expect(relocked.summary.unevaluated).toEqual(['a1']);
    expect(first.lock.agents.a1?.schemaDigest).toBeDefined();
  });

  it('R3: after --update-lock the new digest is pinned and the agent is invoked again', async () => {
    const { dir, agent } = await workspace();
    const first = done(await apply(dir));
    agent.options.inputSchema = { ...COURSE_SCHEMA, properties: { ...COURSE_SCHEMA.properties, tag: {} } };
    agent.options.etag = '"v2"';
    const sent = invokes(agent);
    expect((await apply(dir)).status).toBe('refused');
    const relocked = done(await apply(dir, { updateLock: true }));
    expect(relocked.lock.agents.a1?.schemaDigest).not.toBe(first.lock.agents.a1?.schemaDigest);
    expect(invokes(agent) - sent).toBe(EXAMPLES.length);
  });

  it('R7: an output where the JMESPath yields nothing is extraction_failed for that example; the others are scored', async () => {
    const { dir, agent } = await workspace();
    const { lock, summary } = done(await apply(dir));
    expect(invokes(agent)).toBe(3);
    const byId = Object.fromEntries(lock.results.map((r) => [r.example, r]));
    expect(byId.s2?.errors).toEqual(['extraction_failed']);
    expect(byId.s2?.pass).toBe(false);
    expect(byId.s2?.metrics.exact_match).toMatchObject({ score: 0, pass: false });
    // The other examples were extracted and scored: s1 matches, s3 expects one code of two.
    expect(byId.s1?.errors).toBeUndefined();
    expect(byId.s1?.metrics.exact_match).toMatchObject({ score: 1, pass: true });
    expect(byId.s3?.errors).toBeUndefined();
    expect(byId.s3?.metrics.exact_match).toMatchObject({ score: 0, pass: false });
    expect(summary.errorKinds).toEqual({ extraction_failed: 1 });
  });

  it('R6: time to success is measured client-side around the /invoke round trip', async () => {
    const { dir } = await workspace('"v1"', 150);
    const { lock } = done(await apply(dir));
    // Every reply waits 150 ms in the agent: the durations evalc measured include that wait.
    const timing = lock.volatile['a1/t1/d1'];
    expect(timing?.durationMsMean).toBeGreaterThanOrEqual(150);
    expect(timing?.durationMsMean).toBeLessThan(2000);
    const s1 = lock.results.find((r) => r.example === 's1');
    expect(s1?.metrics.time_to_success).toMatchObject({ score: 1, pass: true });
    const s2 = lock.results.find((r) => r.example === 's2');
    expect(s2?.metrics.time_to_success).toMatchObject({ score: 0, pass: false });
  });

  /** Every file apply left in the workspace (lockfile, cache, logs, reports), as one text. */
  function storedText(dir: string): string {
    return readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => readFileSync(path.join(e.parentPath, e.name), 'utf8'))
      .join('\n');
  }

  it('R12: with trace off, no stored artifact holds the raw provider payload', async () => {
    const { dir, agent } = await workspace();
    done(await apply(dir));
    expect(agent.requests.find((r) => r.path === '/invoke')?.query).toBe('');
    expect(storedText(dir)).toContain('Courses for intro ML');
    expect(storedText(dir)).not.toContain('raw provider payload');
  });

  it('R13: with run.trace on, the raw payload is asked for and persisted', async () => {
    const { dir, agent } = await workspace('"v1"', 0, true);
    done(await apply(dir));
    expect(agent.requests.find((r) => r.path === '/invoke')?.query).toBe('?trace=true');
    expect(storedText(dir)).toContain('raw provider payload');
  });

  it('R14: two runs of the same plan send byte-identical /invoke bodies', async () => {
    const { dir, agent } = await workspace();
    done(await apply(dir));
    const firstRun = agent.requests.filter((r) => r.path === '/invoke').map((r) => r.body);
    done(await apply(dir, { refresh: true }));
    const secondRun = agent.requests
      .filter((r) => r.path === '/invoke')
      .map((r) => r.body)
      .slice(firstRun.length);
    expect(secondRun).toHaveLength(EXAMPLES.length);
    expect([...secondRun].sort()).toEqual([...firstRun].sort());
    const s1 = firstRun.find((b) => b.includes('"exampleId":"s1"'));
    expect(s1).toMatch(
      /^\{"context":\{"attempt":0,"datasetId":"d1","exampleId":"s1","runId":"[0-9a-f]{16}","taskId":"t1","trace":false\},"input":\{"query":"intro ML"\}\}$/,
    );
  });

  it("sends the task's instructions in the context (a plan-defined key), sorted in place", async () => {
    const { dir, agent } = await workspace('"v1"', 0, false, 'Find courses that match the request.');
    done(await apply(dir));
    const s1 = agent.requests.find((r) => r.path === '/invoke' && r.body.includes('"exampleId":"s1"'))?.body;
    expect(s1).toMatch(
      /^\{"context":\{"attempt":0,"datasetId":"d1","exampleId":"s1","instructions":"Find courses that match the request\.","runId":"[0-9a-f]{16}","taskId":"t1","trace":false\},"input":\{"query":"intro ML"\}\}$/,
    );
  });
});
