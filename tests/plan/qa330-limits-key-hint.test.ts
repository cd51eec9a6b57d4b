/**
 * QA330: an agent's `limits.maxResponseBytes` written on a judge, or a judge's
 * `limits.maxInputBytes` on an agent, was a bare "unknown key" at its line: the hint now says whose
 * key it is and what the other side has.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { validateCommand } from '../../src/cli/validate.js';
import { runCommand } from '../cli/run-cli.js';
import { tempFolder } from '../fixtures/temp-folder.js';

const plan = (agentLimits: string, judgeLimits: string) => `evalc: 1
benchmark: { id: qa330-limits-hint }
agents:
  a1: { protocol: openai, url: "http://127.0.0.1:9/v1", model: m, limits: { ${agentLimits} } }
judges:
  j1: { protocol: openai, url: "http://127.0.0.1:9/v1", model: m, limits: { ${judgeLimits} } }
tasks:
  t1:
    bindings:
      default:
        input: { messages: [{ role: user, content: "{{q}}" }] }
        output: { answer: "choices[0].message.content" }
    datasets:
      d1: { examples: [{ id: e1, vars: { q: hi } }] }
    metrics:
      - { type: judge, judge: j1, content: "{{candidate.answer}}" }
`;

describe('a size limit written on the wrong side (QA330)', () => {
  it("says maxResponseBytes is an agent's key and maxInputBytes a judge's, at file:line:col", async () => {
    const dir = tempFolder('evalc-qa330-limits-hint-');
    writeFileSync(path.join(dir, 'evalc.yaml'), plan('maxInputBytes: 4096', 'maxResponseBytes: 4096'));
    const out = await runCommand(validateCommand, ['evalc.yaml'], { cwd: dir });
    expect(out.code).not.toBe(0);
    expect(out.stderr).toMatch(
      /evalc\.yaml:4:\d+: error EVALC_SCHEMA_UNKNOWN_KEY: unknown key `maxInputBytes` in agents\.a1\.limits\n/,
    );
    expect(out.stderr).toContain(
      "hint: `maxInputBytes` is a judge's limit (judges.<id>.limits.maxInputBytes, the largest input one call may send it); an agent's is `maxResponseBytes`, the largest reply it may send\n",
    );
    expect(out.stderr).toMatch(
      /evalc\.yaml:6:\d+: error EVALC_SCHEMA_UNKNOWN_KEY: unknown key `maxResponseBytes` in judges\.j1\.limits\n/,
    );
    expect(out.stderr).toContain(
      "hint: `maxResponseBytes` is an agent's limit (agents.<id>.limits.maxResponseBytes, the largest reply it may send); a judge's reply is held to a fixed 16 MiB, and its `maxInputBytes` bounds the input one call may send it\n",
    );
    // Each on its own side is valid.
    writeFileSync(path.join(dir, 'evalc.yaml'), plan('maxResponseBytes: 4096', 'maxInputBytes: 4096'));
    expect((await runCommand(validateCommand, ['evalc.yaml'], { cwd: dir })).code).toBe(0);
  });
});
