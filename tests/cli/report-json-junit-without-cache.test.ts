/**
 * `evalc report` from a lock whose cache is not at hand said so in report.md and report.html only
 * (QA261, QA270): report.json's null trajectories and junit.xml's bare failures read, to a program
 * or a CI page, as if the agents had said nothing. report.json now carries `withoutCache: true`
 * (in its schema) and each junit testsuite an `evalc.withoutCache` property; with the cache, neither.
 */
import { copyFileSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { renderReports } from '../../src/reports/index.js';
import { baselineLock } from '../fixtures/locks/variants.js';
import { tempFolder } from '../fixtures/temp-folder.js';
import { REPO_ROOT, spawnCli } from './run-cli.js';

const FIXTURE_LOCK = path.join(REPO_ROOT, 'tests/fixtures/locks/single-dataset-base.lock');
const PROPERTY = `<property name="evalc.withoutCache" value="rendered without the run's cache: no answers, failure reasons or trajectories"/>`;
const schema = JSON.parse(readFileSync(path.join(REPO_ROOT, 'schemas/report.schema.json'), 'utf8'));
const validate = new Ajv2020({ strict: false, allErrors: true }).compile(schema);

describe("report.json and junit.xml rendered without the run's cache", () => {
  it('say so when evalc report finds no cache (real process), report.json still valid', () => {
    const dir = tempFolder('evalc-report-no-cache-');
    copyFileSync(FIXTURE_LOCK, path.join(dir, 'evalc.lock'));
    const result = spawnCli(['report'], { cwd: dir });
    expect(result.code).toBe(0);
    const json = JSON.parse(readFileSync(path.join(dir, '.evalc/reports/report.json'), 'utf8'));
    expect(json.withoutCache).toBe(true);
    expect(validate(json), JSON.stringify(validate.errors)).toBe(true);
    const junit = readFileSync(path.join(dir, '.evalc/reports/junit.xml'), 'utf8');
    const suites = junit.match(/<testsuite /g) ?? [];
    expect(suites.length).toBeGreaterThan(0);
    expect(junit.split(PROPERTY).length - 1).toBe(suites.length);
    expect(junit).toMatch(/<testsuite [^>]*>\n {4}<properties>\n {6}<property name="evalc\.withoutCache"/);
  });

  it('say nothing of the kind when the renderer is not told the cache is missing', () => {
    const reports = renderReports({ lock: baselineLock() });
    const json = JSON.parse(reports['report.json']);
    expect('withoutCache' in json).toBe(false);
    expect(validate(json), JSON.stringify(validate.errors)).toBe(true);
    expect(reports['junit.xml']).not.toContain('<properties>');
    const without = renderReports({ lock: baselineLock(), withoutCache: true });
    expect(JSON.parse(without['report.json']).withoutCache).toBe(true);
    expect(without['junit.xml']).toContain(PROPERTY);
  });
});
