/**
 * QA330: a reply refused for its size said `reply exceeds 1048576 bytes` (or `reply line longer
 * than 1 MiB (evalc's limit for one reply)`) and never named the setting that lets it through,
 * `agents.<id>.limits.maxResponseBytes` (QA324's key). And `apply --frozen` after that limit was
 * raised reused the cached `response_too_large` failures without a word, where a plain apply asks
 * those examples again. Real applies against an OpenAI-compatible agent on loopback (it echoes the
 * query) and a mae local agent (a child process).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { applyCommand } from '../../src/cli/apply.js';
import { runCommand } from '../cli/run-cli.js';
import { writeMaeEchoAgent } from '../fixtures/mae-echo-agent.js';
import { startOpenaiServer } from '../fixtures/openai-server.js';
import { tempFolder } from '../fixtures/temp-folder.js';
import { applyInProcess } from '../protocols/apply-in-process.js';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const dataset = `    datasets:
      d1:
        examples:
          - { id: small, vars: { query: "hi" } }
          - { id: big, vars: { query: "${'x'.repeat(3000)}" } }
          - { id: big2, vars: { query: "${'z'.repeat(3000)}" } }
`;

const openaiPlan = (url: string, limit: number): string => `evalc: 1
benchmark: { id: qa330-reply-limit }
agents:
  o1: { protocol: openai, url: "${url}", model: small-1, limits: { retries: 0, maxResponseBytes: ${limit} } }
tasks:
  t1:
    bindings:
      default:
        input: { messages: [{ role: user, content: "{{query}}" }] }
        output: { answer: "choices[0].message.content" }
${dataset}    metrics:
      - { type: contains, candidate: answer, value: "x" }
run: { preflight: 0, bootstrap: 100 }
`;

/** The invoke error messages report.json holds, by example. */
function invokeErrors(dir: string): Record<string, string | undefined> {
  const report = JSON.parse(readFileSync(path.join(dir, '.evalc/reports/report.json'), 'utf8')) as {
    examples: { example: string; repeats: { error?: { message?: string } }[] }[];
  };
  return Object.fromEntries(report.examples.map((e) => [e.example, e.repeats[0]?.error?.message]));
}

describe("a reply over an agent's limits.maxResponseBytes (QA330)", () => {
  it('names the setting to raise, and --frozen says it reuses failures a raised limit would ask again', async () => {
    const agent = await startOpenaiServer();
    cleanups.push(() => agent.close());
    const dir = tempFolder('evalc-qa330-reply-limit-');
    const write = (limit: number) =>
      writeFileSync(path.join(dir, 'evalc.yaml'), openaiPlan(agent.baseUrl, limit));
    write(1024);
    expect((await applyInProcess(dir)).status).toBe('done');
    const errors = invokeErrors(dir);
    expect(errors.small).toBeUndefined();
    expect(errors.big).toMatch(
      /^POST http:\/\/127\.0\.0\.1:\d+\/v1\/chat\/completions: reply exceeds 1024 bytes \(raise agents\.o1\.limits\.maxResponseBytes to read it\)$/,
    );

    // Same limit: --frozen reuses the failures and has nothing to say about them.
    const same = await runCommand(applyCommand, ['evalc.yaml', '--frozen'], { cwd: dir });
    expect(same.stderr).not.toContain('--frozen reuses');

    // Raised: --frozen still asks nothing (it never does), but says what a plain apply would ask.
    write(8192);
    const frozen = await runCommand(applyCommand, ['evalc.yaml', '--frozen'], { cwd: dir });
    expect(agent.requests).toHaveLength(3);
    expect(frozen.stderr).toContain(
      'evalc: --frozen reuses 2 replies cached as response_too_large under 1,024 bytes, where agents.o1.limits.maxResponseBytes is now 8,192 bytes: an apply without --frozen asks those examples again\n',
    );
    // …and a plain apply does ask them, after which --frozen has nothing to say.
    expect((await applyInProcess(dir)).status).toBe('done');
    expect(agent.requests).toHaveLength(5);
    const after = await runCommand(applyCommand, ['evalc.yaml', '--frozen'], { cwd: dir });
    expect(after.stderr).not.toContain('--frozen reuses');
  }, 60_000);

  it("names it in a mae local agent's reply line refusal too", async () => {
    const dir = tempFolder('evalc-qa330-reply-limit-mae-');
    writeMaeEchoAgent(dir);
    writeFileSync(
      path.join(dir, 'evalc.yaml'),
      `evalc: 1
benchmark: { id: qa330-mae-reply }
agents:
  m: { protocol: mae, transport: local, command: "node agent.mjs", limits: { retries: 0, maxResponseBytes: 1024 } }
tasks:
  t:
    bindings:
      default:
        input: { task_description: "{{query}}" }
        output: { answer: "final_answer" }
${dataset}    metrics:
      - { type: invalid_action_rate }
`,
    );
    expect((await applyInProcess(dir)).status).toBe('done');
    const errors = invokeErrors(dir);
    expect(errors.small).toBeUndefined();
    expect(errors.big).toMatch(
      /reply line longer than 1024 characters \(evalc's limit for one reply; raise agents\.m\.limits\.maxResponseBytes to read it\)$/,
    );
  }, 60_000);
});
