/**
 * The JSON Schemas under schemas/ are Ajv `strict`-clean (QA89): evalc.schema.json held a type list
 * for every duration (`"type": ["string", "number"]`, zod's output: strictTypes refused it) and
 * `oneOf: [{required: [source]}, {required: [examples]}]` naming properties its alternatives did not
 * define (strictRequired); lock.schema.json's agent settings a `string | number | boolean` type list;
 * report.schema.json a trajectory's `required: [role]` and `[turn, name]` without properties. A
 * consumer compiling them with `new Ajv2020({ strict: true })` got an exception. Each compiles now,
 * and still accepts a real plan, lock and report.json (an apply of the built binary against a real
 * loopback agent, the committed pipeline and fixtures) and refuses what it refused.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import {
  countingExamples,
  REPO_ROOT,
  runCli,
  useCountingAgent,
  writeDataset,
  writePlan,
} from './apply-harness.js';

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => void;

function strictValidator(name: string): ValidateFunction {
  const schema = JSON.parse(readFileSync(path.join(REPO_ROOT, 'schemas', name), 'utf8')) as object;
  const ajv = new Ajv2020({ strict: true, allErrors: true });
  addFormats(ajv);
  return ajv.compile(schema);
}

function expectValid(validate: ValidateFunction, value: unknown, what: string): void {
  expect(validate(value), `${what}: ${JSON.stringify(validate.errors)?.slice(0, 2000)}`).toBe(true);
}

// 422 is never retried: some example × repeat runs fail, so the lock and report hold errors too.
const ctx = useCountingAgent({ faults: { seed: 5, rates: { '422': 0.3 } } });

describe('schemas/ in Ajv strict mode', () => {
  it('compiles every schema with strict: true', () => {
    const names = readdirSync(path.join(REPO_ROOT, 'schemas')).filter((f) => f.endsWith('.json'));
    expect(names.sort()).toEqual(['evalc.schema.json', 'lock.schema.json', 'report.schema.json']);
    for (const name of names) expect(() => strictValidator(name), name).not.toThrow();
  });

  it("validates an apply's plan, evalc.lock and report.json, and the committed ones", async () => {
    const plan = strictValidator('evalc.schema.json');
    const lock = strictValidator('lock.schema.json');
    const report = strictValidator('report.schema.json');
    const dir = ctx.workspace('schemas-strict');
    writeDataset(dir, 'd1.jsonl', countingExamples(6));
    writePlan(dir, {
      agentUrl: ctx.agent.url,
      limits: { retries: 0, timeout: '2500ms' },
      run: { repeats: 2, preflight: 0 },
      gates: [{ metric: 'pass_rate', min: 0.1 }],
    });
    const run = await runCli(['apply', 'evalc.yaml'], { cwd: dir, env: { ...process.env, CI: 'true' } });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/\d+ errors \(/);
    const read = (...p: string[]) => readFileSync(path.join(...p), 'utf8');
    expectValid(plan, parse(read(dir, 'evalc.yaml')), 'plan');
    expectValid(lock, JSON.parse(read(dir, 'evalc.lock')), 'evalc.lock');
    expectValid(report, JSON.parse(read(dir, '.evalc/reports/report.json')), 'report.json');

    const course = path.join(REPO_ROOT, 'pipelines/course-advisor');
    expectValid(plan, parse(read(course, 'evalc.yaml')), 'course-advisor plan');
    expectValid(plan, parse(read(REPO_ROOT, 'tests/fixtures/plans/basic/evalc.yaml')), 'basic plan');
    expectValid(lock, JSON.parse(read(course, 'evalc.lock')), 'course-advisor lock');
    const locks = path.join(REPO_ROOT, 'tests/fixtures/locks');
    for (const f of readdirSync(locks).filter((n) => n.endsWith('.lock')))
      expectValid(lock, JSON.parse(read(locks, f)), f);
    expectValid(
      report,
      JSON.parse(read(REPO_ROOT, 'tests/reports/golden/report.json.golden')),
      'golden report.json',
    );
  });

  it('accepts and refuses what the type lists and the bare required lists did', () => {
    const plan = strictValidator('evalc.schema.json');
    const withAgent = (limits: unknown, datasets: unknown = { d: { source: 'd.jsonl' } }) => ({
      agents: { a: { protocol: 'raip', url: 'http://127.0.0.1:9', limits } },
      tasks: { t: { bindings: { default: { input: { q: '{{q}}' } } }, datasets } },
    });
    for (const timeout of ['30s', ' 1500ms ', 15, 0.5])
      expect(plan(withAgent({ timeout })), String(timeout)).toBe(true);
    for (const timeout of ['15 seconds', 0, -1, true, null])
      expect(plan(withAgent({ timeout })), String(timeout)).toBe(false);
    expect(plan(withAgent({}, { d: { examples: [] } }))).toBe(true);
    expect(plan(withAgent({}, { d: { source: 'd.jsonl', examples: [] } }))).toBe(false);
    expect(plan(withAgent({}, { d: { weight: 1 } }))).toBe(false);

    const lock = strictValidator('lock.schema.json');
    const base = JSON.parse(
      readFileSync(path.join(REPO_ROOT, 'tests/fixtures/locks/course-advisor.lock'), 'utf8'),
    );
    const agentId = Object.keys(base.agents)[0] as string;
    const withSettings = (settings: unknown) => ({
      ...base,
      agents: { ...base.agents, [agentId]: { ...base.agents[agentId], settings } },
    });
    expect(lock(withSettings({ profile: 'agentv', maxTurns: 4, relay: false }))).toBe(true);
    expect(lock(withSettings({ profile: { nested: 1 } }))).toBe(false);
    expect(lock(withSettings({ profile: null }))).toBe(false);
  });
});
