/**
 * QA153: evalc sends `stream_options: {include_usage: true}` with every `stream: true` request
 * (QA150), and keys such groups with a wire tag so answers cached before are asked again. The tag
 * was read from the template as written, so an input that is one variable (`input: "{{conv}}"`,
 * its examples' `conv` being `{messages, stream: true}`) was never tagged: the same request was
 * keyed two ways (untagged from a variable, tagged when written out), and after an upgrade `plan`
 * said "No changes" and reused the answers cached without usage. Real loopback server.
 *
 * QA155 (review of fa79392): the tag was the group's, set when any example streamed, so adding one
 * streaming example to a dataset re-keyed every other example of it (`plan`: "3 examples because the
 * example changed" of examples that had not, and each was invoked again). Only the examples whose
 * input streams carry it.
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

const plan = (url: string, input: string, convs: string[]) => `evalc: 1
benchmark: { id: qa153-stream-wire }
agents:
  o1: { protocol: openai, url: "${url}", model: small-1, limits: { retries: 0 } }
tasks:
  t1:
    bindings:
      default:
        input: ${input}
        output: { answer: "choices[0].message.content" }
    datasets: { d1: { examples: [ ${convs.map((conv, i) => `{ id: s${i + 1}, vars: { conv: ${conv} } }`).join(', ')} ] } }
    metrics: [ { type: contains, candidate: answer, value: "" } ]
run: { preflight: 0, bootstrap: 100 }
`;

const STREAMED = '{ messages: [{ role: user, content: "intro ML" }], stream: true }';
const UNSTREAMED = '{ messages: [{ role: user, content: "intro ML" }] }';

/** One server for every plan: its url is part of the agent's identity, so of the keys compared. */
let agentUrl: string | undefined;
async function dirWith(input: string, ...convs: string[]): Promise<string> {
  if (agentUrl === undefined) {
    const agent = await startOpenaiServer();
    agentUrl = agent.baseUrl;
    cleanups.push(() => {
      agentUrl = undefined;
      return agent.close();
    });
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), 'evalc-qa153-stream-wire-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  writeFileSync(path.join(dir, 'evalc.yaml'), plan(agentUrl, input, convs));
  expect((await applyInProcess(dir)).status).toBe('done');
  return dir;
}

function invokeKey(dir: string, example = 's1'): string {
  const key = new RegExp(`"example":"${example}","group":"[^"]*","invoke":\\["(k1:[0-9a-f]{64})"\\]`).exec(
    readFileSync(path.join(dir, 'evalc.lock'), 'utf8'),
  )?.[1];
  expect(key).toBeDefined();
  return key as string;
}

describe('a whole-variable openai input that streams is keyed as the same request written out (QA153)', () => {
  it('gives the streamed request one key, from a variable or written out', async () => {
    const written = invokeKey(await dirWith(STREAMED, STREAMED));
    const fromVariable = invokeKey(await dirWith('"{{conv}}"', STREAMED));
    expect(fromVariable).toBe(written);
  });

  it('keeps one key for a request that does not stream (no tag either way)', async () => {
    const written = invokeKey(await dirWith(UNSTREAMED, UNSTREAMED));
    const fromVariable = invokeKey(await dirWith('"{{conv}}"', UNSTREAMED));
    expect(fromVariable).toBe(written);
  });

  it('tags only the examples whose value streams: one streaming example added re-keys no other (QA155)', async () => {
    const alone = await dirWith('"{{conv}}"', UNSTREAMED);
    const beside = await dirWith('"{{conv}}"', UNSTREAMED, STREAMED);
    expect(invokeKey(beside, 's1')).toBe(invokeKey(alone, 's1'));
    // The streaming one is keyed as the same request written out (QA153).
    const written = await dirWith(STREAMED, UNSTREAMED, STREAMED);
    expect(invokeKey(beside, 's2')).toBe(invokeKey(written, 's2'));
  });

  it('plan names stream_options for such a group keyed before QA150', async () => {
    const dir = await dirWith('"{{conv}}"', STREAMED);
    const lockFile = path.join(dir, 'evalc.lock');
    const lock = readFileSync(lockFile, 'utf8');
    writeFileSync(lockFile, lock.replace(invokeKey(dir), `k1:${'0'.repeat(64)}`));
    rmSync(path.join(dir, '.evalc', 'cache'), { recursive: true, force: true });
    const result = await runCommand(planCommand, ['evalc.yaml', '--json'], { cwd: dir });
    const rows = (JSON.parse(result.stdout) as { rows: { kind: string; reason: string }[] }).rows;
    expect(rows.find((r) => r.kind === 'invoke')?.reason).toContain(
      'because evalc now sends stream_options: {include_usage: true} with stream: true',
    );
  });
});
