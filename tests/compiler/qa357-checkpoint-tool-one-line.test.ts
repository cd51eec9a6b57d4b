/**
 * QA357: EVALC_METRIC_NO_TOOL_CALLS quotes the tool checkpoints an example holds in backticks, as
 * written: a tool name holding a line feed (a dataset's checkpoints, generated) split the warning's
 * line in two in validate, plan, lint and apply (74fe55d6 cut it at 60 characters only). It is
 * spelt on one line, `\n`, as the phrases are (JSON-quoted).
 */
import { describe, expect, it } from 'vitest';
import { loadDatasetPlan } from './plan-helpers.js';

describe("an example's tool checkpoint holding a line feed", () => {
  it('is quoted on one line in EVALC_METRIC_NO_TOOL_CALLS', async () => {
    const row = {
      id: 'e1',
      vars: { q: 'hi' },
      expected: { checkpoints: ['look\nup\tnow', { phrase: 'a\nb' }] },
    };
    const result = await loadDatasetPlan('d.jsonl', { 'd.jsonl': `${JSON.stringify(row)}\n` }, [
      '{ type: progress_rate }',
    ]);
    const said = result.diagnostics
      .filter((d) => d.code === 'EVALC_METRIC_NO_TOOL_CALLS')
      .map((d) => d.message);
    expect(said).toHaveLength(1);
    expect(said[0]).not.toMatch(/[\n\t]/);
    expect(said[0]).toContain('its tool checkpoints (`look\\nup\\tnow`) from the tool calls');
    expect(said[0]).toContain('its phrase checkpoints ("a\\nb")');
  });
});
