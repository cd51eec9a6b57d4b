/**
 * QA350 (QA338's leftover): a seed mae agent's discovered name is pinned in evalc.lock as the agent
 * sent it, and `evalc diff`'s "Pins that changed" quoted it as it was: a name holding a line feed
 * split its line in two (the second half printed as a line of its own), and one of 5,000 characters
 * filled the terminal. The name is quoted on one line (`\n` spelt) and cut at 200 characters; the
 * issue's old/new keep it whole. Two real applies of a local mae agent (a child process).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { diffLocks } from '../../src/lockfile/diff.js';
import type { Lockfile } from '../../src/lockfile/types.js';
import { renderTextDiff } from '../../src/reports/text-diff.js';
import { applyInProcess } from '../protocols/apply-in-process.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const agent = `const rl = require('node:readline').createInterface({ input: process.stdin });
rl.on('line', (line) => {
  if (!line.trim()) return;
  process.stdout.write(JSON.stringify({ action: 'final_answer', summary: 'ok', name: require('node:fs').readFileSync('name.txt', 'utf8') }) + '\\n');
});
`;

async function lockWithName(name: string): Promise<Lockfile> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'qa350-name-'));
  dirs.push(dir);
  writeFileSync(path.join(dir, 'agent.cjs'), agent);
  writeFileSync(path.join(dir, 'name.txt'), name);
  writeFileSync(
    path.join(dir, 'evalc.yaml'),
    `evalc: 1
benchmark: { id: qa350-name }
agents:
  m: { protocol: mae, transport: local, command: "node agent.cjs", limits: { timeout: 20s } }
tasks:
  t:
    bindings: { default: { input: "{{q}}", output: { answer: final_answer } } }
    datasets: { d: { examples: [ { id: e1, vars: { q: hi }, expected: { answer: ok } } ] } }
    metrics: [ { type: exact_match, candidate: answer, expected: answer } ]
run: { preflight: 0, bootstrap: 100 }
`,
  );
  expect((await applyInProcess(dir)).status).toBe('done');
  return JSON.parse(readFileSync(path.join(dir, 'evalc.lock'), 'utf8')) as Lockfile;
}

it('quotes a discovered name on one line, cut, in evalc diff', async () => {
  const long = `evil\nsecond line ${'N'.repeat(5000)}`;
  const before = await lockWithName('agent-v1');
  const after = await lockWithName(long);
  const pinned = after.agents.m?.name ?? '';
  expect(pinned.startsWith('evil\nsecond line NNN')).toBe(true);
  expect(pinned.length).toBe(5017);
  const diff = diffLocks(before, after);
  const issue = diff.comparability.find((c) => c.subject === 'm' && c.message.includes('name'));
  expect(issue?.new).toBe(pinned); // kept whole
  expect(issue?.message).toBe(`m: name changed agent-v1 → evil\\nsecond line ${'N'.repeat(182)}…`);
  const text = renderTextDiff(diff).split('\n');
  expect(text.filter((line) => line.includes('second line'))).toEqual([
    `  · m: name changed agent-v1 → evil\\nsecond line ${'N'.repeat(182)}…`,
  ]);
}, 60_000);
