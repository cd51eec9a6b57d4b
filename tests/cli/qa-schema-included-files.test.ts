/**
 * DESIGN §2: "Each file may start with `# yaml-language-server: $schema=<path to
 * schemas/evalc.schema.json>`" — included files too. The editor schema must accept a file that
 * holds only some sections (no `evalc:` / `benchmark:`), and still reject typos in it.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { REPO_ROOT } from './run-cli.js';

const schema = JSON.parse(readFileSync(path.join(REPO_ROOT, 'schemas/evalc.schema.json'), 'utf8')) as object;
const validate = new Ajv2020({ allErrors: true, strict: false }).compile(schema);

const INCLUDED_TASKS = `# yaml-language-server: $schema=../schemas/evalc.schema.json
tasks:
  search:
    bindings:
      default:
        input: { query: "{{user_query}}" }
        output: { answer: "output.answer" }
    datasets:
      course-search: { source: datasets/search.jsonl, weight: 10 }
    metrics:
      - { type: exact_match, candidate: answer, expected: answer }
`;

describe('the plan JSON Schema on included files', () => {
  it('accepts a file holding only tasks or only agents', () => {
    expect(validate(parse(INCLUDED_TASKS)), JSON.stringify(validate.errors)).toBe(true);
    expect(validate({ agents: { a1: { protocol: 'raip', url: 'http://127.0.0.1:7101' } } })).toBe(true);
  });

  it('still rejects a misspelt section or metric parameter in such a file', () => {
    expect(validate({ taks: {} })).toBe(false);
    const tasks = parse(INCLUDED_TASKS) as { tasks: { search: { metrics: Record<string, unknown>[] } } };
    tasks.tasks.search.metrics[0]!.mode = 'sett';
    expect(validate(tasks)).toBe(false);
  });
});
