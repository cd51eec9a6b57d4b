/**
 * QA51: the plan's JSON Schema typed durations as "a string or a number" and nothing more, so an
 * editor accepted `timeout: 15 seconds` and `timeout: 0`, which `evalc validate` refuses. The schema
 * now carries the form parseDuration reads (`pattern`) and the bound (`exclusiveMinimum: 0`).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { parseDuration } from '../../src/plan/duration.js';
import { REPO_ROOT } from './run-cli.js';

const schema = JSON.parse(readFileSync(path.join(REPO_ROOT, 'schemas/evalc.schema.json'), 'utf8'));
const validate = new Ajv2020({ strict: false }).compile(schema);

const planWith = (timeout: unknown) => ({
  evalc: 1,
  benchmark: { id: 'b' },
  agents: { a1: { protocol: 'raip', url: 'http://127.0.0.1:7101', limits: { timeout } } },
});

describe('durations in the plan JSON Schema (QA51)', () => {
  it('accepts what evalc reads as a duration and refuses what it refuses', () => {
    for (const value of ['30s', '1500ms', '2m', '1h', ' 2 m ', '0.5s', 30, 0.25]) {
      expect(validate(planWith(value)), String(value)).toBe(true);
      expect(parseDuration(value), String(value)).toBeGreaterThan(0);
    }
    for (const value of ['15 seconds', '30', 's', '-1s', '1d', 0, -5]) {
      expect(validate(planWith(value)), String(value)).toBe(false);
      expect((parseDuration(value) ?? 0) > 0, String(value)).toBe(false);
    }
  });
});

describe('a dataset is source: or examples: in the plan JSON Schema (QA51)', () => {
  const planWith = (dataset: Record<string, unknown>) => ({
    evalc: 1,
    benchmark: { id: 'b' },
    tasks: { t: { bindings: { default: { input: { q: '{{q}}' } } }, datasets: { d: dataset } } },
  });
  it('refuses both and neither, as validate does', () => {
    expect(validate(planWith({ source: 'd.jsonl' }))).toBe(true);
    expect(validate(planWith({ examples: [{ id: 'e1', vars: {} }] }))).toBe(true);
    expect(validate(planWith({ source: 'd.jsonl', examples: [{ id: 'e1', vars: {} }] }))).toBe(false);
    expect(validate(planWith({ weight: 2 }))).toBe(false);
  });
});
