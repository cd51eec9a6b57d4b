/**
 * An `extraction_failed` is as final as the cached answer it was read from: a re-apply of an
 * unchanged plan is up to date (QA101: DESIGN §2's plan, whose default binding reads
 * `output.answer` of its mae agent, re-ran every step from the cache on each apply, and `plan
 * --json` said `upToDate: false` with nothing to do). Real CLI, a local mae agent (a node script).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, useAgent } from './apply-harness.js';

const ctx = useAgent(async () => ({ close: async () => {} }));

/** Answers `ok`, except for the task `bad`: a final answer with no content. */
const MAE_AGENT = `
import { createInterface } from 'node:readline';
for await (const line of createInterface({ input: process.stdin })) {
  if (!line.trim()) continue;
  const { task_description } = JSON.parse(line);
  const reply = task_description === 'bad' ? { action: 'final_answer' } : { action: 'final_answer', content: 'ok' };
  process.stdout.write(JSON.stringify(reply) + '\\n');
}
`;

describe('re-apply after an extraction failure', () => {
  it('is up to date: nothing runs, plan agrees', async () => {
    const dir = ctx.workspace('qa101-extract');
    writeFileSync(path.join(dir, 'agent.mjs'), MAE_AGENT);
    const rows = ['good', 'bad'].map((q) => JSON.stringify({ id: q, vars: { q } }));
    writeFileSync(path.join(dir, 'd1.jsonl'), `${rows.join('\n')}\n`);
    writeFileSync(
      path.join(dir, 'evalc.yaml'),
      JSON.stringify({
        evalc: 1,
        benchmark: { id: 'xf', version: '1.0.0' },
        agents: { m1: { protocol: 'mae', transport: 'local', command: 'node agent.mjs' } },
        tasks: {
          t1: {
            bindings: { default: { input: '{{q}}', output: { answer: 'final_answer' } } },
            datasets: { d1: { source: 'd1.jsonl' } },
            metrics: [{ type: 'contains', candidate: 'answer', value: 'ok' }],
          },
        },
      }),
    );
    const first = await runCli(['apply', '--quiet'], { cwd: dir });
    expect(first.code).toBe(0);
    const lock = readFileSync(path.join(dir, 'evalc.lock'), 'utf8');
    expect(JSON.parse(lock).steps).toMatchObject({ complete: true, errors: { extraction_failed: 1 } });

    const again = await runCli(['apply', '--json'], { cwd: dir });
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('"upToDate":true');
    expect(readFileSync(path.join(dir, 'evalc.lock'), 'utf8')).toBe(lock);
    const plan = await runCli(['plan', '--json'], { cwd: dir });
    expect(plan.code).toBe(0);
    expect(JSON.parse(plan.stdout)).toMatchObject({ upToDate: true, hasChanges: false });
  });
});
