/**
 * QA177: a dataset pin without its sha256 (a hand-edited evalc.lock) stopped `evalc apply --locked`
 * on 'evalc: internal error: TypeError: Cannot read properties of undefined (reading 'slice')' (in
 * datasetDrift), as one without its source did plan before 2e5e04a. Every field lock.schema.json
 * requires of a pin (source, format, sha256, examples) is now checked as the lock's other shape
 * problems are, and so is an agent or judge pin's or a group metric's digest when it is no string (a
 * digest of null or 5 stopped `evalc diff` on 'TypeError: newDigest.slice is not a function'); every lock evalc has
 * written (the fixtures, the demo's) still reads.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readLockFile } from '../../src/lockfile/serialize.js';
import { REPO_ROOT } from '../cli/run-cli.js';

const LOCKS = path.join(REPO_ROOT, 'tests/fixtures/locks');
const GOOD = path.join(LOCKS, 'single-dataset-base.lock');
const dir = mkdtempSync(path.join(tmpdir(), 'qa177-dataset-pin-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function withPin(name: string, edit: (pin: Record<string, unknown>) => void): string {
  const lock = JSON.parse(readFileSync(GOOD, 'utf8')) as {
    datasets: Record<string, Record<string, unknown>>;
  };
  for (const pin of Object.values(lock.datasets)) edit(pin);
  const file = path.join(dir, name);
  writeFileSync(file, JSON.stringify(lock, null, 2));
  return file;
}

describe('a dataset pin of the wrong shape (QA177)', () => {
  it('is refused naming the field, for each field a pin records', () => {
    const cases: [string, (pin: Record<string, unknown>) => void, string][] = [
      ['sha256.lock', (p) => delete p.sha256, '.sha256: expected a string, got nothing'],
      ['format.lock', (p) => delete p.format, '.format: expected a string, got nothing'],
      ['examples.lock', (p) => delete p.examples, '.examples: expected a whole number ≥ 0, got nothing'],
      ['examples-text.lock', (p) => (p.examples = '3'), '.examples: expected a whole number ≥ 0, got'],
      ['sha-number.lock', (p) => (p.sha256 = 5), '.sha256: expected a string, got the number 5'],
    ];
    for (const [name, edit, message] of cases) {
      const read = readLockFile(withPin(name, edit));
      expect(read.ok ? '' : read.message).toContain(message);
    }
  });

  it('an agent or judge pin whose digest is not a string is refused, not a TypeError in diff', () => {
    const lock = JSON.parse(readFileSync(GOOD, 'utf8')) as Record<
      string,
      Record<string, Record<string, unknown>>
    >;
    const agents = lock.agents as Record<string, Record<string, unknown>>;
    const [id] = Object.keys(agents);
    for (const [name, value, got] of [
      ['null', null, 'null'],
      ['number', 5, 'the number 5'],
    ] as const) {
      (agents[id as string] as Record<string, unknown>).digest = value;
      const file = path.join(dir, `agent-digest-${name}.lock`);
      writeFileSync(file, JSON.stringify(lock, null, 2));
      const read = readLockFile(file);
      expect(read.ok ? '' : read.message).toContain(`agents.${id}.digest: expected a string, got ${got}`);
    }
    lock.agents = {};
    lock.judges = { j: { protocol: 'agent-eval', endpoint: 'node judge.mjs', digest: null } };
    const file = path.join(dir, 'judge-digest.lock');
    writeFileSync(file, JSON.stringify(lock, null, 2));
    const read = readLockFile(file);
    expect(read.ok ? '' : read.message).toContain('judges.j.digest: expected a string, got null');
  });

  it("a group metric's digest that is no string is refused, not a TypeError in diff", () => {
    const lock = JSON.parse(readFileSync(GOOD, 'utf8')) as {
      groups: Record<string, { metrics: Record<string, Record<string, unknown>> }>;
    };
    const [gid, group] = Object.entries(lock.groups)[0] ?? [];
    const [mid, m] = Object.entries(group?.metrics ?? {})[0] ?? [];
    (m as Record<string, unknown>).digest = 5;
    const file = path.join(dir, 'metric-digest.lock');
    writeFileSync(file, JSON.stringify(lock, null, 2));
    const read = readLockFile(file);
    expect(read.ok ? '' : read.message).toContain(
      `groups.${gid}.metrics.${mid}.digest: expected a string, got the number 5`,
    );
  });

  it('every lock evalc wrote still reads', () => {
    const files = readdirSync(LOCKS)
      .filter((f) => f.endsWith('.lock'))
      .map((f) => path.join(LOCKS, f));
    files.push(path.join(REPO_ROOT, 'pipelines/course-advisor/evalc.lock'));
    for (const dirName of ['', 'notrace', 'aggregate-only'])
      files.push(path.join(REPO_ROOT, 'tests/fixtures/qa77-upgrade', dirName, 'evalc.lock'));
    expect(files.length).toBeGreaterThan(5);
    for (const file of files) {
      const read = readLockFile(file);
      expect(read.ok ? file : `${file}: ${read.message}`).toBe(file);
    }
  });
});
