/** `evalc init`: a scaffold that validates and plans as it is, and never overwrites a plan. */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { initCommand } from '../../src/cli/init.js';
import { validateCommand } from '../../src/cli/validate.js';
import { tempFolder } from '../fixtures/temp-folder.js';
import { runCommand } from './run-cli.js';

describe('evalc init', () => {
  it('scaffolds a plan, a dataset and a .gitignore that keeps .evalc/ out of git', async () => {
    const dir = tempFolder('evalc-init-');
    const result = await runCommand(initCommand, ['proj'], { cwd: dir });
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(
      'created proj/evalc.yaml, proj/datasets/smoke.jsonl, proj/agents/echo-agent.mjs, proj/schemas/evalc.schema.json, proj/.gitignore\n' +
        'next: evalc validate proj, evalc plan proj, evalc apply proj\n',
    );
    expect(existsSync(path.join(dir, 'proj/datasets/smoke.jsonl'))).toBe(true);
    expect(readFileSync(path.join(dir, 'proj/.gitignore'), 'utf8')).toBe('.evalc/\nevalc.lock.tmp-*\n');
    expect(readFileSync(path.join(dir, 'proj/evalc.yaml'), 'utf8')).toMatch(
      /^# yaml-language-server: \$schema=\.\/schemas\/evalc\.schema\.json\n/,
    );
  });

  it('writes the JSON Schema its first line names, and the plan is valid against it (what an editor checks)', async () => {
    const dir = tempFolder('evalc-init-');
    await runCommand(initCommand, [], { cwd: dir });
    const schema = JSON.parse(readFileSync(path.join(dir, 'schemas/evalc.schema.json'), 'utf8'));
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    const validate = ajv.compile(schema);
    const plan = parse(readFileSync(path.join(dir, 'evalc.yaml'), 'utf8'));
    expect(validate(plan), JSON.stringify(validate.errors)).toBe(true);
    expect(validate({ ...plan, run: { repeats: 'two' } })).toBe(false);
  });

  it('writes a plan that validates without changes', async () => {
    const dir = tempFolder('evalc-init-');
    await runCommand(initCommand, [], { cwd: dir });
    const result = await runCommand(validateCommand, [], { cwd: dir });
    expect(result.stderr).toBe('');
    expect(result.stdout).toBe('evalc.yaml: valid (2 examples, 1 agent × task × dataset group)\n');
    expect(result.code).toBe(0);
  });

  it('refuses to overwrite an existing plan with a usage error', async () => {
    const dir = tempFolder('evalc-init-');
    await runCommand(initCommand, [], { cwd: dir });
    const again = await runCommand(initCommand, [], { cwd: dir });
    expect(again.code).toBe(64);
    expect(again.stderr).toContain('evalc.yaml already exists');
  });

  it('keeps a dataset, schema or .gitignore the folder already has, and says so (QA7)', async () => {
    const dir = tempFolder('evalc-init-');
    mkdirSync(path.join(dir, 'datasets'));
    writeFileSync(path.join(dir, 'datasets', 'smoke.jsonl'), '{"id":"mine","vars":{"question":"q"}}\n');
    writeFileSync(path.join(dir, '.gitignore'), 'node_modules/\n');
    const result = await runCommand(initCommand, [], { cwd: dir });
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(
      'created evalc.yaml, agents/echo-agent.mjs, schemas/evalc.schema.json\n' +
        'kept datasets/smoke.jsonl, .gitignore (already there)\n' +
        'next: evalc validate, evalc plan, evalc apply\n',
    );
    expect(readFileSync(path.join(dir, 'datasets', 'smoke.jsonl'), 'utf8')).toContain('"mine"');
    expect(readFileSync(path.join(dir, '.gitignore'), 'utf8')).toBe('node_modules/\n');
  });
});
