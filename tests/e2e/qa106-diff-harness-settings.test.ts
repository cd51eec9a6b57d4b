/**
 * QA97: `evalc diff` listed a mae agent's `profile:` change (seed → agentv, which also moves its
 * relay texts) and a turn cap change under "Pins that changed" (·), as if the runs compared the
 * same thing. Those settings are evalc's conversation, not the agent: they change what is sent to
 * the agent and when a conversation ends, so a score can move with the same agent. Like a metric's
 * or a judge's change they now make the runs "Not strictly comparable" (!, `comparable: false`).
 * An endpoint or version change of the agent, what diff is for, stays a pin (·). Against the real
 * stdio fixture agent (mae-stdio-agent.mjs).
 */
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, runCli, tempWorkspace } from './apply-harness.js';
import { MAE_STDIO_AGENT, maeLocalPlanYaml } from './mae-local-plan.js';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanups.splice(0)) c();
});
beforeAll(() => assertBuilt());

function plan(settings: string): string {
  return maeLocalPlanYaml('qa106-harness', MAE_STDIO_AGENT, settings);
}

async function diffAfter(before: string, after: string) {
  const ws = tempWorkspace('qa106-harness');
  cleanups.push(ws.cleanup);
  writeFileSync(
    path.join(ws.dir, 'd.jsonl'),
    ['final:ok', 'loop'].map((task, i) => `${JSON.stringify({ id: `e${i}`, vars: { task } })}\n`).join(''),
  );
  writeFileSync(path.join(ws.dir, 'evalc.yaml'), plan(before));
  const first = await runCli(['apply', 'evalc.yaml'], { cwd: ws.dir });
  expect(first.code, first.stderr).toBe(0);
  copyFileSync(path.join(ws.dir, 'evalc.lock'), path.join(ws.dir, 'old.lock'));
  writeFileSync(path.join(ws.dir, 'evalc.yaml'), plan(after));
  const second = await runCli(['apply', 'evalc.yaml'], { cwd: ws.dir });
  expect(second.code, second.stderr).toBe(0);
  const text = await runCli(['diff', 'old.lock', 'evalc.lock'], { cwd: ws.dir });
  const json = await runCli(['diff', 'old.lock', 'evalc.lock', '--format', 'json'], { cwd: ws.dir });
  expect(readFileSync(path.join(ws.dir, 'evalc.lock'), 'utf8')).not.toBe(
    readFileSync(path.join(ws.dir, 'old.lock'), 'utf8'),
  );
  return {
    text: text.stdout,
    json: JSON.parse(json.stdout) as {
      comparable: boolean;
      comparability: { severity: string; message: string }[];
    },
  };
}

describe("diff: a change of evalc's conversation with an agent is not strictly comparable (QA106)", () => {
  it('profile seed → agentv (and its relay) is a ! line under "Not strictly comparable"', async () => {
    const { text, json } = await diffAfter('maxTurns: 3,', 'maxTurns: 3, profile: agentv,');
    expect(text).toContain('Not strictly comparable — pins that changed:');
    expect(text).toContain('  ! m: profile changed seed → agentv');
    expect(text).toContain('  ! m: relay changed seed → faithful');
    expect(json.comparable).toBe(false);
    expect(json.comparability.filter((c) => c.message.startsWith('m: ')).map((c) => c.severity)).toEqual([
      'warning',
      'warning',
    ]);
  });

  it('a turn cap change is too', async () => {
    const { text } = await diffAfter('maxTurns: 3,', 'maxTurns: 2,');
    expect(text).toContain('  ! m: maxTurns changed 3 → 2');
  });
});
