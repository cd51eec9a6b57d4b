/**
 * QA64: a bare `{ type: tool_call_match }` (or `checkpoints`, `progress_rate`, `checklist`) reads its
 * expected list from `expected.tool_calls` (`checkpoints`, `checklist`) unless `calls:`/`checkpoints:`/
 * `items:` gives it. A dataset holding none there validated clean and every example was a
 * metric_error ("no expected tool calls (set calls: or expected.tool_calls)"). validate now warns as
 * it does for a written `expected:` path (EVALC_REF_EXPECTED), naming the default path.
 */
import { describe, expect, it } from 'vitest';
import { diagnosticsFor } from './plan-helpers.js';

const plan = (expected: string, metric: string) => `evalc: 1
benchmark: { id: b }
agents:
  a2: { protocol: chat, url: http://127.0.0.1:7102/agent/respond }
tasks:
  t:
    bindings:
      default:
        input: { messages: [{ role: user, content: "{{q}}" }] }
        output: { answer: "messages[-1].content" }
    datasets:
      d: { examples: [ { id: e1, vars: { q: x }, expected: ${expected} } ] }
    metrics:
      - ${metric}
`;

describe('the default expected path of list-reading metrics (QA64)', () => {
  it('warns when no example has expected.tool_calls for a bare tool_call_match', async () => {
    const got = await diagnosticsFor(
      plan('{ tools: [search] }', '{ type: tool_call_match }'),
      'EVALC_REF_EXPECTED',
    );
    expect(got).toHaveLength(1);
    expect(got[0]).toMatch(
      /^14:9 `tool_call_match` reads expected\.tool_calls, which no example of dataset d has/,
    );
  });

  it('names the default of checkpoints and checklist too', async () => {
    const cp = await diagnosticsFor(
      plan('{ tools: [search] }', '{ type: checkpoints }'),
      'EVALC_REF_EXPECTED',
    );
    expect(cp[0]).toContain('reads expected.checkpoints');
  });

  it('is quiet when the examples have it, when calls: gives it, or when expected is the list itself', async () => {
    for (const [expected, metric] of [
      ['{ tool_calls: [search] }', '{ type: tool_call_match }'],
      ['{ tools: [search] }', '{ type: tool_call_match, calls: [search] }'],
      ['{ tools: [search] }', '{ type: tool_call_match, expected: tools }'],
      ['[search]', '{ type: tool_call_match }'],
    ]) {
      expect(await diagnosticsFor(plan(expected as string, metric as string), 'EVALC_REF_EXPECTED')).toEqual(
        [],
      );
    }
  });
});
