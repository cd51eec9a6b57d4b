/**
 * RAIP conformance (shared/protocols/raip.md §4.3) through the real CLI (`dist/evalc.mjs apply`,
 * a child process) against an agent written from the paper alone
 * (tests/fixtures/qa4-raip-seed-agent.mjs). Expected values come from the paper and raip.md, not
 * from evalc's output: the schema digest is SHA-256 over the JCS form written out by hand.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, runCli, tempWorkspace } from '../e2e/apply-harness.js';
import {
  QA4_SCHEMA_DIGEST,
  QA4_SCHEMA_V2,
  type Qa4RaipAgent,
  RAW_MARKER,
  startQa4RaipAgent,
} from '../fixtures/qa4-raip-seed-agent.mjs';

const SECRET = 'qa4-raip-token-5f1c9e';

interface Repeat {
  error?: { kind: string; message: string; details?: { ajvErrors?: unknown[] } } | null;
}
interface ReportExample {
  example: string;
  pass: boolean;
  repeats: Repeat[];
}

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});
beforeAll(() => assertBuilt());

async function workspace(
  queries: string[],
  options: { trace?: boolean } = {},
): Promise<{ dir: string; agent: Qa4RaipAgent }> {
  const agent = await startQa4RaipAgent();
  const { dir, cleanup } = tempWorkspace('qa4-raip');
  cleanups.push(() => agent.close(), cleanup);
  const examples = queries.map((q) => ({
    id: q === '' ? 'empty' : q,
    vars: { q },
    expected: { answer: `A:${q}` },
  }));
  writeFileSync(path.join(dir, 'd.jsonl'), `${examples.map((e) => JSON.stringify(e)).join('\n')}\n`);
  const plan = {
    evalc: 1,
    benchmark: { id: 'qa4-raip', version: '1.0.0' },
    agents: {
      a1: {
        protocol: 'raip',
        url: agent.url,
        headers: { authorization: 'Bearer ${env.QA4_RAIP_TOKEN}' },
        limits: { retries: 1, timeout: '5s' },
      },
    },
    tasks: {
      search: {
        instructions: 'Find courses.',
        bindings: { default: { input: { query: '{{q}}' }, output: { answer: 'output.answer' } } },
        datasets: { d: { source: 'd.jsonl' } },
        metrics: [{ type: 'exact_match', candidate: 'answer', expected: 'answer' }],
      },
    },
    run: { repeats: 1, seed: 7, concurrency: 1, ...(options.trace ? { trace: true } : {}) },
  };
  writeFileSync(path.join(dir, 'evalc.yaml'), JSON.stringify(plan, null, 2));
  return { dir, agent };
}

const apply = (dir: string) =>
  runCli(['apply', 'evalc.yaml', '--quiet'], {
    cwd: dir,
    env: { QA4_RAIP_TOKEN: SECRET },
    timeoutMs: 30_000,
  });

function reportExamples(dir: string): Map<string, ReportExample> {
  const report = JSON.parse(readFileSync(path.join(dir, '.evalc/reports/report.json'), 'utf8')) as {
    examples: ReportExample[];
  };
  return new Map(report.examples.map((e) => [e.example, e]));
}

function errorOf(examples: Map<string, ReportExample>, id: string) {
  return examples.get(id)?.repeats[0]?.error ?? undefined;
}

/** Every file evalc wrote in the workspace (lock, cache, logs, reports), as text. */
function writtenFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (at: string) => {
    for (const name of readdirSync(at)) {
      const full = path.join(at, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (!full.endsWith('.jsonl') && !full.endsWith('evalc.yaml')) out.push(readFileSync(full, 'utf8'));
    }
  };
  walk(dir);
  return out;
}

