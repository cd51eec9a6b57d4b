/**
 * `.inf`, `.nan` and lone surrogates have no canonical JSON form: they are reported with their
 * position instead of crashing the content-key hashing (they used to end in an internal error).
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadPlan } from '../../src/compiler/load-plan.js';
import { findNonJsonValues } from '../../src/plan/json-values.js';
import { writeFiles } from '../compiler/plan-helpers.js';

const PLAN = (input: string, datasets: string) => `evalc: 1
benchmark: { id: nan }
agents:
  a1: { protocol: raip, url: http://127.0.0.1:7101 }
tasks:
  t:
    bindings:
      default:
        input: ${input}
        output: { a: "output" }
    datasets:
${datasets}
`;

async function diagnose(files: Record<string, string>) {
  const dir = writeFiles(files);
  const result = await loadPlan(path.join(dir, 'evalc.yaml'), {
    cwd: dir,
    offline: true,
    cacheDir: path.join(dir, 'c'),
  });
  return result;
}

describe('values without a JSON form', () => {
  it('reports .inf, .nan and a lone surrogate in the plan at their positions', async () => {
    const result = await diagnose({
      'evalc.yaml': PLAN(
        '{ q: "{{q}}", weird: .inf }',
        '      d:\n        examples:\n          - { id: x, vars: { q: "\\uD800" }, expected: .nan }',
      ),
    });
    expect(result.compiled).toBeUndefined();
    expect(result.diagnostics.map((d) => [d.code, d.source?.line, d.source?.col, d.message])).toEqual([
      ['EVALC_YAML_VALUE', 9, 37, 'not a JSON value: Infinity is not a JSON number'],
      ['EVALC_YAML_VALUE', 14, 33, 'not a JSON value: the string holds a lone UTF-16 surrogate'],
      ['EVALC_YAML_VALUE', 14, 55, 'not a JSON value: NaN is not a JSON number'],
    ]);
  });

  it('says a limit or a count of .inf once, not also "expected number, got null" (QA170)', async () => {
    const result = await diagnose({
      'evalc.yaml':
        `${PLAN('{ q: "{{q}}" }', '      d: { examples: [{ id: x, vars: { q: a } }] }')}run: { concurrency: .inf }
`.replace(
          'url: http://127.0.0.1:7101 }',
          'url: http://127.0.0.1:7101, limits: { timeout: .inf, rps: .nan } }',
        ),
    });
    expect(
      result.diagnostics.map((d) => `${d.source?.line}:${d.source?.col} ${d.message} | ${d.hint}`),
    ).toEqual([
      '4:72 not a JSON value: Infinity is not a JSON number | plans are JSON data: write a finite number, or leave the limit out for its default',
      '4:83 not a JSON value: NaN is not a JSON number | plans are JSON data: write a finite number, or leave the limit out for its default',
      '13:21 not a JSON value: Infinity is not a JSON number | plans are JSON data: write a finite number or a string',
    ]);
  });

  it('still says a misspelt key whose value is .inf (QA172)', async () => {
    // The cascade filter of QA170 took out every schema word at that path, the unknown key's too.
    const result = await diagnose({
      'evalc.yaml': PLAN('{ q: "{{q}}" }', '      d: { examples: [{ id: x, vars: { q: a } }] }').replace(
        'url: http://127.0.0.1:7101 }',
        'url: http://127.0.0.1:7101, limits: { timout: .inf } }',
      ),
    });
    expect(
      result.diagnostics.map((d) => `${d.source?.line}:${d.source?.col} ${d.message} | ${d.hint}`),
    ).toEqual([
      '4:63 unknown key `timout` in agents.a1.limits | did you mean `timeout`?',
      '4:71 not a JSON value: Infinity is not a JSON number | plans are JSON data: write a finite number, or leave the limit out for its default',
    ]);
  });

  it('reports such values in dataset files at the example line', async () => {
    const result = await diagnose({
      'evalc.yaml': PLAN('{ q: "{{q}}" }', '      y: { source: rows.yaml }\n      j: { source: rows.jsonl }'),
      'rows.yaml': '- { id: ok, vars: { q: a } }\n- { id: bad, vars: { q: b }, expected: -.inf }\n',
      'rows.jsonl': '{"id":"ok","vars":{"q":"a"}}\n{"id":"bad","vars":{"q":"\\ud800"}}\n',
    });
    expect(result.diagnostics.map((d) => [d.code, d.source?.file, d.source?.line])).toEqual([
      ['EVALC_EXAMPLE_INVALID', 'rows.jsonl', 2],
      ['EVALC_EXAMPLE_INVALID', 'rows.yaml', 2],
    ]);
    expect(result.diagnostics[1]?.message).toBe(
      'invalid example (expected): not a JSON value: -Infinity is not a JSON number',
    );
  });

  it('leaves well-formed surrogate pairs (emoji) alone', () => {
    expect(findNonJsonValues({ a: '😂', b: [1.5, -0, 'x'] })).toEqual([]);
  });

  it('replaces what it reports by null when asked', () => {
    const value = { a: [Number.NaN, 1], b: '\uDC00' };
    expect(findNonJsonValues(value, true).map((v) => v.path)).toEqual([['a', 0], ['b']]);
    expect(value).toEqual({ a: [null, 1], b: null });
  });
});
