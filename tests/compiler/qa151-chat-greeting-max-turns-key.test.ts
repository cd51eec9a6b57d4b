/**
 * QA151: since QA143 a chat greeting that uses up `maxTurns: 1` is the whole conversation; an
 * evalc before it appended `turns[0]` unanswered and cached that transcript under the same invoke
 * key, so after an upgrade `apply` reused it (messages[-1].content still read the user's line) and
 * `plan` said nothing. Such a group's key now carries a wire tag and plan names why; a group with
 * `maxTurns: 2` keeps its key (one whose messages come from a variable did too, until QA156). The
 * lock's recorded invoke key is made an old one, and the cache emptied, to stand for a lock written
 * before (as QA150's test).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { planCommand } from '../../src/cli/plan.js';
import { runCommand } from '../cli/run-cli.js';
import { startChatAgent } from '../fixtures/chat-agent.js';
import { applyInProcess } from '../protocols/apply-in-process.js';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const GREETING = '{ messages: [ { role: assistant, content: "Hello, how can I help?" } ] }';

const plan = (url: string, maxTurns: number, input: string) => `evalc: 1
benchmark: { id: qa151-greeting }
agents:
  c1: { protocol: chat, url: "${url}", maxTurns: ${maxTurns}, limits: { retries: 0 } }
tasks:
  t1:
    bindings:
      default:
        input: ${input}
        output: { answer: "messages[-1].content" }
    datasets:
      d1: { examples: [ { id: g1, vars: { greeting: [ { role: assistant, content: "Hi" } ] }, turns: [u1, u2] } ] }
    metrics: [ { type: contains, candidate: answer, value: "" } ]
run: { preflight: 0, bootstrap: 100 }
`;

async function reasonAfterOldKey(maxTurns: number, input: string): Promise<string | undefined> {
  const agent = await startChatAgent(['echo']);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'evalc-qa151-greeting-'));
  cleanups.push(
    () => rmSync(dir, { recursive: true, force: true }),
    () => agent.close(),
  );
  writeFileSync(path.join(dir, 'evalc.yaml'), plan(agent.endpoint, maxTurns, input));
  expect((await applyInProcess(dir)).status).toBe('done');
  const lockFile = path.join(dir, 'evalc.lock');
  const lock = readFileSync(lockFile, 'utf8');
  const key = /"invoke":\["(k1:[0-9a-f]{64})"\]/.exec(lock)?.[1];
  expect(key).toBeDefined();
  writeFileSync(lockFile, lock.replace(key as string, `k1:${'0'.repeat(64)}`));
  rmSync(path.join(dir, '.evalc', 'cache'), { recursive: true, force: true });
  const result = await runCommand(planCommand, ['evalc.yaml', '--json'], { cwd: dir });
  const rows = (JSON.parse(result.stdout) as { rows: { kind: string; reason: string }[] }).rows;
  return rows.find((r) => r.kind === 'invoke')?.reason;
}

describe('a chat greeting that uses up maxTurns: 1 after an upgrade (QA151)', () => {
  // The greeting from a variable is tagged too, per example (QA156: it kept the QA66 reason and key).
  it.each([GREETING, '{ messages: "{{greeting}}" }'])(
    'plan says the transcript changed since QA143 (input %s)',
    async (input) => {
      expect(await reasonAfterOldKey(1, input)).toBe(
        'because a greeting that uses up maxTurns: 1 is now the whole conversation (an earlier evalc appended turns[0] unanswered and kept that transcript)',
      );
    },
  );

  it('keeps the earlier reason with maxTurns 2', async () => {
    expect(await reasonAfterOldKey(2, GREETING)).toContain(
      'which agent c1 is never sent (an earlier evalc keyed them)',
    );
  });
});
