/**
 * Regression (QA127, QA120's leftover): EVALC_METRIC_NO_TOOL_CALLS's hint shows a path that reads
 * the calls of the agents it names. A raip reply's document is `{output, usage}`; an http reply's
 * is its body (narrowed by `response:`), so the hint's `output.steps[].tool` read nothing for an
 * http agent (`response: "@"`, or none): it now shows `steps[].tool` there.
 */
import { describe, expect, it } from 'vitest';
import { validateCommand } from '../../src/cli/validate.js';
import type { Diagnostic } from '../../src/plan/diagnostic.js';
import { runCommand } from '../cli/run-cli.js';
import { writeFiles } from './plan-helpers.js';

async function hint(agents: string): Promise<string | undefined> {
  const plan = `evalc: 1
benchmark: { id: k, version: 1.0.0 }
agents:
${agents}
tasks:
  t:
    bindings:
      default:
        input: { q: "{{q}}" }
        output: { answer: "answer" }
    datasets:
      d: { examples: [ { id: e1, vars: { q: hi }, expected: { tool_calls: [search] } } ] }
    metrics:
      - { type: tool_call_match }
`;
  const dir = writeFiles({ 'evalc.yaml': plan }, 'evalc-qa127-');
  const result = await runCommand(validateCommand, ['evalc.yaml', '--json'], { cwd: dir });
  const diagnostics = (JSON.parse(result.stdout) as { diagnostics: Diagnostic[] }).diagnostics;
  return diagnostics.find((d) => d.code === 'EVALC_METRIC_NO_TOOL_CALLS')?.hint;
}

describe("the no-tool-calls hint's path fits the agent's reply document (QA127)", () => {
  it('an http agent is shown a path from its reply body', async () => {
    const text = await hint('  h1: { protocol: http, url: http://127.0.0.1:7102/run, response: "@" }');
    expect(text).toContain('output: { tools: "steps[].tool" }');
    // QA134: with `response:` set, paths start at what it selects, not at the body.
    expect(text).toContain("an http reply's paths start at its body, or at what its response: selects");
    expect(text).not.toContain('output.steps');
  });

  it('a raip agent keeps output.steps[].tool; both protocols are shown both', async () => {
    expect(await hint('  a1: { protocol: raip, url: http://127.0.0.1:7101 }')).toContain(
      'output: { tools: "output.steps[].tool" }',
    );
    const both = await hint(
      '  a1: { protocol: raip, url: http://127.0.0.1:7101 }\n  h1: { protocol: http, url: http://127.0.0.1:7102/run }',
    );
    expect(both).toContain('"output.steps[].tool" } for raip; "steps[].tool" for http');
  });
});
