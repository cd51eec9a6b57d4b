/**
 * DESIGN §5: evalc.lock is key-sorted JSON with a 2-space indent, one example per line. A lock
 * another tool re-saved (4-space indent, ASCII escapes) with nothing to re-run used to stay as it
 * was ("up to date"); the next apply now writes it back in evalc's form, byte for byte the lock
 * the run wrote, without calling the agent (QA35 L1).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  countingExamples,
  readLock,
  runCli,
  useCountingAgent,
  writeDataset,
  writePlan,
} from './apply-harness.js';

const ctx = useCountingAgent();

describe('a re-saved evalc.lock', () => {
  it('is written back in evalc form by an up-to-date apply, with no agent call', async () => {
    const dir = ctx.workspace('lock-reformatted');
    writeDataset(dir, 'd1.jsonl', [...countingExamples(3), { id: 'é-x', vars: { q: 'café' } }]);
    writePlan(dir, { agentUrl: ctx.agent.url });
    expect((await runCli(['apply', 'evalc.yaml', '--quiet'], { cwd: dir })).code).toBe(0);
    const written = readLock(dir);
    const file = path.join(dir, 'evalc.lock');
    // python's json.dumps(indent=4) writes ASCII escapes, as `\u00e9` here
    const resaved = JSON.stringify(JSON.parse(written), null, 4).replace(
      /[\u0080-\uffff]/g,
      (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
    );
    expect(resaved).toContain('\\u00e9');
    writeFileSync(file, resaved);
    ctx.agent.reset();
    const again = await runCli(['apply', 'evalc.yaml'], { cwd: dir });
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('up to date');
    expect(ctx.agent.stats().invokes).toBe(0);
    expect(readFileSync(file, 'utf8')).toBe(written);
    // and an untouched lock stays byte-identical on the next apply
    expect((await runCli(['apply', 'evalc.yaml', '--quiet'], { cwd: dir })).code).toBe(0);
    expect(readFileSync(file, 'utf8')).toBe(written);
  });
});
