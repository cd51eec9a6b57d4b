/**
 * QA350 (QA338's leftover): an mae local agent's stderr went to run.log whole, line by line, however
 * much one call wrote: run.log keeps the run's first 16 MiB, so one example dumping 20 MB filled it
 * and every later example's lines and the run's warnings were left out. Each agent call now logs its
 * first 1 MiB of stderr and then one line saying the rest is not logged. Real applies of a local
 * agent (a child process per turn, and a persistent one).
 */
import { expect, it } from 'vitest';
import { useMaeLocalRunLog } from '../fixtures/mae-local-run-log.js';

// e1 writes 30,000 lines of 100 characters (3 MB) to stderr before its reply; e2 one line.
const agent = `const rl = require('node:readline').createInterface({ input: process.stdin });
rl.on('line', (line) => {
  if (!line.trim()) return;
  const task = JSON.parse(line).task_description;
  if (task === 'noisy') {
    const row = 'x'.repeat(99) + '\\n';
    let dump = '';
    for (let i = 0; i < 30000; i++) dump += row;
    require('node:fs').writeSync(2, dump);
  } else require('node:fs').writeSync(2, 'quiet example says hello\\n');
  process.stdout.write(JSON.stringify({ action: 'final_answer', summary: 'ok' }) + '\\n');
  if (process.env.QA350_EXIT) process.exit(0);
});
`;

const runLog = useMaeLocalRunLog('qa350', agent, ['noisy', 'quiet'], 1);

for (const profile of ['agentv', 'seed']) {
  it(`logs the first 1 MiB of one call's stderr, then says the rest is not (${profile})`, async () => {
    const log = await runLog(profile);
    expect(log.length).toBeLessThan(1.2 * 1024 * 1024);
    expect(log.length).toBeGreaterThan(1024 * 1024);
    const notes = log.split('\n').filter((line) => line.includes('is not logged'));
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatch(
      /: … the rest of this agent call's stderr is not logged: run\.log keeps the first 1 MiB of each call's \(its last 40 lines still go to a crash's message\)$/,
    );
    expect(log).toContain('quiet example says hello');
  }, 60_000);
}
