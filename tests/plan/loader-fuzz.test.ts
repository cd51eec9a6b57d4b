/**
 * Property tests (fast-check): arbitrary text and mutated versions of a valid plan never
 * crash the loader or the CLI, and permuting mapping keys never changes a content key.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { isMap, parseDocument, visit } from 'yaml';
import { loadPlan } from '../../src/compiler/load-plan.js';
import { FIXTURE_PLANS, spawnCliAsync } from '../cli/run-cli.js';
import { compileDir, stepKeys } from '../compiler/plan-helpers.js';

const BASIC_DIR = path.join(FIXTURE_PLANS, 'basic');
const BASIC = readFileSync(path.join(BASIC_DIR, 'evalc.yaml'), 'utf8');
const DATASET = readFileSync(path.join(BASIC_DIR, 'datasets/search.jsonl'), 'utf8');

const root = mkdtempSync(path.join(os.tmpdir(), 'evalc-fuzz-'));
let counter = 0;
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** A fresh folder holding the basic plan's dataset and `text` as evalc.yaml. */
function planDir(text: string, dataset = DATASET): string {
  const dir = path.join(root, String(counter++));
  mkdirSync(path.join(dir, 'datasets'), { recursive: true });
  writeFileSync(path.join(dir, 'datasets/search.jsonl'), dataset);
  writeFileSync(path.join(dir, 'evalc.yaml'), text);
  return dir;
}

const YAML_BITS = [
  ':',
  ' ',
  '-',
  '{',
  '}',
  '[',
  ']',
  '&a',
  '*a',
  '!tag',
  '|',
  '>',
  '#',
  "'",
  '"',
  '\n',
  '\t',
  '  ',
  '---',
  '? ',
  '<<: *a',
  ',',
  '%YAML 1.2',
  '${env.X}',
  '{{x}}',
  '\u0000',
  '\uFEFF',
  ' .nan',
  ' -.inf',
  '"\\uD800"',
];

type Mutation =
  | { kind: 'insert'; at: number; text: string }
  | { kind: 'delete'; at: number; length: number }
  | { kind: 'duplicate-line'; line: number }
  | { kind: 'drop-line'; line: number }
  | { kind: 'indent'; line: number; by: number };

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({
    kind: fc.constant('insert' as const),
    at: fc.nat(),
    text: fc.oneof(fc.constantFrom(...YAML_BITS), fc.string({ maxLength: 4 })),
  }),
  fc.record({ kind: fc.constant('delete' as const), at: fc.nat(), length: fc.integer({ min: 1, max: 8 }) }),
  fc.record({ kind: fc.constant('duplicate-line' as const), line: fc.nat() }),
  fc.record({ kind: fc.constant('drop-line' as const), line: fc.nat() }),
  fc.record({ kind: fc.constant('indent' as const), line: fc.nat(), by: fc.integer({ min: -4, max: 4 }) }),
);

function mutate(text: string, mutations: Mutation[]): string {
  let out = text;
  for (const m of mutations) {
    const lines = out.split('\n');
    switch (m.kind) {
      case 'insert': {
        const at = m.at % (out.length + 1);
        out = out.slice(0, at) + m.text + out.slice(at);
        break;
      }
      case 'delete': {
        const at = m.at % (out.length + 1);
        out = out.slice(0, at) + out.slice(at + m.length);
        break;
      }
      case 'duplicate-line': {
        const i = m.line % lines.length;
        lines.splice(i, 0, lines[i] ?? '');
        out = lines.join('\n');
        break;
      }
      case 'drop-line':
        lines.splice(m.line % lines.length, 1);
        out = lines.join('\n');
        break;
      case 'indent': {
        const i = m.line % lines.length;
        const line = lines[i] ?? '';
        lines[i] = m.by >= 0 ? ' '.repeat(m.by) + line : line.replace(new RegExp(`^ {0,${-m.by}}`), '');
        out = lines.join('\n');
        break;
      }
    }
  }
  return out;
}

const mutatedPlan = fc.array(mutation, { minLength: 1, maxLength: 4 }).map((ms) => mutate(BASIC, ms));

async function loadsWithoutThrowing(text: string): Promise<void> {
  const dir = planDir(text);
  const result = await loadPlan(path.join(dir, 'evalc.yaml'), {
    cwd: dir,
    offline: true,
    cacheDir: path.join(dir, 'cache'),
  });
  expect(Array.isArray(result.diagnostics)).toBe(true);
  for (const d of result.diagnostics) {
    expect(typeof d.code).toBe('string');
    expect(d.code).toMatch(/^EVALC_[A-Z0-9_]+$/);
  }
  // Without an error there is always a compiled plan.
  if (!result.diagnostics.some((d) => d.severity === 'error')) expect(result.compiled).toBeDefined();
}

describe('the loader on hostile input', () => {
  it('never throws on arbitrary text', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.string({ maxLength: 200 }),
          fc.string({ unit: 'grapheme', maxLength: 100 }),
          fc.array(fc.constantFrom(...YAML_BITS, 'evalc: 1', 'agents:', 'a: b')).map((a) => a.join('')),
        ),
        loadsWithoutThrowing,
      ),
      { numRuns: 150 },
    );
  });

  it('never throws on mutated versions of a valid plan', async () => {
    await fc.assert(fc.asyncProperty(mutatedPlan, loadsWithoutThrowing), { numRuns: 200 });
  });

  it('makes the CLI exit 0, 64 or 65 without a stack trace on mutated plans', async () => {
    const samples = fc.sample(mutatedPlan, { numRuns: 16, seed: 42 });
    for (let i = 0; i < samples.length; i += 4) {
      const batch = samples.slice(i, i + 4);
      const results = await Promise.all(
        batch.map((text) => spawnCliAsync(['validate', 'evalc.yaml'], { cwd: planDir(text) })),
      );
      results.forEach((result, j) => {
        expect([0, 64, 65], `${batch[j]}\n---\n${result.stderr}`).toContain(result.code);
        expect(result.stderr).not.toContain('internal error');
        expect(result.stderr).not.toMatch(/\n\s+at .+:\d+:\d+/);
      });
    }
  }, 120_000);
});

/** Rewrites every mapping of the YAML text with its entries in a random order. */
function permuteKeys(text: string, seeds: number[]): string {
  const doc = parseDocument(text);
  let n = 0;
  visit(doc, {
    Map(_, node) {
      if (!isMap(node)) return;
      const items = [...node.items];
      for (let i = items.length - 1; i > 0; i--) {
        const j = (seeds[n++ % seeds.length] ?? 0) % (i + 1);
        [items[i], items[j]] = [items[j]!, items[i]!];
      }
      node.items = items;
    },
  });
  return doc.toString();
}

describe('key order', () => {
  it('random permutations of mapping keys and dataset rows give identical keys', async () => {
    const base = stepKeys(await compileDir(planDir(BASIC)));
    const rows = DATASET.trimEnd().split('\n');
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.nat(), { minLength: 1, maxLength: 40 }),
        fc.shuffledSubarray(rows, { minLength: rows.length }),
        async (seeds, shuffled) => {
          const text = permuteKeys(BASIC, seeds);
          const dir = planDir(text, `${shuffled.join('\n')}\n`);
          const keys = stepKeys(await compileDir(dir));
          expect(keys).toEqual(base);
        },
      ),
      { numRuns: 25 },
    );
  });

  it('permuteKeys really reorders (the property above can fail)', () => {
    expect(permuteKeys('a: 1\nb: 2\nc: 3\n', [1, 0])).not.toBe('a: 1\nb: 2\nc: 3\n');
  });
});
