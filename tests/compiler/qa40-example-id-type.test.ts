/**
 * QA40: an example whose id is neither a string nor a number (`true`, `null`, a list) was refused
 * with zod's bare "Invalid input"; the message now says what an id may be and what it got.
 */
import { describe, expect, it } from 'vitest';
import { loadDatasetPlan } from './plan-helpers.js';

describe('an example id of the wrong type (QA40)', () => {
  it('says an id is a string or a number, naming what it got, at its line', async () => {
    const r = await loadDatasetPlan('d.jsonl', {
      'd.jsonl':
        '{"id":"ok","vars":{"q":"x"}}\n{"id":true,"vars":{}}\n{"id":null,"vars":{}}\n{"id":["a"],"vars":{}}\n',
    });
    expect(r.diagnostics.map((d) => `${d.source?.line} ${d.code} ${d.message}`)).toEqual([
      '2 EVALC_EXAMPLE_INVALID invalid example (id): an id is a string or a number, not a boolean',
      '3 EVALC_EXAMPLE_INVALID invalid example (id): an id is a string or a number, not null',
      '4 EVALC_EXAMPLE_INVALID invalid example (id): an id is a string or a number, not a list',
    ]);
  });

  it("an id out of a number's range is said as such, not 'not a number' (QA59)", async () => {
    const r = await loadDatasetPlan('d.jsonl', {
      'd.jsonl': '{"id":1e400,"vars":{}}\n{"id":-1e999,"vars":{}}\n',
    });
    expect(r.diagnostics.map((d) => `${d.source?.line} ${d.code} ${d.message}`)).toEqual([
      "1 EVALC_EXAMPLE_INVALID invalid example (id): an id is a string or a number, not a number beyond a double's range (it reads as Infinity): quote it",
      "2 EVALC_EXAMPLE_INVALID invalid example (id): an id is a string or a number, not a number beyond a double's range (it reads as -Infinity): quote it",
    ]);
  });

  it("YAML's .nan is said as NaN, not as a number beyond a double's range (QA162)", async () => {
    const r = await loadDatasetPlan('d.yaml', { 'd.yaml': '- { id: .nan, vars: {} }\n' });
    expect(r.diagnostics.map((d) => `${d.source?.line} ${d.code} ${d.message}`)).toEqual([
      "1 EVALC_EXAMPLE_INVALID invalid example (id): an id is a string or a number, not NaN (YAML's .nan, not a number): quote it",
    ]);
  });

  it("YAML's .inf is named as such (QA167)", async () => {
    const r = await loadDatasetPlan('d.yaml', {
      'd.yaml': '- { id: .inf, vars: {} }\n- { id: -.inf, vars: {} }\n',
    });
    expect(r.diagnostics.map((d) => `${d.source?.line} ${d.code} ${d.message}`)).toEqual([
      "1 EVALC_EXAMPLE_INVALID invalid example (id): an id is a string or a number, not a number beyond a double's range or YAML's .inf (it reads as Infinity): quote it",
      "2 EVALC_EXAMPLE_INVALID invalid example (id): an id is a string or a number, not a number beyond a double's range or YAML's -.inf (it reads as -Infinity): quote it",
    ]);
  });
});
