/**
 * QA358: d5e259f9 quoted a discovered agent name on one line and cut at 200 characters in `evalc
 * diff`, but apply's own line about it, 'agent a: its discovery names it "…", where evalc.lock pins
 * "…"', quoted it whole with JSON.stringify: a 5,000-character name made a 5,000-character stderr
 * line, and a bidirectional override (U+202E) in it reached the terminal as is. It is shown as diff
 * shows it now.
 */
import { expect, it } from 'vitest';
import type { AgentPin } from '../../src/compiler/compile.js';
import { agentNameChanges } from '../../src/executor/agent-name-change.js';
import type { Lockfile } from '../../src/lockfile/types.js';

function line(locked: string, now: string): string {
  const lock = { agents: { a: { name: locked, version: '1' } } } as unknown as Lockfile;
  const pins = { a: { name: now, version: '1' } } as unknown as Record<string, AgentPin>;
  const lines = agentNameChanges(lock, pins);
  expect(lines).toHaveLength(1);
  return lines[0] ?? '';
}

it('cuts a long discovered name at 200 characters and spells its controls', () => {
  const said = line('agent-v1', `evil\u202e${'n'.repeat(5000)}\nsecond`);
  expect(said.length).toBeLessThan(600);
  expect(said).not.toContain('\u202e');
  expect(said).not.toContain('\n');
  expect(said).toContain(
    `its discovery names it "evil\\u202e${'n'.repeat(190)}…", where evalc.lock pins "agent-v1"`,
  );
});

it('quotes an ordinary name as before', () => {
  expect(line('agent-v1', 'agent-v2')).toContain(
    'agent a: its discovery names it "agent-v2", where evalc.lock pins "agent-v1" (same version and schema',
  );
});
