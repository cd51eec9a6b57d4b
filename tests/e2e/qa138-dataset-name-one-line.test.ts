/**
 * Regression (QA138): EVALC_DATASET_NOT_FOUND quotes a dataset file name on one line, as other
 * messages quote names (plan's `source a → b`, quotedOnOneLine): a file beside the missing one
 * whose name holds a line feed was suggested in the hint with the line feed raw, so `validate`
 * printed `hint: did you mean \`d1` and `.jsonl\`?` on two lines (and --json's hint held it). A
 * plan's own source holding a tab or line feed is quoted the same way in the message.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, runCli, tempWorkspace, writePlan } from './apply-harness.js';

const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});
beforeAll(assertBuilt);

function workspace(): string {
  const { dir, cleanup } = tempWorkspace('qa138-name');
  cleanups.push(cleanup);
  writePlan(dir, { agentUrl: 'http://127.0.0.1:9' });
  return dir;
}

describe('a dataset file name with a line feed, quoted on one line (QA138)', () => {
  it("the hint's suggested name spells its line feed", async () => {
    const dir = workspace();
    writeFileSync(path.join(dir, 'd1\n.jsonl'), '{"id":"e0","vars":{"q":"x"}}\n');
    const text = await runCli(['validate', '.'], { cwd: dir });
    expect(text.code).toBe(65);
    expect(text.stdout + text.stderr).toContain('  hint: did you mean `d1\\n.jsonl`?\n');
    const json = await runCli(['validate', '.', '--json'], { cwd: dir });
    const diagnostic = JSON.parse(json.stdout).diagnostics[0];
    expect(diagnostic).toMatchObject({
      code: 'EVALC_DATASET_NOT_FOUND',
      message: 'dataset file not found: d1.jsonl',
      hint: 'did you mean `d1\\n.jsonl`?',
    });
  }, 60_000);

  it("a plan's source holding a tab is quoted with it spelt", async () => {
    const dir = workspace();
    const plan = path.join(dir, 'evalc.yaml');
    writeFileSync(plan, readFileSync(plan, 'utf8').replace('"d1.jsonl"', '"d\\t1.jsonl"'));
    const json = await runCli(['validate', '.', '--json'], { cwd: dir });
    const diagnostic = JSON.parse(json.stdout).diagnostics[0];
    expect(diagnostic.message).toBe('dataset file not found: d\\t1.jsonl');
  }, 60_000);
});
