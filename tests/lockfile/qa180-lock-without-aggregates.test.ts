/**
 * QA180: an evalc.lock without its `aggregates` (a hand edit, a merge resolved by dropping a
 * section) passed the shape check, which took the section as optional. `evalc plan` said "No
 * changes", apply (also --locked, --frozen) said it was up to date, kept it so and wrote a
 * report.md without its Scores table; then `evalc report` and `evalc diff` refused it as "not an
 * evalc lockfile (missing aggregates)", with no way out. Every lock evalc writes has the section
 * (lock.schema.json requires it): it is now refused as `run` and `groups` are, by every command,
 * with the shape problem's advice (and apply's own).
 *
 * A lock without `evalc` (the version that wrote it) was read too, and `evalc report` (md, html)
 * stopped on "internal error: TypeError: Cannot read properties of undefined (reading 'replace')".
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readPreviousPins } from '../../src/executor/locked-inputs.js';
import { readLockFile } from '../../src/lockfile/serialize.js';
import { REPO_ROOT } from '../cli/run-cli.js';

const dir = mkdtempSync(path.join(tmpdir(), 'qa180-no-aggregates-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('a lock without its aggregates (QA180)', () => {
  it('is refused naming the section, by the reader and by apply', () => {
    const lock = JSON.parse(
      readFileSync(path.join(REPO_ROOT, 'tests/fixtures/locks/single-dataset-base.lock'), 'utf8'),
    ) as Record<string, unknown>;
    delete lock.aggregates;
    const file = path.join(dir, 'evalc.lock');
    writeFileSync(file, JSON.stringify(lock, null, 2));

    const read = readLockFile(file);
    expect(read.ok ? '' : read.message).toContain(
      'is not an evalc lockfile: aggregates: expected an object, got nothing (restore it from git',
    );
    const pins = readPreviousPins(file, dir);
    expect(pins.ok ? '' : pins.message).toContain(
      'aggregates: expected an object, got nothing; restore it (`git checkout -- evalc.lock`)',
    );
  });
});

describe('a lock without the evalc version it was written by (QA180)', () => {
  it('is refused naming the field, not a TypeError in report.md and report.html', () => {
    const lock = JSON.parse(
      readFileSync(path.join(REPO_ROOT, 'tests/fixtures/locks/single-dataset-base.lock'), 'utf8'),
    ) as Record<string, unknown>;
    delete lock.evalc;
    const file = path.join(dir, 'no-version.lock');
    writeFileSync(file, JSON.stringify(lock, null, 2));
    const read = readLockFile(file);
    expect(read.ok ? '' : read.message).toContain(
      'is not an evalc lockfile: evalc: expected a version string, got nothing (restore it from git',
    );
  });
});

describe('a lock group without its weights (QA180)', () => {
  it('is refused naming the field, not diffed as a weight changed to undefined', () => {
    for (const key of ['datasetWeight', 'taskWeight']) {
      const lock = JSON.parse(
        readFileSync(path.join(REPO_ROOT, 'tests/fixtures/locks/single-dataset-base.lock'), 'utf8'),
      ) as { groups: Record<string, Record<string, unknown>> };
      const [gid, group] = Object.entries(lock.groups)[0] ?? [];
      delete (group as Record<string, unknown>)[key];
      const file = path.join(dir, `no-${key}.lock`);
      writeFileSync(file, JSON.stringify(lock, null, 2));
      const read = readLockFile(file);
      expect(read.ok ? '' : read.message).toContain(`groups.${gid}.${key}: expected a number, got nothing`);
    }
  });
});

describe('a lock row without its invoke keys (QA180)', () => {
  it('is refused at its line, not a TypeError in plan, apply and report', () => {
    const text = readFileSync(path.join(REPO_ROOT, 'tests/fixtures/locks/single-dataset-base.lock'), 'utf8');
    const lock = JSON.parse(text) as { results: Record<string, unknown>[] };
    delete lock.results[0]?.invoke;
    const file = path.join(dir, 'no-invoke.lock');
    writeFileSync(file, JSON.stringify(lock, null, 2));
    const read = readLockFile(file);
    expect(read.ok ? '' : read.message).toContain('results[0].invoke: expected a list, got nothing');
  });
});

describe('run settings and volatile figures of the wrong type (QA180)', () => {
  it('are refused naming the field, not printed as undefined, [object Object] or NaN', () => {
    const cases: [string, (lock: Record<string, Record<string, unknown>>) => void, string][] = [
      ['repeats-gone', (l) => delete l.run?.repeats, 'run.repeats: expected a number, got nothing'],
      [
        'seed-object',
        (l) => ((l.run as Record<string, unknown>).seed = {}),
        'run.seed: expected a number, got an object',
      ],
      [
        'alpha-object',
        (l) => ((l.run as Record<string, unknown>).significance = {}),
        'run.significance: expected a number, got an object',
      ],
      [
        'trace-text',
        (l) => ((l.run as Record<string, unknown>).trace = 'no'),
        'run.trace: expected true or false',
      ],
      [
        'duration-text',
        (l) => {
          for (const v of Object.values(l.volatile as Record<string, Record<string, unknown>>))
            v.durationMsMean = 'x';
        },
        '.durationMsMean: expected a number, got the string "x"',
      ],
    ];
    for (const [name, edit, message] of cases) {
      const lock = JSON.parse(
        readFileSync(path.join(REPO_ROOT, 'tests/fixtures/locks/single-dataset-base.lock'), 'utf8'),
      ) as Record<string, Record<string, unknown>>;
      edit(lock);
      const file = path.join(dir, `${name}.lock`);
      writeFileSync(file, JSON.stringify(lock, null, 2));
      const read = readLockFile(file);
      expect(read.ok ? name : read.message, name).toContain(message);
    }
  });
});

describe('an agent or judge pin whose other fields are of another type (QA180)', () => {
  it('is refused naming the field, not a TypeError in apply --locked or a discovery failure', () => {
    const base = readFileSync(path.join(REPO_ROOT, 'tests/fixtures/locks/course-advisor.lock'), 'utf8');
    const cases: [string, string, string, unknown, string][] = [
      ['schema-digest', 'agents', 'schemaDigest', 5, 'schemaDigest: expected a string, got the number 5'],
      ['etag', 'agents', 'etag', {}, 'etag: expected a string, got an object'],
      ['settings', 'agents', 'settings', 'x', 'settings: expected an object, got the string "x"'],
      ['rubric-version', 'judges', 'rubricVersion', 1, 'rubricVersion: expected a string, got the number 1'],
    ];
    for (const [name, key, field, value, message] of cases) {
      const lock = JSON.parse(base) as Record<string, Record<string, Record<string, unknown>>>;
      const [id, pin] = Object.entries(lock[key] ?? {})[0] ?? [];
      (pin as Record<string, unknown>)[field] = value;
      const file = path.join(dir, `pin-${name}.lock`);
      writeFileSync(file, JSON.stringify(lock, null, 2));
      const read = readLockFile(file);
      expect(read.ok ? name : read.message, name).toContain(`${key}.${id}.${message}`);
    }
  });
});

describe("the run's step summary of the wrong shape (QA180)", () => {
  it('is refused naming the field, not quoted as "0[object Object] recorded errors"', () => {
    const base = readFileSync(path.join(REPO_ROOT, 'pipelines/course-advisor/evalc.lock'), 'utf8');
    const cases: [string, unknown, string][] = [
      ['semantic_mismatch', {}, 'steps.errors.semantic_mismatch: expected a whole number ≥ 0, got an object'],
      [
        'semantic_mismatch',
        'text',
        'steps.errors.semantic_mismatch: expected a whole number ≥ 0, got the string',
      ],
    ];
    for (const [kind, value, message] of cases) {
      const lock = JSON.parse(base) as { steps: { errors: Record<string, unknown> } };
      lock.steps.errors[kind] = value;
      const file = path.join(dir, 'steps.lock');
      writeFileSync(file, JSON.stringify(lock, null, 2));
      const read = readLockFile(file);
      expect(read.ok ? '' : read.message).toContain(message);
    }
    const lock = JSON.parse(base) as { steps?: unknown };
    delete lock.steps;
    writeFileSync(path.join(dir, 'no-steps.lock'), JSON.stringify(lock, null, 2));
    expect(readLockFile(path.join(dir, 'no-steps.lock')).ok).toBe(true);
  });
});

describe('an aggregate score outside [0, 1] (QA180)', () => {
  it('is refused as a row score outside [0, 1] is; a measurement keeps its size', () => {
    const base = readFileSync(path.join(REPO_ROOT, 'pipelines/course-advisor/evalc.lock'), 'utf8');
    const lock = JSON.parse(base) as { aggregates: Record<string, Record<string, Record<string, Json>>> };
    const agg = lock.aggregates.benchmark?.a1?.pass_rate as Json;
    agg.mean = 5;
    writeFileSync(path.join(dir, 'agg-5.lock'), JSON.stringify(lock, null, 2));
    const read = readLockFile(path.join(dir, 'agg-5.lock'));
    expect(read.ok ? '' : read.message).toContain(
      'aggregates.benchmark.a1.pass_rate.mean: expected a score in [0, 1] or null, got the number 5',
    );
    agg.mean = 0.5;
    agg.ci = [0.2, 1.5];
    writeFileSync(path.join(dir, 'agg-ci.lock'), JSON.stringify(lock, null, 2));
    const ci = readLockFile(path.join(dir, 'agg-ci.lock'));
    expect(ci.ok ? '' : ci.message).toContain('pass_rate.ci: expected a range within [0, 1], got [0.2, 1.5]');
    agg.measure = 'value';
    agg.mean = 1234;
    agg.ci = [1000, 1500];
    writeFileSync(path.join(dir, 'agg-measure.lock'), JSON.stringify(lock, null, 2));
    expect(readLockFile(path.join(dir, 'agg-measure.lock')).ok).toBe(true);
  });
});

type Json = Record<string, unknown>;
