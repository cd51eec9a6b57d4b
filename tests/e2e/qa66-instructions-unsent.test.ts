/**
 * QA66: a task's `instructions` were in every invoke key, so editing them re-invoked a `chat`
 * agent whose requests never carry them (`POST /agent/respond {messages, metadata}`: the same
 * bytes as before) — a paid call per example × repeat for nothing. Only protocols that send the
 * instructions key them: RAIP (its context) and MultiAgentEval (the task text); `plan` and
 * `apply` agree on it.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from './apply-harness.js';
import {
  applyColdPair,
  expectOnlyRaipReinvoked,
  useRaipAndChat,
  writeRaipChatPlan,
} from './raip-chat-pair.js';

const pair = useRaipAndChat();

describe('an instructions edit re-invokes only agents that are sent the instructions (QA66)', () => {
  it('re-invokes the RAIP agent, not the chat agent, and plan says so', async () => {
    const dir = pair.workspace('qa66-instructions');
    writeRaipChatPlan(pair, dir, 'qa66', { instructions: 'Answer briefly.' });
    await applyColdPair(pair, dir);
    writeRaipChatPlan(pair, dir, 'qa66', { instructions: 'Answer in one word.' });
    await expectOnlyRaipReinvoked(
      pair,
      dir,
      'qa66',
      /~ invoke +qa66\/t1\[ra\] +4 runs +because the task's instructions changed \(tasks\.t1\.instructions\)/,
    );
  });

  it('says why when evalc.lock keyed the instructions of an agent never sent them (an evalc before QA66)', async () => {
    const dir = pair.workspace('qa66-instructions-old-lock');
    writeRaipChatPlan(pair, dir, 'qa66', { instructions: 'Answer briefly.' });
    await applyColdPair(pair, dir);
    // The lock an earlier evalc wrote: the chat rows' invoke keys differ (they held the
    // instructions); its cache is gone (a fresh CI checkout).
    const lockFile = path.join(dir, 'evalc.lock');
    const lock = readFileSync(lockFile, 'utf8')
      .split('\n')
      .map((line) =>
        line.includes('"group":"ch/t1/d1"')
          ? line.replace(/"invoke":\[[^\]]*\]/, (keys) => keys.replaceAll('"k1:', '"k1:0000'))
          : line,
      )
      .join('\n');
    writeFileSync(lockFile, lock);
    rmSync(path.join(dir, '.evalc'), { recursive: true, force: true });
    const planned = await runCli(['plan', 'evalc.yaml'], { cwd: dir });
    expect(planned.code, planned.stderr).toBe(2);
    expect(planned.stdout).toMatch(
      /~ invoke +qa66\/t1\[ch\] +4 runs +because evalc\.lock's invoke keys held the task's instructions, which agent ch is never sent \(an earlier evalc keyed them\)/,
    );
    expect(planned.stdout).not.toMatch(/invoke +qa66\/t1\[ch\].*instructions changed/);
  });
});
