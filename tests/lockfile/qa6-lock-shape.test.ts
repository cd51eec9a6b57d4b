/**
 * A lockfile of the wrong shape (a results row without `metrics`, a list, an aggregate without
 * `n`) or from a newer evalc is a clear one-line error naming the file, the row's line and the
 * field, never a TypeError out of plan/diff/report (QA6: a row without `metrics` crashed all four
 * commands with a stack trace; a `lockVersion: 2` lock was read, and rewritten, as version 1).
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readLockFile, readLockHeader, writeLockFile } from '../../src/lockfile/serialize.js';
import { REPO_ROOT, spawnCli } from '../cli/run-cli.js';

const GOOD = path.join(REPO_ROOT, 'tests/fixtures/locks/single-dataset-base.lock');
const goodText = readFileSync(GOOD, 'utf8');
const dir = mkdtempSync(path.join(tmpdir(), 'qa6-lock-shape-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The good lockfile with `edit` applied to its parsed JSON, written in its own line layout. */
function writeEdited(name: string, edit: (lock: Record<string, unknown>) => void): string {
  const lock = JSON.parse(goodText) as Record<string, unknown>;
  edit(lock);
  const file = path.join(dir, name);
  writeFileSync(file, JSON.stringify(lock, null, 2));
  return file;
}

/** The good lockfile with the results row on `line` (1-based) replaced by `row`, layout kept. */
function writeRowEdited(name: string, line: number, row: (r: Record<string, unknown>) => void): string {
  const lines = goodText.split('\n');
  const text = lines[line - 1] ?? '';
  const comma = text.trimEnd().endsWith(',');
  const parsed = JSON.parse(text.trim().replace(/,$/, '')) as Record<string, unknown>;
  row(parsed);
  lines[line - 1] = `    ${JSON.stringify(parsed)}${comma ? ',' : ''}`;
  const file = path.join(dir, name);
  writeFileSync(file, lines.join('\n'));
  return file;
}

const resultsLine = goodText.split('\n').indexOf('  "results": [') + 1;

