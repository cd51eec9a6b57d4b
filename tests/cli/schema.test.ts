/**
 * `evalc schema`: the committed schemas/evalc.schema.json is what the command generates now
 * (regenerate with `node dist/evalc.mjs schema` after changing src/plan/schema.ts), and the
 * schema is useful to an editor: descriptions, defaults, and it accepts the plans evalc does.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { schemaCommand } from '../../src/cli/schema.js';
import { tempFolder } from '../fixtures/temp-folder.js';
import { FIXTURE_PLANS, REPO_ROOT, runCommand } from './run-cli.js';

const COMMITTED = path.join(REPO_ROOT, 'schemas/evalc.schema.json');
type JsonSchema = Record<string, unknown> & { properties: Record<string, JsonSchema> };

describe('evalc schema', () => {
  it('regenerates a file byte-identical to the committed schemas/evalc.schema.json', async () => {
    const dir = tempFolder('evalc-schema-');
    const result = await runCommand(schemaCommand, [], { cwd: dir });
    expect(result).toEqual({
      code: 0,
      stdout:
        'wrote schemas/evalc.schema.json\nwrote schemas/lock.schema.json\nwrote schemas/report.schema.json\n',
      stderr: '',
    });
    const fresh = readFileSync(path.join(dir, 'schemas/evalc.schema.json'));
    expect(fresh.equals(readFileSync(COMMITTED)), 'run `node dist/evalc.mjs schema` and commit it').toBe(
      true,
    );
    // The lockfile's and report.json's schemas ship with evalc and are copied beside it.
    for (const name of ['lock.schema.json', 'report.schema.json'])
      expect(
        readFileSync(path.join(dir, 'schemas', name)).equals(
          readFileSync(path.join(REPO_ROOT, 'schemas', name)),
        ),
      ).toBe(true);
  });

  it('prints the same text with --stdout and writes under --out', async () => {
    const dir = tempFolder('evalc-schema-');
    const printed = await runCommand(schemaCommand, ['--stdout'], { cwd: dir });
    expect(printed.stdout).toBe(readFileSync(COMMITTED, 'utf8'));
    const out = await runCommand(schemaCommand, ['--out', 'elsewhere'], { cwd: dir });
    expect(out.stdout).toMatch(
      /^wrote elsewhere\/evalc\.schema\.json\nwrote elsewhere\/lock\.schema\.json\n/,
    );
  });

  it('carries descriptions and defaults', () => {
    const schema = JSON.parse(readFileSync(COMMITTED, 'utf8')) as JsonSchema;
    expect(schema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
    expect(schema.$id).toBe('https://evalc.dev/schemas/evalc.schema.json');
    expect(schema.description).toMatch(/evaluation plan/);
    const run = schema.properties.run!;
    expect(run.properties.repeats).toMatchObject({ default: 1, description: expect.any(String) });
    expect(run.properties.preflight).toMatchObject({ default: 5, maximum: 5 });
    expect(run.properties.bootstrap).toMatchObject({
      default: 1000,
      description: 'Bootstrap resamples for confidence intervals',
    });
    expect(schema.properties.evalc).toMatchObject({ const: 1, description: 'Plan language version' });
    expect(schema.properties.tasks!.description).toEqual(expect.any(String));
    const text = readFileSync(COMMITTED, 'utf8');
    expect(text).toContain('"description": "Runtime limits; never part of a content key"');
    expect(text).toContain('"default": "http"');
  });

  it('accepts the basic fixture plan and rejects a typo in a top-level key', () => {
    const ajv = new Ajv2020({ allErrors: true, strict: false });
    const validate = ajv.compile(JSON.parse(readFileSync(COMMITTED, 'utf8')) as object);
    const basic = parse(readFileSync(path.join(FIXTURE_PLANS, 'basic/evalc.yaml'), 'utf8')) as Record<
      string,
      unknown
    >;
    expect(validate(basic), JSON.stringify(validate.errors)).toBe(true);
    const { metrics, ...rest } = basic;
    expect(validate({ ...rest, metircs: metrics })).toBe(false);
    expect(validate.errors?.some((e) => e.keyword === 'additionalProperties')).toBe(true);
    expect(validate({ ...basic, agents: { a1: { protocol: 'rapi', url: 'http://x' } } })).toBe(false);
  });
});
