/**
 * QA20: a command given more arguments than it takes refuses with exit 64 (DESIGN §6: 64 usage)
 * instead of using the first and ignoring the rest: `evalc validate a.yaml b.yaml` validated
 * a.yaml alone and printed "valid", `evalc schema junk` wrote ./schemas.
 */
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { applyCommand } from '../../src/cli/apply.js';
import type { Command } from '../../src/cli/context.js';
import { graphCommand } from '../../src/cli/graph.js';
import { initCommand } from '../../src/cli/init.js';
import { lintCommand } from '../../src/cli/lint.js';
import { planCommand } from '../../src/cli/plan.js';
import { schemaCommand } from '../../src/cli/schema.js';
import { validateCommand } from '../../src/cli/validate.js';
import { tempFolder } from '../fixtures/temp-folder.js';
import { runCommand } from './run-cli.js';

const PLAN = `evalc: 1
benchmark: { id: b, version: 1.0.0 }
agents:
  a1: { protocol: raip, url: http://127.0.0.1:9 }
tasks:
  t:
    instructions: x
    bindings: { default: { input: { query: "{{q}}" }, output: { answer: "output.answer" } } }
    datasets: { d: { source: d.jsonl } }
    metrics: [ { type: contains, candidate: answer, expected: a } ]
`;

function planDir(): string {
  const dir = tempFolder('evalc-qa20-args-');
  writeFileSync(path.join(dir, 'evalc.yaml'), PLAN);
  writeFileSync(path.join(dir, 'other.yaml'), PLAN);
  writeFileSync(path.join(dir, 'd.jsonl'), '{"id":"e1","vars":{"q":"x"},"expected":{"a":"x"}}\n');
  return dir;
}

const planCommands: [string, Command][] = [
  ['validate', validateCommand],
  ['plan', planCommand],
  ['apply', applyCommand],
  ['graph', graphCommand],
  ['lint', lintCommand],
];

describe('more arguments than a command takes', () => {
  it.each(planCommands)('%s with two plans is a usage error naming the extra one', async (_name, command) => {
    const dir = planDir();
    const result = await runCommand(command, ['evalc.yaml', 'other.yaml'], { cwd: dir });
    expect(result.code).toBe(64);
    expect(result.stderr).toContain('unexpected argument "other.yaml"');
    expect(existsSync(path.join(dir, '.evalc'))).toBe(false);
  });

  it('validate with one plan still validates it', async () => {
    const result = await runCommand(validateCommand, ['evalc.yaml'], { cwd: planDir() });
    expect(result.stdout).toBe('evalc.yaml: valid (1 example, 1 agent × task × dataset group)\n');
    expect(result.code).toBe(0);
  });

  it('schema takes no argument and writes nothing when given one', async () => {
    const dir = tempFolder('evalc-qa20-args-');
    const result = await runCommand(schemaCommand, ['junk'], { cwd: dir });
    expect(result.code).toBe(64);
    expect(existsSync(path.join(dir, 'schemas'))).toBe(false);
  });

  it('init takes one folder and scaffolds nothing when given two', async () => {
    const dir = tempFolder('evalc-qa20-args-');
    const result = await runCommand(initCommand, ['one', 'two'], { cwd: dir });
    expect(result.code).toBe(64);
    expect(existsSync(path.join(dir, 'one'))).toBe(false);
  });
});