describe('reading a lockfile of the wrong shape', () => {
  it('reads the untouched fixture lockfile (the check accepts what apply writes)', () => {
    expect(readLockFile(GOOD).ok).toBe(true);
    expect(readLockHeader(GOOD).ok).toBe(true);
  });

  it('names the line and the field of a results row without metrics', () => {
    expect(resultsLine).toBe(110); // checked by hand in the fixture
    const file = writeRowEdited('no-metrics.lock', resultsLine + 3, (r) => {
      delete r.metrics;
    });
    const read = readLockFile(file);
    expect(read.ok).toBe(false);
    if (read.ok) return;
    expect(read.missing).toBe(false);
    expect(read.message).toBe(
      `${file}:113 is not an evalc lockfile: results[2].metrics: expected an object, got nothing (restore it from git, or delete it and run \`evalc apply\` to re-create it)`,
    );
  });

  it('rejects a row whose score is text and a row that is not an object', () => {
    const text = writeRowEdited('score-text.lock', resultsLine + 1, (r) => {
      const metrics = r.metrics as Record<string, Record<string, unknown>>;
      const first = Object.keys(metrics)[0] ?? '';
      (metrics[first] as Record<string, unknown>).score = 'high';
    });
    const read = readLockFile(text);
    expect(read.ok ? '' : read.message).toMatch(
      /:111 is not an evalc lockfile: results\[0\]\.metrics\.\S+\.score: expected a number or null, got the string "high"/,
    );
    const list = writeEdited('row-list.lock', (l) => {
      (l.results as unknown[])[0] = [1, 2];
    });
    expect(readLockFile(list).ok ? '' : (readLockFile(list) as { message: string }).message).toContain(
      'results[0]: expected an object, got a list',
    );
  });

  it('rejects an aggregate without n and a lockfile that is a JSON list, also when reading only the pins', () => {
    const agg = writeEdited('agg.lock', (l) => {
      const byScope = l.aggregates as Record<string, Record<string, Record<string, Record<string, unknown>>>>;
      const bench = byScope.benchmark ?? {};
      const agent = Object.values(bench)[0] ?? {};
      const metric = Object.keys(agent)[0] ?? '';
      delete (agent[metric] as Record<string, unknown>).n;
    });
    const header = readLockHeader(agg);
    expect(header.ok ? '' : header.message).toMatch(
      /is not an evalc lockfile: aggregates\.benchmark\.a1\.\S+\.n: expected a number, got nothing/,
    );
    const list = path.join(dir, 'list.lock');
    writeFileSync(list, '[1, 2, 3]\n');
    const read = readLockFile(list);
    expect(read.ok ? '' : read.message).toContain(
      'is not an evalc lockfile: expected a JSON object, got a list',
    );
  });

  it('names the field of a gate, a benchmark id, a group and an aggregate ci of the wrong type (each crashed report or diff)', () => {
    const cases: [string, (l: Record<string, unknown>) => void, string][] = [
      [
        'gate.lock',
        (l) => ((l.gates as unknown[])[0] = { metric: 1 }),
        'gates[0].metric: expected a string, got the number 1',
      ],
      [
        'bench.lock',
        (l) => ((l.plan as Record<string, unknown>).benchmark = { id: 5, version: '1' }),
        'plan.benchmark.id: expected a string, got the number 5',
      ],
      [
        'group.lock',
        (l) => {
          const groups = l.groups as Record<string, Record<string, unknown>>;
          const first = Object.values(groups)[0] ?? {};
          first.agent = { q: 1 };
        },
        '.agent: expected a string, got an object',
      ],
      [
        'ci.lock',
        (l) => {
          const byScope = l.aggregates as Record<
            string,
            Record<string, Record<string, Record<string, unknown>>>
          >;
          const metric = Object.values(byScope.benchmark?.a1 ?? {})[0] ?? {};
          metric.ci = [0.1, null];
        },
        '.ci: expected null or [low, high], got a list',
      ],
      [
        // QA173: plan and apply --locked quoted it, and stopped on 'internal error: TypeError'
        'source.lock',
        (l) => {
          const datasets = l.datasets as Record<string, Record<string, unknown>>;
          for (const d of Object.values(datasets)) delete d.source;
        },
        '.source: expected a string, got nothing',
      ],
    ];
    for (const [name, edit, message] of cases) {
      const read = readLockFile(writeEdited(name, edit));
      expect(read.ok ? '' : read.message).toContain(message);
    }
  });

  it('refuses a lockfile from a newer evalc (lockVersion or language above this one)', () => {
    const newer = writeEdited('newer.lock', (l) => {
      l.lockVersion = 2;
      l.evalc = '9.0.0';
    });
    for (const read of [readLockFile(newer), readLockHeader(newer)]) {
      expect(read.ok ? '' : read.message).toBe(
        `${newer}: written by evalc 9.0.0 (lockVersion 2); this evalc reads lockVersion 1: upgrade evalc, or delete it and run \`evalc apply\` to re-create it`,
      );
    }
    const language = writeEdited('language.lock', (l) => {
      l.language = 3;
    });
    expect(readLockFile(language).ok).toBe(false);
  });
});

describe('the CLI with a lockfile of the wrong shape (real process)', () => {
  const broken = writeRowEdited('evalc.lock', resultsLine + 3, (r) => {
    delete r.metrics;
  });

  it('diff and report exit 1 with the file:line message and no stack trace', () => {
    for (const args of [
      ['diff', GOOD, broken],
      ['report', '--from', broken, '--out', path.join(dir, 'reports')],
    ]) {
      const r = spawnCli(args, { cwd: dir });
      expect(r.code).toBe(1);
      expect(r.stderr).toContain(`${broken}:113 is not an evalc lockfile: results[2].metrics`);
      expect(r.stderr).not.toMatch(/^\s+at |TypeError|internal error/m);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
    }
  });

  it('diff refuses a lockfile from a newer evalc instead of comparing it', () => {
    const newer = writeEdited('newer-cli.lock', (l) => {
      l.lockVersion = 2;
    });
    const r = spawnCli(['diff', GOOD, newer], { cwd: dir });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('(lockVersion 2); this evalc reads lockVersion 1');
    expect(r.stdout).toBe('');
  });
});

describe('writing the lockfile where it cannot go', () => {
  it('leaves no evalc.lock.tmp-<pid> file when the rename fails (evalc.lock is a folder)', () => {
    const target = mkdtempSync(path.join(tmpdir(), 'qa6-lock-write-'));
    try {
      mkdirSync(path.join(target, 'evalc.lock'));
      writeFileSync(path.join(target, 'evalc.lock', 'x'), 'keep');
      const lock = JSON.parse(goodText);
      expect(() => writeLockFile(path.join(target, 'evalc.lock'), lock)).toThrow();
      expect(readdirSync(target)).toEqual(['evalc.lock']);
    } finally {
      rmSync(target, { recursive: true, force: true });
    }
  });
});
