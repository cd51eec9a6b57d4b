/**
 * QA150: an `openai` agent's streamed request is now sent `stream_options: {include_usage: true}`,
 * so its invoke key changed (the request did): a lock written before keyed it without. `plan`
 * names that change rather than "the task's instructions … (evalc before QA66)", which an openai
 * agent is never sent. The lock's recorded invoke key is made an old one, and the cache emptied, to stand for such a lock.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { planCommand } from '../../src/cli/plan.js';
import { runCommand } from '../cli/run-cli.js';
import { startOpenaiServer } from '../fixtures/openai-server.js';
import { applyInProcess } from '../protocols/apply-in-process.js';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const plan = (url: string, stream: string) => `evalc: 1
benchmark: { id: qa150-plan-reason }
agents:
  o1: { protocol: openai, url: "${url}", model: small-1, limits: { retries: 0 } }
tasks:
  t1:
    bindings:
      default:
        input: { messages: [{ role: user, content: "{{query}}" }]${stream} }
        output: { answer: "choices[0].message.content" }
    datasets: { d1: { examples: [ { id: s1, vars: { query: "intro ML" } } ] } }
    metrics: [ { type: contains, candidate: answer, value: "" } ]
run: { preflight: 0, bootstrap: 100 }
`;

async function invokeReason(dir: string): Promise<string | undefined> {
  const result = await runCommand(planCommand, ['evalc.yaml', '--json'], { cwd: dir });
  const rows = (JSON.parse(result.stdout) as { rows: { kind: string; reason: string }[] }).rows;
  return rows.find((r) => r.kind === 'invoke')?.reason;
}

async function reasonAfterOldKey(stream: string): Promise<string | undefined> {
  const agent = await startOpenaiServer();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'evalc-qa150-plan-reason-'));
  cleanups.push(
    () => rmSync(dir, { recursive: true, force: true }),
    () => agent.close(),
  );
  writeFileSync(path.join(dir, 'evalc.yaml'), plan(agent.baseUrl, stream));
  expect((await applyInProcess(dir)).status).toBe('done');
  const lockFile = path.join(dir, 'evalc.lock');
  const lock = readFileSync(lockFile, 'utf8');
  const key = /"invoke":\["(k1:[0-9a-f]{64})"\]/.exec(lock)?.[1];
  expect(key).toBeDefined();
  writeFileSync(lockFile, lock.replace(key as string, `k1:${'0'.repeat(64)}`));
  // The cache holds the old key's answer only, as after an upgrade.
  rmSync(path.join(dir, '.evalc', 'cache'), { recursive: true, force: true });
  return invokeReason(dir);
}

describe('plan names the stream_options evalc now sends (QA150)', () => {
  it('says a streamed request is now sent stream_options', async () => {
    expect(await reasonAfterOldKey(', stream: true')).toBe(
      'because evalc now sends stream_options: {include_usage: true} with stream: true, so a streamed reply reports its tokens (an earlier evalc sent no stream_options)',
    );
  });

  it('keeps the earlier reason for a request that does not stream', async () => {
    expect(await reasonAfterOldKey('')).toContain('is never sent (an earlier evalc keyed them)');
  });
});
