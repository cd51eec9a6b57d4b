/**
 * QA169: report.html's drill-down shows a judge metric's error beside its rationale. With
 * `run.repeats` > 1 a judge that scored two repeats and failed the third (a 500 `judge_error`)
 * has both; the "why it failed" cell showed the rationale of a scored repeat alone, so the
 * example read `error` with no error in sight (report.md and junit.xml say it). Chromium, offline.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { renderReports } from '../../src/reports/index.js';
import { baselineLock } from '../fixtures/locks/variants.js';

const CHROMIUM = '/usr/bin/chromium';
const here = path.dirname(fileURLToPath(import.meta.url));
const outDir = path.join(here, '..', '..', 'test-output', 'reports-html');

describe.skipIf(!existsSync(CHROMIUM))('report.html: a judge error beside a rationale', () => {
  it('shows both in the drill-down', async () => {
    const lock = baselineLock();
    lock.run.repeats = 2;
    const row = lock.results.find((r) => r.group === 'a1/search/course-search' && r.metrics.judge)!;
    const key = row.invoke[0]!;
    row.invoke = [key, `${key.slice(0, -1)}1`];
    const judge = row.metrics.judge!;
    const [k1, k2] = ['k1:judge-repeat-1', 'k1:judge-repeat-2'];
    judge.keys = [k1, k2];
    delete judge.key;
    judge.error = 'judge_error';
    judge.errors = 1;
    judge.pass = false;
    row.pass = false;
    mkdirSync(outDir, { recursive: true });
    const file = path.join(outDir, 'report-qa169-judge-error.html');
    writeFileSync(
      file,
      renderReports({
        lock,
        judgeRationales: { [k1]: 'Answers the question asked.' },
        failureDetails: { [k2]: { error: { kind: 'judge_error', message: 'verdict engine choked' } } },
      })['report.html'],
    );
    const browser = await chromium.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: ['--no-sandbox'],
    });
    try {
      const page = await browser.newPage();
      await page.goto(pathToFileURL(file).href);
      await page.click(`#examples-table tbody tr[data-id="${row.group}/${row.example}"]`);
      const cells = await page.locator('#viewer td.rationale').allTextContents();
      const cell = cells.find((c) => c.includes('Answers the question asked.'));
      expect(cell).toContain('verdict engine choked');
    } finally {
      await browser.close();
    }
  }, 120_000);
});
