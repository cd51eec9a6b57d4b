/**
 * QA358: 18d0ad99 capped an mae local agent's stderr in run.log at 1 MiB per StderrTail, which is
 * one turn (a per-turn agent starts a process each turn; a persistent one's log is set again each
 * turn), not per agent call as README and the apply summary count them: a call of 4 turns logged
 * 4 MiB, and 8 such at concurrency 8 filled run.log's 16 MiB again (19.7 MiB left out). The budget
 * is now one agent call's, over all its turns. Real applies of a local agent, both profiles.
 */
import { expect, it } from 'vitest';
import { useMaeLocalRunLog } from '../fixtures/mae-local-run-log.js';

// Each turn writes 7,000 lines of 100 characters (700 KB, under the 1 MiB cap) to stderr; the first
// turn calls a tool, the second answers: 1.4 MB per agent call.
const agent = `const fs = require('node:fs');
const rl = require('node:readline').createInterface({ input: process.stdin });
rl.on('line', (line) => {
  if (!line.trim()) return;
  const task = String(JSON.parse(line).task_description);
  const first = task.startsWith('noisy-');
  const row = ((first ? task : 'second') + ' ').padEnd(99, 'x') + '\\n';
  let dump = '';
  for (let i = 0; i < 7000; i++) dump += row;
  fs.writeSync(2, dump);
  const reply = first
    ? { action: 'call_tool', tool_name: 'lookup', tool_params: {} }
    : { action: 'final_answer', summary: 'ok' };
  process.stdout.write(JSON.stringify(reply) + '\\n');
  if (process.env.QA358_EXIT) process.exit(0);
});
`;

const runLog = useMaeLocalRunLog('qa358', agent, ['noisy-e1', 'noisy-e2'], 2);

for (const profile of ['agentv', 'seed']) {
  it(`caps one agent call's stderr over all its turns, each call once (${profile})`, async () => {
    const log = await runLog(profile);
    for (const id of ['e1', 'e2']) {
      const lines = log.split('\n').filter((line) => line.startsWith(`m/t/d/${id}#0: `));
      const notes = lines.filter((line) => line.includes('is not logged'));
      expect(notes).toHaveLength(1);
      expect(lines.filter((line) => line.includes(`noisy-${id} xxx`))).toHaveLength(7000);
      const chars = lines.reduce((n, line) => n + line.length + 1, 0);
      expect(chars).toBeLessThan(1.25 * 1024 * 1024);
    }
    expect(log.length).toBeLessThan(2.3 * 1024 * 1024);
  }, 60_000);
}
