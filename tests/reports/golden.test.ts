/**
 * Golden files of the course-advisor fixture (tests/fixtures/locks/course-advisor.ts).
 * Regenerate deliberately with `UPDATE_GOLDEN=1 npx vitest run tests/reports/golden.test.ts`
 * (also rewrites the fixture .lock files); review the diff before committing.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { serializeLock } from '../../src/lockfile/serialize.js';
import { renderReports } from '../../src/reports/index.js';
import { buildRationales, buildTrajectories } from '../fixtures/locks/course-advisor.js';
import { a2WorseLock, a3RegressedLock, baselineLock } from '../fixtures/locks/variants.js';
import { validateJunit } from './junit-schema.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const goldenDir = path.join(here, 'golden');
const locksDir = path.join(here, '..', 'fixtures', 'locks');
const root = path.join(here, '..', '..');
const update = process.env.UPDATE_GOLDEN === '1';

function golden(dir: string, name: string, actual: string): void {
  // `.golden` keeps the formatter away from the files (biome would reformat report.json).
  const file = path.join(dir, dir === goldenDir ? `${name}.golden` : name);
  if (update) {
    mkdirSync(dir, { recursive: true });
    writeFileSync(file, actual);
    return;
  }
  expect(actual, `${name} differs from its golden file (UPDATE_GOLDEN=1 to regenerate)`).toBe(
    readFileSync(file, 'utf8'),
  );
}

function render() {
  const lock = baselineLock();
  return renderReports({
    lock,
    trajectories: buildTrajectories(lock),
    judgeRationales: buildRationales(lock),
  });
}

function schema(name: string) {
  return JSON.parse(readFileSync(path.join(root, 'schemas', name), 'utf8')) as object;
}

describe('golden reports of the course-advisor fixture', () => {
  it('keeps the committed fixture lockfiles in sync with their builder', () => {
    golden(locksDir, 'course-advisor.lock', serializeLock(baselineLock()));
    golden(locksDir, 'course-advisor.a2-worse.lock', serializeLock(a2WorseLock()));
    golden(locksDir, 'course-advisor.a3-regressed.lock', serializeLock(a3RegressedLock()));
  });

  it('matches report.md, junit.xml and report.json', () => {
    const out = render();
    golden(goldenDir, 'report.md', out['report.md']);
    golden(goldenDir, 'junit.xml', out['junit.xml']);
    golden(goldenDir, 'report.json', out['report.json']);
  });

  it('matches report.md with a baseline where a2 fails three more examples', () => {
    const lock = a2WorseLock();
    const out = renderReports({ lock, baseline: baselineLock() });
    golden(goldenDir, 'report-vs-baseline.md', out['report.md']);
  });

  it('puts the verdict and the failing gate first in report.md', () => {
    const md = render()['report.md'];
    const lines = md.split('\n');
    // a3 passes 9/12, 6/9 and 5/9: (0.75 + 0.667 + 0.556) / 3 = 0.657 < 0.75; a1, a2 pass.
    expect(lines[0]).toBe('## ❌ evalc — course-advisor 1.0.0: 1 of 6 gates failed');
    const failing = md.indexOf('### ❌ Failing gates (1)');
    expect(failing).toBeGreaterThan(0);
    expect(md.indexOf('| ❌ | `pass_rate` | `a3` | `benchmark` | min | 0.657 |')).toBeGreaterThan(failing);
    expect(md.indexOf('### Scores')).toBeGreaterThan(failing);
    // a1 fails search-05, details-03, paths-02: (11/12 + 8/9 + 8/9) / 3 = 0.898.
    expect(md).toContain('| **benchmark** | 0.898 [0.82, 0.98] |');
    expect(md.split('<details>').length).toBe(md.split('</details>').length);
  });

  it('writes a JUnit file that the JUnit schema rules accept, with hand-counted totals', () => {
    const { tests, failures, errors, suites } = validateJunit(render()['junit.xml']);
    // Per agent: search 12 × 4 gated metrics + details 9 × 4 + paths 9 × 5 = 129; × 3 agents + 6 gates.
    expect(tests).toBe(129 * 3 + 6);
    // a1 10, a2 20, a3 31 failed metric checks (see FAILS) + the failing a3 gate.
    expect(failures).toBe(10 + 20 + 31 + 1);
    // a3 details-07 timed out: its 4 gated metrics are errors.
    expect(errors).toBe(4);
    expect(suites.map((s) => s.attributes.name)).toEqual([
      'gates',
      'a1/details/course-details',
      'a1/paths/career-paths',
      'a1/search/course-search',
      'a2/details/course-details',
      'a2/paths/career-paths',
      'a2/search/course-search',
      'a3/details/course-details',
      'a3/paths/career-paths',
      'a3/search/course-search',
    ]);
  });

  it('writes report.json valid against schemas/report.schema.json, with and without a baseline', () => {
    const ajv = new Ajv2020({ allErrors: true, strict: false });
    const validate = ajv.compile(schema('report.schema.json'));
    const plain = JSON.parse(render()['report.json']) as unknown;
    expect(validate(plain), JSON.stringify(validate.errors)).toBe(true);
    const compared = JSON.parse(
      renderReports({ lock: a2WorseLock(), baseline: baselineLock() })['report.json'],
    );
    expect(validate(compared), JSON.stringify(validate.errors)).toBe(true);
    expect(compared.diff.summary.passToFail).toBe(3);
    const broken = { ...(plain as Record<string, unknown>), verdict: { passed: 'yes' } };
    expect(validate(broken)).toBe(false);
  });

  it('has fixture lockfiles (and the demo lockfile, when present) valid against schemas/lock.schema.json', () => {
    const ajv = new Ajv2020({ allErrors: true, strict: false });
    const validate = ajv.compile(schema('lock.schema.json'));
    for (const lock of [baselineLock(), a2WorseLock(), a3RegressedLock()]) {
      expect(validate(JSON.parse(serializeLock(lock))), JSON.stringify(validate.errors)).toBe(true);
    }
    const demo = path.join(root, 'pipelines', 'course-advisor', 'evalc.lock');
    let text: string | undefined;
    try {
      text = readFileSync(demo, 'utf8');
    } catch {
      text = undefined;
    }
    if (text !== undefined) expect(validate(JSON.parse(text)), JSON.stringify(validate.errors)).toBe(true);
    const bad = JSON.parse(serializeLock(baselineLock()));
    bad.results[0].metrics.codes_match.score = 2;
    expect(validate(bad)).toBe(false);
  });
});
