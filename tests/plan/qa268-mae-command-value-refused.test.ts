/**
 * An mae local agent whose `command:` is there but refused (null, a list, empty, a NUL byte) is
 * one diagnostic at the value, not also "agent a3: mae transport local needs command:" at the
 * agent, listed first, which told the user to add a key they had written (QA268).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadPlan } from '../../src/compiler/load-plan.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

async function codesFor(command: string): Promise<string[]> {
  const dir = mkdtempSync(path.join(tmpdir(), 'evalc-qa268-mae-'));
  dirs.push(dir);
  writeFileSync(
    path.join(dir, 'evalc.yaml'),
    `evalc: 1
benchmark: { id: b }
agents:
  a3: { protocol: mae, transport: local, ${command} }
tasks:
  t:
    bindings: { default: { input: { task_description: "{{q}}" }, output: { answer: final_answer } } }
    datasets: { d: { examples: [ { id: e1, vars: { q: hi } } ] } }
`,
  );
  const result = await loadPlan(path.join(dir, 'evalc.yaml'), { cwd: dir, offline: true });
  return result.diagnostics.map((d) => `${d.source?.line}:${d.source?.col}:${d.code}: ${d.path.join('.')}`);
}

describe("an mae agent's refused command", () => {
  it.each([
    ['command: null', 'EVALC_SCHEMA_TYPE'],
    ['command: [1, 2]', 'EVALC_SCHEMA_TYPE'],
    ["command: ''", 'EVALC_SCHEMA_INVALID'],
    ['command: "a\\0b"', 'EVALC_SCHEMA_INVALID'],
  ])('%s is said once, at its value', async (command, code) => {
    expect(await codesFor(command)).toEqual([`4:51:${code}: agents.a3.command`]);
  });

  it('still says a missing command', async () => {
    expect(await codesFor('maxTurns: 3')).toEqual(['4:7:EVALC_AGENT_CONFIG: agents.a3']);
  });
});