describe('raip through evalc apply, against an agent written from the paper', () => {
  it('R1/R6/R8–R12: pins the JCS digest, maps 400/422/429/500 as raip.md says and stores no raw payload', async () => {
    const { dir, agent } = await workspace(['intro', 'e400', 'e422', 'e429', 'e500']);
    await apply(dir);

    // R1: the lock pins the digest of the JCS form (computed by hand in the fixture), ETag, version.
    const lock = JSON.parse(readFileSync(path.join(dir, 'evalc.lock'), 'utf8'));
    expect(lock.agents.a1).toMatchObject({
      schemaDigest: QA4_SCHEMA_DIGEST,
      etag: '"qa4-v1"',
      name: 'qa4-raip',
      version: '1.2.3',
    });

    // R6: POST /invoke {input, context} with the documented context keys; headers reach the agent.
    const [first] = agent.invokes('intro');
    expect(first?.headers.authorization).toBe(`Bearer ${SECRET}`);
    const body = JSON.parse(first?.body ?? '{}');
    expect(body.input).toEqual({ query: 'intro' });
    expect(body.context).toMatchObject({ exampleId: 'intro', datasetId: 'd', attempt: 0, trace: false });
    expect(typeof body.context.runId).toBe('string');
    const examples = reportExamples(dir);
    expect(examples.get('intro')?.pass).toBe(true);

    // R8: 400 + ajvErrors → contract_error, not retried, and the agent's errors are readable in the report.
    expect(agent.invokes('e400')).toHaveLength(1);
    expect(errorOf(examples, 'e400')?.kind).toBe('contract_error');
    expect(errorOf(examples, 'e400')?.message).toContain('/query must match pattern "^[A-Z]"');
    // …and report.json keeps the whole list (the repeat's error details), as the agent sent it.
    expect(errorOf(examples, 'e400')?.details?.ajvErrors).toEqual([
      expect.objectContaining({
        instancePath: '/query',
        keyword: 'pattern',
        message: 'must match pattern "^[A-Z]"',
      }),
    ]);

    // R9: 422 → semantic_mismatch, not retried.
    expect(agent.invokes('e422')).toHaveLength(1);
    expect(errorOf(examples, 'e422')?.kind).toBe('semantic_mismatch');

    // R10: 429 + Retry-After: 1 → waits about a second, retries, succeeds.
    const throttled = agent.invokes('e429');
    expect(throttled).toHaveLength(2);
    expect((throttled[1]?.at ?? 0) - (throttled[0]?.at ?? 0)).toBeGreaterThanOrEqual(950);
    expect(examples.get('e429')?.pass).toBe(true);

    // R11: a persistent 500 is retried (limits.retries: 1) and then fails; evalc names the kind
    // http_500 (its one name for HTTP failures) where raip.md says transport_error.
    expect(agent.invokes('e500')).toHaveLength(2);
    expect(errorOf(examples, 'e500')?.kind).toBe('http_500');

    // R12: trace off → the raw provider payload is in no stored artifact; the secret neither.
    const files = writtenFiles(dir);
    expect(files.length).toBeGreaterThan(3);
    for (const text of files) {
      expect(text).not.toContain(RAW_MARKER);
      expect(text).not.toContain(SECRET);
    }
  });

  it('R13: with run.trace the request says trace=true and the raw payload is kept', async () => {
    const { dir, agent } = await workspace(['intro'], { trace: true });
    await apply(dir);
    const [invoke] = agent.invokes('intro');
    expect(invoke?.query).toBe('?trace=true');
    expect(JSON.parse(invoke?.body ?? '{}').context.trace).toBe(true);
    expect(readFileSync(path.join(dir, '.evalc/reports/report.json'), 'utf8')).toContain(RAW_MARKER);
  });

  it('R5: an input that fails the published schema stops the run before any /invoke, naming the example and the Ajv error', async () => {
    const { dir, agent } = await workspace(['intro', '']);
    const result = await apply(dir);
    expect(result.code).toBe(1);
    expect(agent.requests.filter((r) => r.path === '/invoke')).toHaveLength(0);
    expect(result.stderr).toContain('empty');
    expect(result.stderr).toContain('must NOT have fewer than 1 characters');
  });

  it('R2/R3: the next apply asks /info with If-None-Match; a new schema digest stops the run before any /invoke', async () => {
    const { dir, agent } = await workspace(['intro']);
    await apply(dir);
    expect(agent.invokes('intro')).toHaveLength(1);

    await apply(dir);
    const infos = agent.requests.filter((r) => r.path === '/info');
    expect(infos.at(-1)?.headers['if-none-match']).toBe('"qa4-v1"');

    agent.publish(QA4_SCHEMA_V2, '"qa4-v2"');
    const drifted = await apply(dir);
    expect(drifted.code).toBe(1);
    expect(drifted.stderr).toMatch(/drift/i);
    expect(agent.invokes('intro')).toHaveLength(1);
  });
});
