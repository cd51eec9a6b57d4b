/**
 * QA35: an example id holding half a surrogate pair (`"id":"\ud800"` in JSONL, JSON, YAML or
 * CSV) passed validate, then apply stopped with "internal error: Lone surrogate is not allowed"
 * (RFC 8785 refuses it when building the RAIP request carrying `context.exampleId`) and a
 * "cannot write the cache (EBADF)". Validate now refuses the id at its line, like a control char.
 */
import { describe, expect, it } from 'vitest';
import { loadDatasetPlan } from './plan-helpers.js';

const good = '{"id":"ok 😀","vars":{"q":"a"},"expected":{"answer":"a"}}';

describe('an example id with a lone surrogate', () => {
  it.each([
    ['d.jsonl', `${good}\n{"id":"x\\ud800","vars":{"q":"b"},"expected":{"answer":"b"}}\n`, 2],
    ['d.json', `[\n${good},\n{"id":"\\udc00y","vars":{"q":"b"}}\n]\n`, 3],
    ['d.yaml', '- { id: "ok", vars: { q: a } }\n- { id: "z\\ud83d", vars: { q: b } }\n', 2],
  ])('is refused in %s with its line', async (file, text, line) => {
    const result = await loadDatasetPlan(file, { [file]: text });
    const errors = result.diagnostics.filter((d) => d.code === 'EVALC_EXAMPLE_INVALID');
    expect(errors).toHaveLength(1);
    expect(errors[0]?.message).toMatch(
      /the id holds a lone surrogate \(U\+D[89A-F][0-9A-F]{2}\): not Unicode text/,
    );
    expect(errors[0]?.source).toMatchObject({ file, line });
  });

  it('accepts a well-formed pair (an emoji) in an id', async () => {
    const result = await loadDatasetPlan('d.jsonl', { 'd.jsonl': `${good}\n` });
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  });
});
